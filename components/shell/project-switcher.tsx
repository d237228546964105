"use client";

import { useEffect, useRef } from "react";
import { PlanBadge } from "@/components/plan-badge";
import { ProjectLogo } from "@/components/project/project-logo";
import { cx } from "@/components/ui";
import { projectHome, type ShellProject } from "./nav-model";

const item = "switcher-item";

/** Jumps between projects: a native disclosure listing every project, all projects and a way to add one. */
export function ProjectSwitcher({
  projects,
  current,
  newProjectNeeds,
}: {
  projects: ShellProject[];
  current: ShellProject | undefined;
  /** The plan a project beyond the limit needs, once the limit is reached. */
  newProjectNeeds?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (event: Event) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !menu.contains(event.target as Node)) menu.open = false;
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details ref={ref} className="relative" data-testid="project-switcher">
      <summary className="switcher-trigger">
        <ProjectLogo name={current?.name ?? "Projects"} size="sm" />
        <span className="min-w-0 flex-1 truncate font-medium">{current ? current.name : "Switch project"}</span>
        <span aria-hidden className="text-muted">
          ⇅
        </span>
      </summary>
      <div className="switcher-list">
        <ul aria-label="Projects">
          {projects.map((project) => (
            <li key={project.id}>
              <a
                href={projectHome(project)}
                className={cx(item, project.id === current?.id && "font-semibold")}
                aria-current={project.id === current?.id ? "true" : undefined}
              >
                <span className="truncate">{project.name}</span>
              </a>
            </li>
          ))}
        </ul>
        {projects.length > 0 && <hr className="my-1 border-line" />}
        <a href="/dashboard" className={item}>
          All projects
        </a>
        <a href="/projects/new" className={item}>
          Add a project
          {newProjectNeeds && <PlanBadge plan={newProjectNeeds} className="ml-auto" />}
        </a>
      </div>
    </details>
  );
}
