import { cookies, headers } from "next/headers";
import type { ReactNode } from "react";
import { planNeeds } from "@/components/plan-needs";
import { AppShell } from "@/components/shell/app-shell";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { DateSettingsProvider, timeZoneCookie } from "@/components/ui/when";
import type { currentBrowserSession } from "@/lib/actions/browser-session";
import { readOperation } from "@/lib/actions/run-operation";
import { supportedLocale, supportedTimeZone } from "@/lib/i18n/dates";
import { entitlementsOf } from "@/lib/limits/plans";
import { listProjects } from "@/lib/operations/projects";
import { signOutAction } from "../(auth)/actions";

type Session = NonNullable<Awaited<ReturnType<typeof currentBrowserSession>>>;

/**
 * The app shell around a signed-in page: the dashboard's pages, and the 404 when a signed-in
 * founder meets one. Dates render in the request's locale and the zone the browser last told
 * (UTC on a first visit), so the server's and the browser's first render agree.
 */
export async function SignedInFrame({ session, children }: { session: Session; children: ReactNode }) {
  const { projects } = await readOperation(listProjects);
  const shellProjects = [...projects]
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map((project) => ({ id: project.id, name: project.name, status: project.status }));
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const locale = supportedLocale((headerStore.get("accept-language") ?? "").split(",")) ?? "en-US";
  const timeZone = supportedTimeZone(cookieStore.get(timeZoneCookie)?.value) ?? "UTC";
  return (
    <DateSettingsProvider locale={locale} timeZone={timeZone} now={Date.now()}>
      <AppShell
        projects={shellProjects}
        email={session.account.email}
        plan={session.account.plan}
        needs={planNeeds(entitlementsOf(session.account), projects.length)}
        signOut={signOutAction}
        tools={<ThemeToggle />}
      >
        {children}
      </AppShell>
    </DateSettingsProvider>
  );
}
