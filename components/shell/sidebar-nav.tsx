"use client";

import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { PlanBadge } from "@/components/plan-badge";
import type { PlanNeeds } from "@/components/plan-needs";
import { cx } from "@/components/ui";
import { accountSections, isCurrent, projectIdInPath, projectSections, type ShellProject } from "./nav-model";
import { ProjectSwitcher } from "./project-switcher";

const link = "nav-link";

/** A spinner on the link the founder just clicked, at once, until the section's page (or its skeleton) is there. */
function PendingMark() {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span
      aria-hidden
      data-testid="nav-pending"
      className="ml-auto size-3.5 shrink-0 animate-spin rounded-full border-2 border-accent border-t-transparent"
    />
  );
}

function NavLink({ href, label, current, needs }: { href: string; label: string; current: boolean; needs?: string }) {
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={cx(link, current ? "bg-accent-soft font-medium text-accent-strong" : "text-ink")}
    >
      {label}
      {needs && <PlanBadge plan={needs} className="ml-auto" />}
      <PendingMark />
    </Link>
  );
}

/** The shell's navigation: the project switcher, the current project's sections, the account's settings. */
export function SidebarNav({ projects, needs = {} }: { projects: ShellProject[]; needs?: PlanNeeds }) {
  const pathname = usePathname();
  const projectId = projectIdInPath(pathname);
  const project = projects.find((entry) => entry.id === projectId);
  return (
    <div className="flex flex-col gap-6 p-3">
      <ProjectSwitcher projects={projects} current={project} newProjectNeeds={needs.moreProjects} />
      {project && (
        <nav aria-label="Project">
          <p className="nav-group-label">{project.name}</p>
          <ul className="space-y-0.5">
            {projectSections.map((section) => {
              const href = `/projects/${project.id}/${section.segment}`;
              return (
                <li key={section.segment}>
                  <NavLink
                    href={href}
                    label={section.label}
                    current={isCurrent(pathname, href)}
                    needs={section.segment === "growth" ? needs.growth : undefined}
                  />
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <nav aria-label="Your account">
        <p className="nav-group-label">Settings</p>
        <ul className="space-y-0.5">
          <li>
            <NavLink href="/dashboard" label="All projects" current={pathname === "/dashboard"} />
          </li>
          {accountSections.map((section) => (
            <li key={section.href}>
              <NavLink href={section.href} label={section.label} current={isCurrent(pathname, section.href)} />
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
