import "server-only";
import { asc, desc, eq, inArray, lt, max } from "drizzle-orm";
import type { z } from "zod";
import { type CycleHistory, growthPlanner, toWeeklyPlan } from "@/lib/agents/growth-planner";
import { plannerInput } from "@/lib/agents/inputs";
import { runTask } from "@/lib/agents/run";
import { ModelFailure } from "@/lib/ai/generate";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { growthCycles, growthItems, growthTasks, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { channelResults } from "@/lib/growth/grade-suggestion";
import { assertCanStartGrowth, growthPhaseError } from "@/lib/growth/phase";
import { weekStartAfter } from "@/lib/growth/week";
import type { RequestJobHandle } from "@/lib/jobs/request";
import { assertCanGrow, entitlementsOf, releaseDailyRun, reserveDailyRun } from "@/lib/limits";
import type { PageQuery } from "@/lib/schemas/common";
import type { Channel, cycleApprovalRequest } from "@/lib/schemas/growth";
import { resolveAlerts } from "../alerts/resolve-alerts";
import { decodeCursor, isPaged, pageOf } from "../pages";
import { pipelineRunsOf, serializeProject } from "../pipeline";
import { buildPlaybook } from "../playbook";
import { getOwnedProject, type ProjectRecord } from "../project-records";
import { ownedRow, ownedRows } from "../tenant";
import { emitWebhookEvent } from "../webhooks";
import { contentsOf, cycleWithContents, getOwnedCycle } from "./load";
import { type CountedPlan, planAsJob } from "./plan-job";
import { serializeCycle } from "./serialize";

/** Enters the growth phase: needs a plan with the growth loop (402 `growth`, as planning a week does) and all five pipeline steps approved; again is a no-op. */
export async function startGrowth(ctx: ServiceContext, input: { projectId: string }) {
  if (!entitlementsOf(ctx.account).canGrow) {
    // Someone else's project is not found (404) before this account's plan is looked at.
    await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
    assertCanGrow(ctx.account);
  }
  // A conditional update on the status that allows it: a concurrent start or review cannot slip between check and write.
  const [started] = await ctx.db
    .update(projects)
    .set({ status: "growth", updatedAt: ctx.now })
    .where(ownedRow(projects, ctx.account.id, input.projectId, eq(projects.status, "launch_ready")))
    .returning();
  const project = started ?? (await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId }));
  assertCanStartGrowth(project.status);
  return { project: serializeProject(project, await pipelineRunsOf(ctx.db, project)) };
}

export async function listCycles(ctx: ServiceContext, { projectId, ...query }: { projectId: string } & PageQuery) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  // Pages follow the week number, newest first (one cycle per week and project).
  const after = decodeCursor(query.cursor, ["number"], ([week]) => Number.isInteger(week));
  const read = await ctx.db
    .select()
    .from(growthCycles)
    .where(
      ownedRows(
        growthCycles,
        ctx.account.id,
        eq(growthCycles.projectId, project.id),
        after && lt(growthCycles.weekNumber, after[0] as number),
      ),
    )
    .orderBy(desc(growthCycles.weekNumber))
    .limit(query.limit === undefined ? Number.MAX_SAFE_INTEGER : query.limit + 1);
  const { rows: cycles, nextCursor } = pageOf(read, query, (cycle) => [cycle.weekNumber]);
  const { items, tasks } = await contentsOf(ctx.db, { accountId: ctx.account.id, cycles });
  return { cycles: cycles.map((cycle) => serializeCycle(cycle, items, tasks)), ...(isPaged(query) && { nextCursor }) };
}

