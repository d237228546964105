"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cx } from "@/components/ui";

const tabs = [
  { segment: "launch", label: "Launch" },
  { segment: "pack", label: "Pack" },
  { segment: "playbook", label: "Playbook" },
  { segment: "growth", label: "Growth" },
  { segment: "results", label: "Results" },
  { segment: "settings", label: "Settings" },
] as const;

/**
 * The project's sections as tabs, switched on the client (each tab's loading skeleton is
 * prefetched; its data is always fresh: a full prefetch would be kept for 5 minutes); the
 * current one is marked for screen readers too.
 */
export function ProjectTabs({ projectId }: { projectId: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Project" className="-mx-4 mb-8 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-1">
        {tabs.map((tab) => {
          const href = `/projects/${projectId}/${tab.segment}`;
          const current = pathname === href || pathname.startsWith(`${href}/`);
          return (
            <li key={tab.segment}>
              <Link
                href={href}
                aria-current={current ? "page" : undefined}
                className={cx(
                  "-mb-px inline-block border-b-2 px-3 py-2.5 text-[15px] whitespace-nowrap no-underline hover:no-underline",
                  current ? "border-accent font-medium text-ink" : "border-transparent text-muted hover:text-ink",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
