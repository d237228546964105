import type { ReactNode } from "react";
import { projectStatusLabels, stepLabels } from "@/components/project/labels";
import { projectIdOf } from "@/components/project/project-id";
import { ProjectLogo } from "@/components/project/project-logo";
import { ProjectBreadcrumbs } from "@/components/shell/breadcrumbs";
import { PageErrorBoundary } from "@/components/shell/page-error-boundary";
import { Badge } from "@/components/ui";
import { projectLogoUrl } from "./logo-url";
import { readProject } from "./read-project";

/** Every project page: where it sits (breadcrumbs) and the project at a glance; the sections live in the shell's sidebar. */
export default async function ProjectLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ projectId: string }>;
}) {
  const projectId = await projectIdOf(params);
  const { project } = await readProject(projectId);
  const step = project.pipeline.currentStep;
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2">
        <ProjectLogo name={project.name} src={await projectLogoUrl(project.id)} size="sm" />
        <div className="min-w-0 flex-1">
          <ProjectBreadcrumbs projectId={project.id} projectName={project.name} />
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge tone={project.status === "onboarding" ? "warning" : project.status === "pipeline" ? "accent" : "success"}>
              {projectStatusLabels[project.status]}
            </Badge>
            {project.status === "pipeline" && step && <span>Current step: {stepLabels[step].title}</span>}
          </p>
        </div>
      </div>
      {/* A failing project page keeps the project's header above its error. */}
      <PageErrorBoundary>{children}</PageErrorBoundary>
    </>
  );
}
