import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { currentBrowserSession } from "@/lib/actions/browser-session";

/** Every dashboard page needs a signed-in browser; pages then read through operations with its session. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  if (!(await currentBrowserSession())) redirect("/login");
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">{children}</div>;
}
