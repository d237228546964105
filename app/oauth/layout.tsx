import type { ReactNode } from "react";
import { SiteFrame } from "@/components/site-frame";
import { signOutAction } from "../(auth)/actions";

/** The consent page: one calm column, like the sign-in pages. */
export default function OAuthLayout({ children }: { children: ReactNode }) {
  return (
    <SiteFrame signOut={signOutAction}>
      <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">{children}</div>
    </SiteFrame>
  );
}
