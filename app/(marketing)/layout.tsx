import type { ReactNode } from "react";
import { SiteFrame } from "@/components/site-frame";
import { signOutAction } from "../(auth)/actions";

export default function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <SiteFrame signOut={signOutAction}>
      <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">{children}</div>
    </SiteFrame>
  );
}
