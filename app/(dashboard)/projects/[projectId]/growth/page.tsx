import { learningsFromRetro, learningsOf } from "@/components/growth/learnings";
import { fromPlan } from "@/components/growth/plan-check";
import { SectionHeader } from "@/components/growth/section-header";
import {
  type BoardCycle,
  boardDraft,
  boardDraftFields,
  boardItemFields,
  boardTaskFields,
  type Cycle,
  latestChangeRequests,
} from "@/components/growth/types";
import { WeekSummary } from "@/components/growth/week-summary";
import { planNeeds } from "@/components/plan-needs";
import { projectIdOf } from "@/components/project/project-id";
import { ButtonLink, Card, CardBody, CardHeader, EmptyState, Notice } from "@/components/ui";
import { readOperation } from "@/lib/actions/run-operation";
import { networkViews } from "@/lib/networks/registry";
import { getMe } from "@/lib/operations/account";
import { getCalendarSubscription } from "@/lib/operations/calendar-feed";
import { listActiveJobs } from "@/lib/operations/events";
import { listCycles } from "@/lib/operations/growth";
import { getLinkSettings } from "@/lib/operations/links";
import { getPlaybook } from "@/lib/operations/projects";
import { listConnections } from "@/lib/operations/publishing";
import { getReviewSettings, listCycleReviews, listReviewLinks } from "@/lib/operations/reviews";
import { projectTitle } from "../project-title";
import { readProject } from "../read-project";
import { CalendarFeedCard } from "./calendar-feed-card";
import { PlanEditor } from "./plan-editor-loader";
import { PlanWeekButton, StartGrowthPanel } from "./start-panels";
import { WeekBoard } from "./week-board";
import { WeekTools } from "./week-tools";

export const generateMetadata = projectTitle("Growth");

const pick = <T extends object, K extends keyof T>(value: T, keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;

/** The approved week as its board needs it: not the plan it was approved from, nor what the board never shows of an item or a task. */
function boardCycle({ id, projectId, weekNumber, weekStart, plan, items, tasks }: Cycle): BoardCycle {
  return {
    id,
    projectId,
    weekNumber,
    weekStart,
    theme: plan.weekTheme,
    tasks: tasks.map((task) => pick(task, boardTaskFields)),
    items: items.map((item) => ({
      ...pick(item, boardItemFields),
      draft: item.draft && boardDraft(pick(item.draft, boardDraftFields)),
    })),
  };
}

export default async function GrowthPage({ params }: { params: Promise<{ projectId: string }> }) {
  const projectId = await projectIdOf(params);
  const input = { params: { id: projectId } };
  const [
    { project },
    { cycles },
    { playbook },
    { subscription },
    { connections },
    { jobs: activeJobs },
    me,
    { settings: links },
  ] = await Promise.all([
    readProject(projectId),
    readOperation(listCycles, input),
    readOperation(getPlaybook, input),
    readOperation(getCalendarSubscription, input),
    readOperation(listConnections, input),
    readOperation(listActiveJobs, input),
    readOperation(getMe),
    readOperation(getLinkSettings, input),
  ]);
  // The retro compares this week's sign-ups, clicks and numbers with earlier ones: only those travel.
  const history = cycles
    .flatMap((cycle) => cycle.items)
    .filter((item) => item.metrics || item.tracking)
    .map(({ id, channel, metrics, tracking }) => ({ id, channel, metrics, tracking: tracking ?? null }));
  const brand = project.decisions.brandName ?? project.onboarding.businessName;
  const open = cycles.find((cycle) => cycle.status !== "closed");
  const closed = cycles.filter((cycle) => cycle.status === "closed");
  const lastClosed = closed[0];
  const nextWeek = (cycles[0]?.weekNumber ?? 0) + 1;
  const learnings = learningsOf(playbook);
  const reviewing =
    project.status === "growth" && open?.status === "approved"
      ? await Promise.all([
          readOperation(listReviewLinks, { params: { cycleId: open.id } }),
          readOperation(listCycleReviews, { params: { cycleId: open.id } }),
          readOperation(getReviewSettings, input),
        ])
      : null;

  return (
    <>
      <SectionHeader
        title="Growth"
        description="Your marketing week: plan it, draft it, publish it, and see how it went."
        actions={
          closed.length > 0 && (
            <ButtonLink href={`/projects/${project.id}/growth/history`} variant="secondary">
              Earlier weeks ({closed.length})
            </ButtonLink>
          )
        }
      />
      <div className="space-y-8">
        {(project.status === "onboarding" || project.status === "pipeline") && (
          <EmptyState
            title="Finish your launch first"
            description="The weekly loop starts once all five launch steps are approved: it plans from your approved playbook."
            action={<ButtonLink href={`/projects/${project.id}/launch`}>Go to the launch</ButtonLink>}
          />
        )}
        {project.status === "launch_ready" && (
          <StartGrowthPanel projectId={project.id} needsPlan={planNeeds(me.limits, me.usage.projects).growth} />
        )}
        {project.status === "growth" && open?.status === "planned" && (
          <PlanEditor key={open.id} cycle={open} initial={fromPlan(open.plan)} />
        )}
        {project.status === "growth" && open?.status === "approved" && (
          <WeekBoard
            key={open.id}
            cycle={boardCycle(open)}
            brand={brand}
            accounts={connections}
            networks={networkViews()}
            history={history}
            activeJobs={activeJobs}
            changeRequests={reviewing ? latestChangeRequests(reviewing[1].reviews) : {}}
          />
        )}
        {open && reviewing && (
          // Folded: the week's drafts are the work; sharing it for review and spreadsheets are asked for now and then.
          <WeekTools
            csv={{ projectId: project.id, cycleId: open.id }}
            review={{
              projectId: project.id,
              cycleId: open.id,
              links: reviewing[0].links,
              reviews: reviewing[1].reviews,
              itemTitles: Object.fromEntries(open.items.map((item) => [item.id, item.title])),
              reviewerApprovalSchedules: reviewing[2].reviewerApprovalSchedules,
              now: new Date().toISOString(),
            }}
          />
        )}
        {project.status === "growth" && !open && (
          <Card aria-labelledby="next-week-title">
            <CardHeader
              id="next-week-title"
              title={lastClosed ? `Week ${lastClosed.weekNumber} is closed` : "Plan your first week"}
              description={
                lastClosed
                  ? "Here is what it taught the playbook. The next plan reads it: more of what was great, a new angle for what was quiet, skipped work carried over."
                  : "The planner sizes the week to your hours and your channels, from your playbook. You can change everything before approving."
              }
            />
            <CardBody className="space-y-6">
              {lastClosed && <WeekSummary cycle={lastClosed} learnings={learningsFromRetro(lastClosed, learnings)} />}
              <PlanWeekButton
                projectId={project.id}
                weekNumber={nextWeek}
                label={lastClosed ? "Plan next week" : "Plan my week"}
                activeJobs={activeJobs}
              />
            </CardBody>
          </Card>
        )}
        {project.status === "growth" && links.linkTracking && !links.siteUrl && (
          <Notice tone="info">
            Add your site&apos;s address to see which posts bring sign-ups: posts that link to it get their own tracked link.{" "}
            <a href={`/projects/${project.id}/settings#tracking`} className="font-medium underline">
              Add it in project settings
            </a>
          </Notice>
        )}
        {/* While a plan waits for approval, approving it is the page's one job. */}
        {project.status === "growth" && open?.status !== "planned" && (
          <CalendarFeedCard projectId={project.id} subscription={subscription} />
        )}
      </div>
    </>
  );
}
