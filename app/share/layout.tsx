import type { ReactNode } from "react";
import { SiteFrame } from "@/components/site-frame";
import { signOutAction } from "../(auth)/actions";

/** A shared pack is read by people without an account: the public site's frame. */
export default function SharedLayout({ children }: { children: ReactNode }) {
  return <SiteFrame signOut={signOutAction}>{children}</SiteFrame>;
}
