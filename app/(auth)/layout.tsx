import type { ReactNode } from "react";
import { SiteFrame } from "@/components/site-frame";
import { signOutAction } from "./actions";

/** Sign-up, sign-in and password pages: one calm column. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <SiteFrame signOut={signOutAction}>
      <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">{children}</div>
    </SiteFrame>
  );
}
