import type { ReactNode } from "react";
import { ProjectLogo } from "@/components/project/project-logo";
import { ProjectTabs } from "@/components/project/project-tabs";
import { projectStatusLabels, stepLabels } from "@/components/project/labels";
import { projectIdOf } from "@/components/project/project-id";
import { Badge } from "@/components/ui";
import { projectLogoUrl } from "./logo-url";
import { readProject } from "./read-project";

/** Every project page: the project's header (logo, name, status, current step) and its tabs. */
export default async function ProjectLayout({ children, params }: { children: ReactNode; params: Promise<{ projectId: string }> }) {
  const projectId = await projectIdOf(params);
  const { project } = await readProject(projectId);
  const step = project.pipeline.currentStep;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <a href="/dashboard" className="underline">Projects</a> <span aria-hidden className="text-faint">/</span> <span className="text-muted">{project.name}</span>
      </nav>
      <header className="mb-6 flex flex-wrap items-center gap-4">
        <ProjectLogo name={project.name} src={await projectLogoUrl(project.id)} />
        <div className="min-w-0 flex-1 space-y-1">
          <h1 className="truncate text-2xl font-semibold tracking-tight sm:text-3xl">{project.name}</h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge tone={project.status === "onboarding" ? "warning" : project.status === "pipeline" ? "accent" : "success"}>
              {projectStatusLabels[project.status]}
            </Badge>
            {project.status === "pipeline" && step && <span>Current step: {stepLabels[step].title}</span>}
          </p>
        </div>
      </header>
      <ProjectTabs projectId={project.id} />
      {children}
    </>
  );
}
