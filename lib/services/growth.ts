import { and, asc, desc, eq, inArray, max } from "drizzle-orm";
import type { z } from "zod";
import { offlineWeeklyPlan, plannerOutputSchema, toWeeklyPlan, type CycleHistory, type PlannerInput } from "@/lib/agents/growth-planner";
import { writerInstructions, writerOutputSchema, writerPrompt, offlineDraft, type WriterInput } from "@/lib/agents/growth-writer";
import { generateStructured, ModelFailure } from "@/lib/ai/generate";
import { channelRules, countAs, fitToChannel, projectChannels } from "@/lib/channels";
import type { Database } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { growthCycles, growthItems, growthTasks, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { canGenerate, reviewTransition } from "@/lib/growth/item-transitions";
import { nextMonday } from "@/lib/growth/week";
import { assertCanGrow, releaseDailyRun, reserveDailyRun } from "@/lib/limits";
import type { AuthenticatedContext } from "@/lib/operations/operation";
import type { Channel, cycleApprovalRequest, itemGenerateRequest, itemReviewRequest, retroRequest, taskUpdateRequest, WeeklyPlan } from "@/lib/schemas/growth";
import type { Decisions, Onboarding } from "@/lib/schemas/project";
import { buildPlaybook, withLearnings, type Learning } from "./playbook";
import { getOwnedProject, pipelineRunsOf, serializeProject, type ProjectRecord } from "./projects";

type CycleRecord = typeof growthCycles.$inferSelect;
type ItemRecord = typeof growthItems.$inferSelect;
type TaskRecord = typeof growthTasks.$inferSelect;

export function serializeItem(item: ItemRecord) {
  return {
    id: item.id,
    cycleId: item.cycleId,
    channel: item.channel as Channel,
    slug: item.slug,
    title: item.title,
    angle: item.angle,
    keyMessage: item.keyMessage,
    cta: item.cta,
    suggestedDay: item.suggestedDay,
    notes: item.notes,
    status: item.status,
    draft: (item.draft as Record<string, unknown> | null) ?? null,
    previousDrafts: (item.draftHistory as Record<string, unknown>[]) ?? [],
    result: item.result,
    grade: item.grade,
    resultNote: item.resultNote,
  };
}

export const serializeTask = (task: TaskRecord) => ({
  id: task.id,
  cycleId: task.cycleId,
  title: task.title,
  description: task.description,
  category: task.category,
  effort: task.effort,
  suggestedDay: task.suggestedDay,
  status: task.status,
});

function serializeCycle(cycle: CycleRecord, items: ItemRecord[], tasks: TaskRecord[]) {
  return {
    id: cycle.id,
    projectId: cycle.projectId,
    weekNumber: cycle.weekNumber,
    status: cycle.status,
    weekStart: cycle.weekStart,
    plan: cycle.plan as Record<string, unknown>,
    items: items.filter((item) => item.cycleId === cycle.id).sort((a, b) => a.position - b.position).map(serializeItem),
    tasks: tasks.filter((task) => task.cycleId === cycle.id).sort((a, b) => a.position - b.position).map(serializeTask),
    retro: (cycle.retro as Record<string, unknown> | null) ?? null,
    usage: (cycle.usage as Record<string, unknown> | null) ?? null,
    createdAt: cycle.createdAt.toISOString(),
    approvedAt: cycle.approvedAt?.toISOString() ?? null,
    closedAt: cycle.closedAt?.toISOString() ?? null,
  };
}

async function cycleWithContents(db: Database, cycle: CycleRecord) {
  const [items, tasks] = await Promise.all([
    db.select().from(growthItems).where(eq(growthItems.cycleId, cycle.id)),
    db.select().from(growthTasks).where(eq(growthTasks.cycleId, cycle.id)),
  ]);
  return { cycle: serializeCycle(cycle, items, tasks) };
}

/** Enters the growth phase: needs all five pipeline steps approved; again is a no-op. */
export async function startGrowth(ctx: AuthenticatedContext, projectId: string) {
  let project = await getOwnedProject(ctx.db, ctx.account.id, projectId);
  if (project.status === "onboarding" || project.status === "pipeline") throw new AppError("pipeline_incomplete");
  if (project.status === "launch_ready") {
    [project] = await ctx.db.update(projects).set({ status: "growth", updatedAt: ctx.now }).where(eq(projects.id, project.id)).returning();
  }
  return { project: serializeProject(project!, await pipelineRunsOf(ctx.db, project!.id)) };
}

export async function listCycles(ctx: AuthenticatedContext, projectId: string) {
  const project = await getOwnedProject(ctx.db, ctx.account.id, projectId);
  const cycles = await ctx.db.select().from(growthCycles).where(eq(growthCycles.projectId, project.id)).orderBy(desc(growthCycles.weekNumber));
  const ids = cycles.map((cycle) => cycle.id);
  const [items, tasks] = ids.length
    ? await Promise.all([ctx.db.select().from(growthItems).where(inArray(growthItems.cycleId, ids)), ctx.db.select().from(growthTasks).where(inArray(growthTasks.cycleId, ids))])
    : [[], []];
  return { cycles: cycles.map((cycle) => serializeCycle(cycle, items, tasks)) };
}

/** Earlier weeks as the planner reads them: themes, items with their results and grades, tasks, retro notes. */
async function cycleHistory(db: Database, projectId: string): Promise<CycleHistory[]> {
  const cycles = await db.select().from(growthCycles).where(eq(growthCycles.projectId, projectId)).orderBy(asc(growthCycles.weekNumber));
  if (cycles.length === 0) return [];
  const ids = cycles.map((cycle) => cycle.id);
  const [items, tasks] = await Promise.all([db.select().from(growthItems).where(inArray(growthItems.cycleId, ids)), db.select().from(growthTasks).where(inArray(growthTasks.cycleId, ids))]);
  return cycles.map((cycle) => ({
    weekNumber: cycle.weekNumber,
    theme: (cycle.plan as WeeklyPlan).weekTheme,
    items: items.filter((item) => item.cycleId === cycle.id).map((item) => ({ channel: item.channel as Channel, title: item.title, angle: item.angle, status: item.status, result: item.result, grade: item.grade, resultNote: item.resultNote })),
    tasks: tasks.filter((task) => task.cycleId === cycle.id).map((task) => ({ title: task.title, status: task.status })),
    overall: (cycle.retro as { overall?: string } | null)?.overall ?? null,
  }));
}

const brandOf = (project: ProjectRecord) => (project.decisions as Decisions).brandName ?? (project.onboarding as Onboarding).businessName;

async function proposeWeek(db: Database, project: ProjectRecord, weekNumber: number) {
  const playbook = await buildPlaybook(db, project);
  const input: PlannerInput = {
    brand: brandOf(project),
    onboarding: project.onboarding as Onboarding,
    decisions: project.decisions as Decisions,
    playbook: playbook.markdown,
    weekNumber,
    history: await cycleHistory(db, project.id),
  };
  const channels = projectChannels(input.onboarding);
  const result = await generateStructured({
    name: "weekly_plan",
    schema: plannerOutputSchema,
    system:
      "You plan a founder's marketing week. Fit the plan to their weekly hours and to the channels they use " +
      `(${channels.join(", ")}). Give more to what was graded great, change the angle of what was quiet, and never drop skipped work silently: plan it again or say why in 'skipped'.`,
    prompt: `Plan week ${weekNumber}.\n\n## Earlier weeks\n${JSON.stringify(input.history, null, 2)}\n\n## Marketing Playbook\n${playbook.markdown}`,
    offline: () => offlineWeeklyPlan(input),
  });
  const output = { ...result.output, contentPlan: result.output.contentPlan.filter((entry) => channels.includes(entry.channel) || result.usage.model === "offline") };
  return { plan: toWeeklyPlan(output, weekNumber), usage: result.usage };
}

/**
 * Plans the next week. It counts as a run against the daily cap (given back if the
 * planner fails); only one cycle may be open (planned or approved) at a time.
 */
export async function planCycle(ctx: AuthenticatedContext, projectId: string) {
  const { db, account, now } = ctx;
  const project = await getOwnedProject(db, account.id, projectId);
  assertCanGrow(account);
  if (project.status !== "growth") throw new AppError(project.status === "launch_ready" ? "growth_not_started" : "pipeline_incomplete");

  const assertNoOpenCycle = async (tx: Database) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for("update");
    const [open] = await tx.select({ id: growthCycles.id }).from(growthCycles).where(and(eq(growthCycles.projectId, project.id), inArray(growthCycles.status, ["planned", "approved"])));
    if (open) throw new AppError("cycle_open", "Close the open cycle with its retro (or approve it) before planning the next week.");
  };
  const { weekNumber, countedDay, lastWeekStart } = await db.transaction(async (tx) => {
    await assertNoOpenCycle(tx);
    const countedDay = await reserveDailyRun(tx, account, project.id, now);
    const [latest] = await tx.select({ weekNumber: max(growthCycles.weekNumber), weekStart: max(growthCycles.weekStart) }).from(growthCycles).where(eq(growthCycles.projectId, project.id));
    return { weekNumber: (latest?.weekNumber ?? 0) + 1, countedDay, lastWeekStart: latest?.weekStart ?? null };
  });

  try {
    ctx.progress?.(0, 1, `Planning week ${weekNumber}`);
    const { plan, usage } = await proposeWeek(db, project, weekNumber);
    const following = lastWeekStart ? new Date(Date.parse(`${lastWeekStart}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10) : null;
    const weekStart = following && following > nextMonday(now) ? following : nextMonday(now);
    const cycle = await db.transaction(async (tx) => {
      await assertNoOpenCycle(tx);
      const [inserted] = await tx.insert(growthCycles).values({ projectId: project.id, accountId: account.id, weekNumber, status: "planned", weekStart, plan, usage }).returning();
      return inserted!;
    });
    ctx.progress?.(1, 1, `Week ${weekNumber} planned`);
    return cycleWithContents(db, cycle);
  } catch (error) {
    await releaseDailyRun(db, account.id, project.id, countedDay);
    if (isUniqueViolation(error)) throw new AppError("cycle_open");
    if (error instanceof ModelFailure) throw new AppError("provider_unavailable", `${error.message} The run was not counted; try again.`);
    throw error;
  }
}

async function getOwnedCycle(db: Database, accountId: string, cycleId: string) {
  const [found] = await db
    .select({ cycle: growthCycles, project: projects })
    .from(growthCycles)
    .innerJoin(projects, eq(projects.id, growthCycles.projectId))
    .where(and(eq(growthCycles.id, cycleId), eq(projects.accountId, accountId)));
  if (!found) throw new AppError("not_found", "Cycle not found.");
  return found;
}

/** Approves a planned week, optionally with the founder's own plan: its items (`planned`) and tasks (`open`) are created. */
export async function approveCycle(ctx: AuthenticatedContext, cycleId: string, body: z.infer<typeof cycleApprovalRequest>) {
  const { cycle } = await getOwnedCycle(ctx.db, ctx.account.id, cycleId);
  const notPlanned = new AppError("cycle_state", `Only a planned cycle can be approved; this one is ${cycle.status}.`);
  if (cycle.status !== "planned") throw notPlanned;
  const plan = body.plan ?? (cycle.plan as WeeklyPlan);
  const approved = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(growthCycles)
      .set({ plan, status: "approved", approvedAt: ctx.now })
      .where(and(eq(growthCycles.id, cycle.id), eq(growthCycles.status, "planned")))
      .returning();
    if (!updated) throw notPlanned;
    const items = plan.contentPlan.flatMap((entry) => entry.items.map((item) => ({ ...item, channel: entry.channel })));
    if (items.length) {
      await tx.insert(growthItems).values(
        items.map((item, position) => ({
          cycleId: cycle.id,
          projectId: cycle.projectId,
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
      await tx.insert(growthTasks).values(plan.founderTasks.map((task, position) => ({ cycleId: cycle.id, projectId: cycle.projectId, ...task, suggestedDay: task.suggestedDay ?? null, position })));
    }
    return updated;
  });
  return cycleWithContents(ctx.db, approved);
}

/**
 * Closes an approved week: each result lands on its item, and the grades and notes
 * become dated learnings in the playbook, which the next plan reads.
 */
export async function submitRetro(ctx: AuthenticatedContext, cycleId: string, body: z.infer<typeof retroRequest>) {
  const { cycle, project } = await getOwnedCycle(ctx.db, ctx.account.id, cycleId);
  if (cycle.status !== "approved") throw new AppError("cycle_state", `Only an approved cycle takes a retro; this one is ${cycle.status}.`);
  const items = await ctx.db.select().from(growthItems).where(eq(growthItems.cycleId, cycle.id));
  const known = new Map(items.map((item) => [item.id, item]));
  const issues = body.items.flatMap((entry, index) => {
    if (!known.has(entry.itemId)) return [{ path: `items.${index}.itemId`, message: "Not an item of this cycle" }];
    if (body.items.findIndex((other) => other.itemId === entry.itemId) !== index) return [{ path: `items.${index}.itemId`, message: "Named twice" }];
    return [];
  });
  if (issues.length) throw new AppError("invalid_request", undefined, { details: { issues } });

  const date = ctx.now.toISOString().slice(0, 10);
  const learnings: Learning[] = body.items.flatMap((entry): Learning[] => {
    const item = known.get(entry.itemId)!;
    const label = channelRules[item.channel as Channel].label;
    const note = entry.note ? `: ${entry.note}` : "";
    if (entry.grade === "great") return [{ date, kind: "worked", text: `${label} "${item.title}" (${item.angle}) was great${note}` }];
    if (entry.grade === "quiet") return [{ date, kind: "quiet", text: `${label} "${item.title}" (${item.angle}) was quiet${note}` }];
    return [];
  });
  if (body.overall.trim()) learnings.push({ date, kind: "founder-note", text: `Week ${cycle.weekNumber}: ${body.overall.trim()}` });

  const closed = await ctx.db.transaction(async (tx) => {
    for (const entry of body.items) {
      await tx
        .update(growthItems)
        .set({ result: entry.result, grade: entry.grade ?? null, resultNote: entry.note ?? known.get(entry.itemId)!.resultNote, status: entry.result, updatedAt: ctx.now })
        .where(eq(growthItems.id, entry.itemId));
    }
    const [updated] = await tx
      .update(growthCycles)
      .set({ status: "closed", closedAt: ctx.now, retro: { overall: body.overall, items: body.items, submittedAt: ctx.now.toISOString() } })
      .where(and(eq(growthCycles.id, cycle.id), eq(growthCycles.status, "approved")))
      .returning();
    if (!updated) throw new AppError("cycle_state", "This cycle was closed a moment ago.");
    await tx.update(projects).set({ learnings: withLearnings(project.learnings, learnings), updatedAt: ctx.now }).where(eq(projects.id, project.id));
    return updated;
  });
  return cycleWithContents(ctx.db, closed);
}

async function getOwnedItem(db: Database, accountId: string, itemId: string) {
  const [found] = await db
    .select({ item: growthItems, cycle: growthCycles, project: projects })
    .from(growthItems)
    .innerJoin(growthCycles, eq(growthCycles.id, growthItems.cycleId))
    .innerJoin(projects, eq(projects.id, growthItems.projectId))
    .where(and(eq(growthItems.id, itemId), eq(projects.accountId, accountId)));
  if (!found) throw new AppError("not_found", "Item not found.");
  return found;
}

/** Writes (or rewrites, with optional feedback) the item's channel-ready draft, keeping earlier drafts. */
export async function generateItem(ctx: AuthenticatedContext, itemId: string, body: z.infer<typeof itemGenerateRequest>) {
  const { item, cycle, project } = await getOwnedItem(ctx.db, ctx.account.id, itemId);
  if (cycle.status !== "approved") throw new AppError("cycle_state", `Drafts are written for an approved cycle; this one is ${cycle.status}.`);
  if (!canGenerate(item.status)) throw new AppError("invalid_transition", `Only a planned item or a draft can be (re)generated; this one is ${item.status}.`);
  const channel = item.channel as Channel;
  const history = (item.draftHistory as Record<string, unknown>[]) ?? [];
  const input: WriterInput = {
    brand: brandOf(project),
    onboarding: project.onboarding as Onboarding,
    decisions: project.decisions as Decisions,
    playbook: (await buildPlaybook(ctx.db, project)).markdown,
    item: { channel, title: item.title, angle: item.angle, keyMessage: item.keyMessage, cta: item.cta, notes: item.notes },
    feedback: body.feedback?.trim() || null,
    previousDrafts: history.length + (item.draft ? 1 : 0),
    previousBody: (item.draft as { body?: string } | null)?.body ?? null,
  };
  ctx.progress?.(0, 1, `Writing the ${channelRules[channel].label} draft`);
  const result = await generateStructured({
    name: "channel_draft",
    schema: writerOutputSchema,
    system: writerInstructions(channel),
    prompt: writerPrompt(input),
    offline: () => {
      const draft = offlineDraft(input);
      return { title: draft.title, body: draft.body, hashtags: draft.hashtags };
    },
  }).catch((error: unknown) => {
    throw error instanceof ModelFailure ? new AppError("provider_unavailable", error.message) : error;
  });
  const fitted = fitToChannel(channel, result.output);
  const rule = channelRules[channel];
  const draft = {
    ...fitted,
    length: Math.max(...fitted.parts.map((part) => countAs(rule.unit, part))),
    limit: rule.bodyLimit,
    unit: rule.unit,
    feedback: input.feedback,
    model: result.usage.model,
    generatedAt: ctx.now.toISOString(),
  };
  const [updated] = await ctx.db
    .update(growthItems)
    .set({ draft, draftHistory: item.draft ? [...history, item.draft] : history, status: "draft", updatedAt: ctx.now })
    .where(eq(growthItems.id, item.id))
    .returning();
  ctx.progress?.(1, 1, "Draft ready");
  return { item: serializeItem(updated!) };
}

/** Moves an item along its review states (see lib/growth/item-transitions). */
export async function reviewItem(ctx: AuthenticatedContext, itemId: string, body: z.infer<typeof itemReviewRequest>) {
  const { item, cycle } = await getOwnedItem(ctx.db, ctx.account.id, itemId);
  if (cycle.status !== "approved") throw new AppError("cycle_state", `Items are reviewed while their cycle is approved; this one is ${cycle.status}.`);
  const move = reviewTransition(item.status, body.status);
  if (move === "refused") {
    const hint = body.status === "draft" && item.status === "planned" ? " Generate a draft instead (POST /api/v1/growth/items/{itemId}/generate)." : "";
    throw new AppError("invalid_transition", `An item cannot go from ${item.status} to ${body.status}.${hint}`);
  }
  if (move === "same" && body.resultNote === undefined) return { item: serializeItem(item) };
  const [updated] = await ctx.db
    .update(growthItems)
    .set({ status: body.status, ...(body.resultNote !== undefined && { resultNote: body.resultNote }), updatedAt: ctx.now })
    .where(eq(growthItems.id, item.id))
    .returning();
  return { item: serializeItem(updated!) };
}

export async function updateTask(ctx: AuthenticatedContext, taskId: string, body: z.infer<typeof taskUpdateRequest>) {
  const [found] = await ctx.db
    .select({ task: growthTasks })
    .from(growthTasks)
    .innerJoin(projects, eq(projects.id, growthTasks.projectId))
    .where(and(eq(growthTasks.id, taskId), eq(projects.accountId, ctx.account.id)));
  if (!found) throw new AppError("not_found", "Task not found.");
  const [updated] = await ctx.db.update(growthTasks).set({ status: body.status, updatedAt: ctx.now }).where(eq(growthTasks.id, taskId)).returning();
  return { task: serializeTask(updated!) };
}
