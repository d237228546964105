import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { currentBrowserSession } from "@/lib/actions/browser-session";
import { requestedPathHeader, signInFor } from "@/lib/http/requested-path";
import { SignedInFrame } from "./signed-in-frame";

/**
 * Every dashboard page needs a signed-in browser (a signed-out visit signs in, then comes back
 * to the page it asked for); it lives in the app shell (sidebar, top bar), not the marketing site's frame.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await currentBrowserSession();
  if (!session) redirect(signInFor((await headers()).get(requestedPathHeader)));
  return <SignedInFrame session={session}>{children}</SignedInFrame>;
}