/** Earlier weeks as the planner reads them: themes, items with their results and grades, tasks, retro notes. */
async function cycleHistory(db: Database, project: ProjectRecord): Promise<CycleHistory[]> {
  const cycles = await db
    .select()
    .from(growthCycles)
    .where(ownedRows(growthCycles, project.accountId, eq(growthCycles.projectId, project.id)))
    .orderBy(asc(growthCycles.weekNumber));
  const { items, tasks } = await contentsOf(db, { accountId: project.accountId, cycles });
  return cycles.map((cycle) => ({
    weekNumber: cycle.weekNumber,
    theme: cycle.plan.weekTheme,
    items: items
      .filter((item) => item.cycleId === cycle.id)
      .map((item) => ({
        channel: item.channel as Channel,
        title: item.title,
        angle: item.angle,
        status: item.status,
        result: item.result,
        grade: item.grade,
        resultNote: item.resultNote,
        ...(item.tracking && {
          results: { clicks: Number(item.tracking.clicks), signups: Number(item.tracking.signups) },
        }),
        ...(item.metrics && {
          numbers: {
            likes: item.metrics.likes,
            reposts: item.metrics.reposts,
            replies: item.metrics.replies,
            quotes: item.metrics.quotes,
          },
        }),
      })),
    channelResults: channelResults(items.filter((item) => item.cycleId === cycle.id)),
    tasks: tasks.filter((task) => task.cycleId === cycle.id).map((task) => ({ title: task.title, status: task.status })),
    overall: cycle.retro?.overall ?? null,
  }));
}

/** The planning job's stages, as the dashboard shows them. */
const planSteps = 3;

async function proposeWeek(db: Database, project: ProjectRecord, weekNumber: number, now: Date, job: RequestJobHandle) {
  await job.progress(0, planSteps, "Reading your playbook and last week's results");
  const [playbook, history] = await Promise.all([buildPlaybook(db, project), cycleHistory(db, project)]);
  await job.progress(1, planSteps, `Planning week ${weekNumber}`);
  const result = await runTask(growthPlanner, plannerInput(project, playbook, history, weekNumber, now));
  return { plan: toWeeklyPlan(result.output, weekNumber), usage: result.usage };
}

/**
 * Plans the next week. It counts as a run against the daily cap (given back if the
 * planner fails); only one cycle may be open (planned or approved) at a time. The rules are
 * checked, and the run counted, in the transaction that records the plan's job: a refused
 * plan leaves no job behind.
 */
