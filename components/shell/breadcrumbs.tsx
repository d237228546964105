"use client";

import { usePathname } from "next/navigation";
import { Fragment } from "react";
import { projectSections } from "./nav-model";

const subPages: Record<string, string> = { history: "Earlier weeks" };

/** Where a project page sits: All projects › the project › its section › a sub-page (e.g. Growth › Earlier weeks). */
export function ProjectBreadcrumbs({ projectId, projectName }: { projectId: string; projectName: string }) {
  const pathname = usePathname();
  const [segment, sub] = pathname.slice(`/projects/${projectId}/`.length).split("/");
  const section = projectSections.find((entry) => entry.segment === segment);
  const trail: Array<{ label: string; href?: string }> = [
    { label: "All projects", href: "/dashboard" },
    { label: projectName, href: `/projects/${projectId}/launch` },
  ];
  if (section) trail.push({ label: section.label, href: sub ? `/projects/${projectId}/${section.segment}` : undefined });
  if (section && sub) trail.push({ label: subPages[sub] ?? sub });
  return (
    <nav aria-label="Breadcrumb" className="min-w-0 text-sm">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {trail.map((crumb, index) => (
          <Fragment key={crumb.label}>
            {index > 0 && (
              <li aria-hidden className="text-faint">
                /
              </li>
            )}
            <li className="max-w-[16rem] truncate">
              {crumb.href && index < trail.length - 1 ? (
                <a href={crumb.href} className="text-muted no-underline hover:text-ink hover:underline">
                  {crumb.label}
                </a>
              ) : (
                <span aria-current="page" className="font-medium text-ink">
                  {crumb.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
