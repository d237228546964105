import type { ReactNode } from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** The public site's frame (marketing, sign-in, consent, shared packs): its header, the page, its footer. */
export function SiteFrame({ signOut, children }: { signOut: () => Promise<void>; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader signOut={signOut} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
