import { AlertNotices } from "@/components/alerts/alert-notices";
import { GettingStarted } from "@/components/getting-started";
import { type FirstWeekProgress, furthestProject, gettingStarted } from "@/components/getting-started-steps";
import { PlanBadge } from "@/components/plan-badge";
import { planName } from "@/components/plan-name";
import { planNeeds } from "@/components/plan-needs";
import { projectStatusLabels, stepLabels } from "@/components/project/labels";
import { ProjectLogo } from "@/components/project/project-logo";
import { Badge, ButtonLink, Card, CardBody, CardHeader, EmptyState, Notice, PageHeader } from "@/components/ui";
import { When } from "@/components/ui/when";
import { readOperation } from "@/lib/actions/run-operation";
import { getMe } from "@/lib/operations/account";
import { listAlerts } from "@/lib/operations/alerts";
import { listCycles } from "@/lib/operations/growth";
import { listProjects } from "@/lib/operations/projects";
import { listConnections } from "@/lib/operations/publishing";

import { dismissAlertAction } from "./actions";

export const metadata = { title: "Dashboard" };

type Project = Awaited<ReturnType<typeof readOperation<typeof listProjects>>>["projects"][number];

/** Where a project stands, in a few words, and the link to its next step. */
function nextStepOf(project: Project): { text: string; href: string } {
  const base = `/projects/${project.id}`;
  if (project.status === "onboarding") return { text: "Confirm your answers to start", href: `${base}/launch` };
  if (project.status === "pipeline") {
    const step = project.pipeline.steps.find((entry) => entry.agentType === project.pipeline.currentStep);
    const title = step ? stepLabels[step.agentType].title : "Next step";
    const state = {
      pending: "ready to run",
      running: "running now",
      completed: "ready for your review",
      failed: "failed: run it again",
      rejected: "run it again with your feedback",
      approved: "approved",
    }[step?.status ?? "pending"];
    return { text: `${title}: ${state}`, href: `${base}/launch` };
  }
  if (project.status === "launch_ready") return { text: "Launch pack ready", href: `${base}/pack` };
  return { text: "Weekly growth loop", href: `${base}/growth` };
}

/** What the getting-started checklist ticks beyond the projects' status: a connected account, a planned and a closed week. */
async function firstWeekProgress(projects: Project[]): Promise<FirstWeekProgress> {
  const growing = projects.filter((entry) => entry.status === "growth");
  const furthest = furthestProject(projects);
  const [cycleLists, connected] = await Promise.all([
    // A project has one open week at most, so its newest two weeks say whether it planned and closed one.
    Promise.all(growing.map((project) => readOperation(listCycles, { params: { id: project.id }, query: { limit: 2 } }))),
    furthest && furthest.status !== "onboarding"
      ? readOperation(listConnections, { params: { id: furthest.id } }).then(({ connections }) => connections.length > 0)
      : false,
  ]);
  const cycles = cycleLists.flatMap((list) => list.cycles);
  return {
    connected,
    plannedAWeek: cycles.some((cycle) => cycle.status !== "planned"),
    closedAWeek: cycles.some((cycle) => cycle.status === "closed"),
  };
}

export default async function DashboardPage({ searchParams }: { searchParams: Promise<{ password_changed?: string }> }) {
  const { password_changed: passwordChanged } = await searchParams;
  const [me, { projects }, { alerts }] = await Promise.all([
    readOperation(getMe),
    readOperation(listProjects),
    readOperation(listAlerts, { query: {} }),
  ]);
  const sorted = [...projects].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const atLimit = me.usage.projects >= me.limits.projects;
  const runsLeft = me.limits.dailyRuns - me.usage.runsToday;
  const needs = planNeeds(me.limits, me.usage.projects);
  const checklist = gettingStarted(sorted, await firstWeekProgress(sorted));
  return (
    <>
      <PageHeader
        eyebrow={`${planName(me.account.plan)} plan`}
        title="Your projects"
        actions={
          <ButtonLink href="/projects/new">
            New project
            {needs.moreProjects && <PlanBadge plan={needs.moreProjects} />}
          </ButtonLink>
        }
      />
      <div className="space-y-6">
        {passwordChanged && <Notice tone="success">Your new password is saved. Every other browser was signed out.</Notice>}
        <AlertNotices alerts={alerts} dismiss={dismissAlertAction} />
        {!me.account.activated && (
          <Notice tone="warning" title="Your account is not activated yet">
            Accounts created through the API start without a plan. <a href="/settings/billing">Choose a plan</a> to start a
            project.
          </Notice>
        )}
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <Card aria-labelledby="projects-title">
            <CardHeader
              id="projects-title"
              title="Projects"
              description={
                atLimit && projects.length > 0
                  ? `${me.usage.projects} of ${me.limits.projects} on your plan: upgrade for more.`
                  : undefined
              }
            />
            <CardBody>
              {sorted.length === 0 ? (
                <EmptyState
                  title="No project yet"
                  description="Answer a few questions about your product; five agents then draft your market strategy, brand, launch plan, website copy and launch posts for you to review."
                  action={<ButtonLink href="/projects/new">Start your first project</ButtonLink>}
                />
              ) : (
                <ul className="divide-y divide-line" aria-label="Your projects">
                  {sorted.map((project) => {
                    const next = nextStepOf(project);
                    return (
                      <li key={project.id} className="flex flex-wrap items-center gap-3 py-4">
                        <ProjectLogo name={project.name} size="sm" />
                        <div className="min-w-0 flex-1">
                          <a href={next.href} className="font-medium">
                            {project.name}
                          </a>
                          <p className="text-sm text-muted">
                            {next.text} ·{" "}
                            <span>
                              updated <When at={project.updatedAt} relative />
                            </span>
                          </p>
                        </div>
                        <Badge
                          tone={
                            project.status === "onboarding"
                              ? "warning"
                              : project.status === "growth" || project.status === "launch_ready"
                                ? "success"
                                : "accent"
                          }
                        >
                          {projectStatusLabels[project.status]}
                        </Badge>
                      </li>
                    );
                  })}
                </ul>
              )}
            </CardBody>
          </Card>
          <div className="space-y-6">
            {checklist && <GettingStarted steps={checklist} />}
            {runsLeft <= 5 && (
              <Card aria-labelledby="today-title">
                <CardHeader id="today-title" title="Drafts today" />
                <CardBody className="space-y-3 text-[15px]">
                  <p>
                    <span className="text-2xl font-semibold tabular-nums">{Math.max(0, runsLeft)}</span>
                    <span className="text-muted">
                      {" "}
                      of {me.limits.dailyRuns} drafts left today{me.limits.dailyRunsScope === "project" ? " per project" : ""}
                    </span>
                  </p>
                  <ButtonLink href="/settings/billing" variant="secondary">
                    See plans
                  </ButtonLink>
                </CardBody>
              </Card>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