export async function planCycle(ctx: ServiceContext, input: { projectId: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  return planAsJob(ctx, {
    projectId: project.id,
    gate: async (tx) => {
      assertCanGrow(ctx.account);
      const growthError = growthPhaseError(project.status);
      if (growthError) throw growthError;
      const counted = await countPlanRun(ctx, tx, project);
      return {
        remember: { countedDay: counted.countedDay, weekNumber: counted.weekNumber } satisfies CountedPlan,
        value: counted,
      };
    },
    work: (job, counted) => planWeek(ctx, { project, counted, job }),
  });
}

/** Locks the project and checks that no cycle is open, in the caller's transaction. */
async function assertNoOpenCycle(ctx: ServiceContext, tx: Database, project: ProjectRecord) {
  const [locked] = await tx
    .select({ status: projects.status })
    .from(projects)
    .where(ownedRow(projects, ctx.account.id, project.id))
    .for("update");
  if (!locked) throw new AppError("not_found", "Project not found.");
  const [open] = await tx
    .select({ id: growthCycles.id })
    .from(growthCycles)
    .where(
      ownedRows(
        growthCycles,
        ctx.account.id,
        eq(growthCycles.projectId, project.id),
        inArray(growthCycles.status, ["planned", "approved"]),
      ),
    );
  if (open)
    throw new AppError("cycle_open", "Close the open cycle with its retro (or approve it) before planning the next week.");
}

interface CountedWeek {
  weekNumber: number;
  countedDay: string;
  lastWeekStart: string | null;
}

/** The rules of planning (no open cycle, the daily cap), and the run counted, in the caller's transaction. */
async function countPlanRun(ctx: ServiceContext, tx: Database, project: ProjectRecord): Promise<CountedWeek> {
  const { account, now } = ctx;
  await assertNoOpenCycle(ctx, tx, project);
  const countedDay = await reserveDailyRun(tx, { account, projectId: project.id, now });
  const [latest] = await tx
    .select({ weekNumber: max(growthCycles.weekNumber), weekStart: max(growthCycles.weekStart) })
    .from(growthCycles)
    .where(ownedRows(growthCycles, account.id, eq(growthCycles.projectId, project.id)));
  return { weekNumber: (latest?.weekNumber ?? 0) + 1, countedDay, lastWeekStart: latest?.weekStart ?? null };
}

async function planWeek(ctx: ServiceContext, input: { project: ProjectRecord; counted: CountedWeek; job: RequestJobHandle }) {
  const { job, project } = input;
  const { weekNumber, countedDay, lastWeekStart } = input.counted;
  const { db, account, now } = ctx;
  try {
    const { plan, usage } = await proposeWeek(db, project, weekNumber, now, job);
    await job.progress(2, planSteps, `Saving the plan of week ${weekNumber}`);
    const weekStart = weekStartAfter(lastWeekStart, now);
    const cycle = await db.transaction(async (tx) => {
      await assertNoOpenCycle(ctx, tx, project);
      const [inserted] = await tx
        .insert(growthCycles)
        .values({ projectId: project.id, accountId: account.id, weekNumber, status: "planned", weekStart, plan, usage })
        .returning();
      await emitWebhookEvent(tx, { type: "week.planned", of: inserted!, data: serializeCycle(inserted!, [], []), now });
      return inserted!;
    });
    await job.progress(planSteps, planSteps, `Week ${weekNumber} planned`);
    return cycleWithContents(db, cycle);
  } catch (error) {
    await releaseDailyRun(db, { accountId: account.id, projectId: project.id, day: countedDay });
    if (isUniqueViolation(error)) throw new AppError("cycle_open");
    if (error instanceof ModelFailure)
      throw new AppError("provider_unavailable", `${error.message} The run was not counted; try again.`);
    throw error;
  }
}

/** Approves a planned week, optionally with the founder's own plan: its items (`planned`) and tasks (`open`) are created. */
export async function approveCycle(ctx: ServiceContext, input: { cycleId: string } & z.infer<typeof cycleApprovalRequest>) {
  const { cycle } = await getOwnedCycle(ctx.db, { accountId: ctx.account.id, cycleId: input.cycleId });
  assertCanGrow(ctx.account);
  const notPlanned = (status: string) =>
    new AppError("cycle_state", `Only a planned cycle can be approved; this one is ${status}.`);
  if (cycle.status !== "planned") throw notPlanned(cycle.status);
  const plan = input.plan ?? cycle.plan;
  const approved = await ctx.db.transaction(async (tx) => {
    // Conditional on the status that was checked: of two concurrent approvals, one creates the items.
    const [updated] = await tx
      .update(growthCycles)
      .set({ plan, status: "approved", approvedAt: ctx.now })
      .where(ownedRow(growthCycles, ctx.account.id, cycle.id, eq(growthCycles.status, "planned")))
      .returning();
    if (!updated) throw notPlanned("no longer planned");
    const owner = { cycleId: cycle.id, projectId: cycle.projectId, accountId: cycle.accountId };
    const items = plan.contentPlan.flatMap((entry) => entry.items.map((item) => ({ ...item, channel: entry.channel })));
    if (items.length) {
      await tx.insert(growthItems).values(
        items.map((item, position) => ({
          ...owner,
          channel: item.channel,
          slug: item.slug,
          title: item.title,
          angle: item.angle,
          keyMessage: item.keyMessage,
          cta: item.cta ?? null,
          suggestedDay: item.suggestedDay,
          notes: item.notes ?? null,
          position,
        })),
      );
    }
    if (plan.founderTasks.length) {
      await tx
        .insert(growthTasks)
        .values(
          plan.founderTasks.map((task, position) => ({ ...owner, ...task, suggestedDay: task.suggestedDay ?? null, position })),
        );
    }
    return updated;
  });
  // The week has its plan now: a notice that it started without one (about it, or about its project when it had no cycle yet) goes.
  await resolveAlerts(ctx.db, {
    accountId: ctx.account.id,
    kind: "week_unplanned",
    subjectIds: [approved.id, approved.projectId],
    now: ctx.now,
  });
  return cycleWithContents(ctx.db, approved);
}
