import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { planNeeds } from "@/components/plan-needs";
import { AppShell } from "@/components/shell/app-shell";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { currentBrowserSession } from "@/lib/actions/browser-session";
import { readOperation } from "@/lib/actions/run-operation";
import { entitlementsOf } from "@/lib/limits/plans";
import { listProjects } from "@/lib/operations/projects";
import { signOutAction } from "../(auth)/actions";

/** Every dashboard page needs a signed-in browser; it lives in the app shell (sidebar, top bar), not the marketing site's frame. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await currentBrowserSession();
  if (!session) redirect("/login");
  const { projects } = await readOperation(listProjects);
  const shellProjects = [...projects]
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map((project) => ({ id: project.id, name: project.name, status: project.status }));
  return (
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
  );
}
