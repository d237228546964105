"use client";

import { usePathname, useRouter } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { AccountMenu } from "@/components/account-menu";
import type { PlanNeeds } from "@/components/plan-needs";
import { Brand } from "./brand";
import { CommandPalette } from "./command-palette";
import { CommandsProvider } from "./commands";
import { projectIdInPath, projectSections, type ShellProject } from "./nav-model";
import { PageErrorBoundary } from "./page-error-boundary";
import { ShortcutsSheet } from "./shortcuts-sheet";
import { SidebarNav } from "./sidebar-nav";

/**
 * The project's sections ahead of a click, as the sidebar's links do when they are in view:
 * each one's loading state (its data is read when it opens, never kept). Below 1024 px the
 * links sit in a closed menu, which no link prefetches from, so a tab would wait a round trip
 * for its skeleton. After the page's load, so it never competes with the page itself.
 */
function usePrefetchedSections(projectId: string | undefined) {
  const router = useRouter();
  useEffect(() => {
    if (!projectId) return;
    const prefetch = () => {
      for (const section of projectSections) router.prefetch(`/projects/${projectId}/${section.segment}`);
    };
    if (document.readyState === "complete") {
      const timer = setTimeout(prefetch, 0);
      return () => clearTimeout(timer);
    }
    window.addEventListener("load", prefetch, { once: true });
    return () => window.removeEventListener("load", prefetch);
  }, [projectId, router]);
}

/**
 * The signed-in frame: a sidebar from 1024 px (project switcher, the project's sections,
 * settings), a top bar with the account menu, and below 1024 px a menu button that opens
 * the same navigation over the page.
 */
export function AppShell({
  projects,
  email,
  plan,
  needs = {},
  signOut,
  tools,
  children,
}: {
  projects: ShellProject[];
  email: string;
  plan: string;
  needs?: PlanNeeds;
  signOut: () => Promise<void>;
  tools?: ReactNode;
  children: ReactNode;
}) {
  const pathname = usePathname();
  const [menuOpen, setMenuOpen] = useState(false);
  usePrefetchedSections(projectIdInPath(pathname));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <CommandsProvider>
      <div className="flex min-h-dvh w-full">
        <aside aria-label="Sidebar" className="hidden w-64 shrink-0 border-r border-line bg-surface lg:block">
          <div className="sticky top-0 flex h-dvh flex-col overflow-y-auto">
            <div className="flex h-14 shrink-0 items-center px-5">
              <Brand />
            </div>
            <SidebarNav projects={projects} needs={needs} />
          </div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
            <div className="flex h-14 items-center gap-2 px-4 sm:px-6">
              <button
                type="button"
                className="-ml-2 inline-flex h-10 items-center gap-2 rounded-lg px-2 text-[15px] font-medium hover:bg-sunken lg:hidden"
                aria-expanded={menuOpen}
                aria-controls="app-menu"
                onClick={() => setMenuOpen((open) => !open)}
              >
                <span aria-hidden className="text-lg leading-none">
                  {menuOpen ? "✕" : "☰"}
                </span>
                Menu
              </button>
              <span className="lg:hidden">
                <Brand compact />
              </span>
              <div className="ml-auto flex items-center gap-2">
                <CommandPalette projects={projects} />
                {tools}
                <AccountMenu email={email} plan={plan} signOut={signOut} />
              </div>
            </div>
          </header>
          {menuOpen && (
            <div
              id="app-menu"
              className="fixed inset-x-0 top-14 bottom-0 z-40 overflow-y-auto border-t border-line bg-surface lg:hidden"
            >
              <SidebarNav projects={projects} needs={needs} />
            </div>
          )}
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
            <PageErrorBoundary>{children}</PageErrorBoundary>
          </main>
        </div>
      </div>
      <ShortcutsSheet />
    </CommandsProvider>
  );
}
