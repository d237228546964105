import "server-only";
import { and, asc, desc, eq, getTableColumns, lt, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AgentInput } from "@/lib/agents";
import { readsDecision } from "@/lib/agents/decision-readers";
import { pipelineInput } from "@/lib/agents/inputs";
import { runAgent } from "@/lib/agents/run";
import { ModelFailure } from "@/lib/ai/generate";
import { config } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { describeError, isUniqueViolation } from "@/lib/db/errors";
import { preparedQuery } from "@/lib/db/prepared";
import { agentRuns, contentItems, jobs, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { readFeedback } from "@/lib/i18n/feedback";
import { workUnderClaim } from "@/lib/jobs/claimed";
import { GiveUp, LeaseLost, PastDeadline } from "@/lib/jobs/outcome";
import { type JobHandler, workerId } from "@/lib/jobs/run";
import { findActiveJob, type JobRecord, recordClaimedJob, settleLapsedJob } from "@/lib/jobs/store";
import { releaseDailyRun, reserveDailyRun } from "@/lib/limits";
import { type AgentType, agentTypes, type Decisions, type reviewRunRequest, type startAgentRequest } from "@/lib/schemas/project";
import { inThePage, raiseRunFailed } from "./alerts/triggers";
import { linkPackPosts } from "./links/link-pack-posts";
import { drawPackImages } from "./pack-images/draw-pack-images";
import { getOwnedProject, type ProjectRecord, type RunRecord } from "./project-records";
import { type AgentOutputs, type SerializedRun, serializeRun } from "./serialize-run";
import { loadOwned, ownedRow, ownedRows } from "./tenant";
import { emitWebhookEvent } from "./webhooks";

// The launch pipeline's state machine, in one place: the state derived from a project's
// runs, the runs and their serializers, confirmation, starting and settling a step's run,
// reviews and the project's decisions (its detail, as clients read it, is in project-detail.ts).

/** What the pipeline's state is derived from: each run's step, status and start (not its output). */
export type StepRun = Pick<RunRecord, "agentType" | "status" | "startedAt">;
export const stepColumns = {
  projectId: agentRuns.projectId,
  agentType: agentRuns.agentType,
  status: agentRuns.status,
  startedAt: agentRuns.startedAt,
};

/** Each step's status (its latest run's, or `pending`) and the current step: the first not yet approved. */
export function pipelineState<Run extends StepRun>(runs: Run[]) {
  const latest = new Map<string, Run>();
  for (const run of [...runs].sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())) latest.set(run.agentType, run);
  const approved = new Set(runs.filter((run) => run.status === "approved").map((run) => run.agentType));
  return {
    currentStep: agentTypes.find((step) => !approved.has(step)) ?? null,
    steps: agentTypes.map((agentType) => ({
      agentType,
      status: approved.has(agentType) ? ("approved" as const) : (latest.get(agentType)?.status ?? ("pending" as const)),
    })),
    latest,
  };
}

export function serializeProject(project: ProjectRecord, runs: StepRun[]) {
  const { currentStep, steps } = pipelineState(runs);
  return {
    id: project.id,
    name: project.name,
    language: project.language,
    status: project.status,
    onboarding: project.onboarding,
    decisions: project.decisions,
    pipeline: { currentStep, steps },
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

export { type AgentOutputs, type SerializedRun, serializeRun };

const runColumns = Object.entries(getTableColumns(agentRuns));

/** A run from its row as `to_jsonb` spells it (column names; timestamps as text), mapped as Drizzle maps a selected row. */
function runFromJson(row: Record<string, unknown>): RunRecord {
  return Object.fromEntries(
    runColumns.map(([field, column]) => {
      const value = row[column.name];
      return [field, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as RunRecord;
}

const projectWithRuns = (db: Database) =>
  db
    .select({
      project: projects,
      runs: sql<unknown>`coalesce((select json_agg(to_jsonb(r) order by r.started_at) from agent_runs r where r.project_id = projects.id and r.account_id = projects.account_id), '[]'::json)`,
    })
    .from(projects)
    .where(and(eq(projects.id, sql.placeholder("projectId")), eq(projects.accountId, sql.placeholder("accountId"))));

/**
 * The caller's project (or 404) and its runs, oldest first, in one statement: the runs
 * come aggregated as JSON beside the project row.
 */
export async function getOwnedProjectWithRuns(
  db: Database,
  { accountId, projectId }: { accountId: string; projectId: string },
): Promise<{ project: ProjectRecord; runs: RunRecord[] }> {
  const [found] = await preparedQuery(db, "project-with-runs", projectWithRuns).execute({ accountId, projectId });
  if (!found) throw new AppError("not_found", "Project not found.");
  const rows = (typeof found.runs === "string" ? JSON.parse(found.runs) : found.runs) as Record<string, unknown>[];
  return { project: found.project, runs: rows.map(runFromJson) };
}

/** A project's runs, oldest first. */
export const runsOf = (db: Database, project: Pick<ProjectRecord, "id" | "accountId">) =>
  db
    .select()
    .from(agentRuns)
    .where(ownedRows(agentRuns, project.accountId, eq(agentRuns.projectId, project.id)))
    .orderBy(asc(agentRuns.startedAt));

/** A project's runs, with only what its pipeline state needs. */
export const pipelineRunsOf = (db: Database, project: Pick<ProjectRecord, "id" | "accountId">) =>
  db
    .select(stepColumns)
    .from(agentRuns)
    .where(ownedRows(agentRuns, project.accountId, eq(agentRuns.projectId, project.id)));

/** Confirms a project (it enters the pipeline); confirming again changes nothing. */
export async function confirmProject(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const [confirmed] = await ctx.db
    .update(projects)
    .set({ status: "pipeline", confirmedAt: ctx.now, updatedAt: ctx.now })
    .where(ownedRow(projects, ctx.account.id, projectId, eq(projects.status, "onboarding")))
    .returning();
  const project = confirmed ?? (await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId }));
  return { project: serializeProject(project, await pipelineRunsOf(ctx.db, project)) };
}

/**
 * A run is an `agent_run` job of lib/jobs: its lease, kept alive while the run works, decides
 * whether its process died. Before its first lease ends it cannot have lapsed, so reads look
 * for abandoned runs only among runs older than that.
 */
export const abandonedRunCheckMs = () => config().jobs.leaseMs;

/** Whether a run may have lost its process (its job's lease, checked by `settleAbandonedRuns`, decides). */
export const mayBeAbandoned = (run: { status: string; startedAt: Date }, now: Date) =>
  run.status === "running" && run.startedAt.getTime() < now.getTime() - abandonedRunCheckMs();

const interrupted = "The run was interrupted before it finished. Start it again.";

/**
 * Settles runs whose process died as `failed` (and gives their run back), so a project is
 * never stuck: a running run whose `agent_run` job holds no live lease. Their lapsed jobs are
 * settled too (or by the ticker, whichever comes first: each release, `run.failed` event and
 * alert happens once, with the run's conditional update).
 */
export async function settleAbandonedRuns(
  db: Database,
  { project, now }: { project: Pick<ProjectRecord, "id" | "accountId">; now: Date },
): Promise<void> {
  const abandoned = await db
    .update(agentRuns)
    .set({ status: "failed", error: interrupted, completedAt: now })
    .where(
      ownedRows(
        agentRuns,
        project.accountId,
        eq(agentRuns.projectId, project.id),
        eq(agentRuns.status, "running"),
        lt(agentRuns.startedAt, new Date(now.getTime() - abandonedRunCheckMs())),
        sql`not exists (select 1 from ${jobs} where ${jobs.accountId} = ${project.accountId} and ${jobs.kind} = 'agent_run'
          and ${jobs.subjectId} = ${agentRuns.id} and ${jobs.status} = 'running' and ${jobs.claimedUntil} >= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning();
  for (const run of abandoned) {
    if (run.countedDay) await releaseDailyRun(db, { accountId: run.accountId, projectId: run.projectId, day: run.countedDay });
    // Settled here, by this update (the ticker's `giveUp` finds it settled): told once, like any failed run.
    await raiseRunFailed(db, { run, now, alert: true });
    const job = await findActiveJob(db, { accountId: run.accountId, dedupeKey: agentRunKey(run.id) });
    if (job) await settleLapsedJob(db, job, interrupted, now);
  }
}

const agentRunKey = (runId: string) => `agent_run:${runId}`;

/** Records a run's job, claimed by this process, in the transaction that records the run. */
const recordRunJob = (tx: Database, run: RunRecord, now: Date) =>
  recordClaimedJob(tx, {
    accountId: run.accountId,
    projectId: run.projectId,
    kind: "agent_run",
    subjectId: run.id,
    dedupeKey: agentRunKey(run.id),
    now,
    worker: workerId,
    leaseMs: config().jobs.leaseMs,
  });

/**
 * Runs a recorded run under its job's lease and deadline; the job settles as the run did. A
 * failure is alerted when `alertFailure` (nobody watches it in the page).
 */
async function runAsJob(
  db: Database,
  job: JobRecord,
  run: RunRecord,
  { input, project, alertFailure }: { input: AgentInput; project: ProjectRecord; alertFailure: boolean },
) {
  return workUnderClaim(db, job, {
    deadlineMs: config().model.timeoutMs + 60_000,
    work: (signal) => executeRun(db, run, { input, project, signal, alertFailure }),
    settled: (settled) =>
      settled.status === "completed" ? { status: "succeeded" } : { status: "failed", error: settled.error ?? interrupted },
    failed: () => ({ error: interrupted }),
  }).catch(async (error: unknown) => {
    // The claim was lost (another process settled the job and the run): the run is as it left it.
    if (error instanceof LeaseLost)
      return loadOwned(db, { table: agentRuns, accountId: run.accountId, id: run.id, notFound: "Run not found." });
    throw error;
  });
}

/**
 * The ticker's side of agent runs: a job it finds is one whose process died (its lease ran
 * out). The run is settled as failed, its counted run given back and its failure told, once.
 */
export const agentRunJobHandler: JobHandler = {
  run: async () => {
    throw new GiveUp(interrupted);
  },
  giveUp: async (job, _reason, { db, now }) => {
    const [failed] = await db
      .update(agentRuns)
      .set({ status: "failed", error: interrupted, completedAt: now })
      .where(ownedRow(agentRuns, job.accountId, job.subjectId, eq(agentRuns.status, "running")))
      .returning();
    if (failed?.countedDay)
      await releaseDailyRun(db, { accountId: failed.accountId, projectId: failed.projectId, day: failed.countedDay });
    // Its process died: nobody was told, in the page or elsewhere.
    if (failed) await raiseRunFailed(db, { run: failed, now, alert: true });
  },
};

/**
 * Starts the project's current step: checks the pipeline rules, counts the run against
 * the daily cap and records it as `running` in one transaction (the database allows one
 * running agent per project), then does the work and settles the run.
 */
export async function startAgentRun(ctx: ServiceContext, input: z.infer<typeof startAgentRequest>) {
  const { db, account, now } = ctx;
  // Scoped by the account: another account's project settles nothing and is a 404 below.
  await settleAbandonedRuns(db, { project: { id: input.projectId, accountId: account.id }, now });

  let run: RunRecord;
  let runs: RunRecord[];
  let project: ProjectRecord;
  let job: JobRecord;
  try {
    ({ run, runs, project, job } = await db.transaction(async (tx) => {
      // Concurrent starts for a project queue here, so each one checks the state the previous one left.
      const [project] = await tx
        .select()
        .from(projects)
        .where(ownedRow(projects, account.id, input.projectId))
        .for("update");
      if (!project) throw new AppError("not_found", "Project not found.");
      if (project.status === "onboarding") throw new AppError("not_confirmed");
      const runs = await runsOf(tx, project);
      assertCanStart(runs, input.agentType);
      const countedDay = await reserveDailyRun(tx, { account, projectId: project.id, now });
      const [inserted] = await tx
        .insert(agentRuns)
        .values({
          projectId: project.id,
          accountId: account.id,
          agentType: input.agentType,
          status: "running",
          countedDay,
          startedAt: now,
        })
        .returning();
      const job = await recordRunJob(tx, inserted!, now);
      if (!job) throw new AppError("agent_running");
      return { run: inserted!, runs, project, job };
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("agent_running");
    throw error;
  }

  ctx.accepted?.({ kind: "agent-run", id: run.id });
  ctx.progress?.(0, 1, `Running ${input.agentType}`);
  const work = runAsJob(db, job, run, {
    input: pipelineInput(project, runs, input.agentType, now),
    project,
    alertFailure: !inThePage(ctx),
  });
  // The work finishes even if the client goes away; the platform is asked to wait for it.
  ctx.waitUntil?.(work);
  const settled = await work;
  ctx.progress?.(1, 1, `${input.agentType} ${settled.status}`);
  return runAnswer(db, settled);
}

/** What starting a run answers (a task's result asks again once it settles): the run and its project as they are now. */
export async function runAnswer(db: Database, run: RunRecord) {
  const current = await getOwnedProject(db, { accountId: run.accountId, projectId: run.projectId });
  return { run: serializeRun(run), project: serializeProject(current, await pipelineRunsOf(db, current)) };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's run (settling it first if its process died), or null: another account's run is never found. */
export async function findOwnedRun(ctx: ServiceContext, { runId }: { runId: string }): Promise<RunRecord | null> {
  if (!uuidPattern.test(runId)) return null;
  const select = () =>
    ctx.db
      .select()
      .from(agentRuns)
      .where(ownedRow(agentRuns, ctx.account.id, runId));
  const [run] = await select();
  if (!run || !mayBeAbandoned(run, ctx.now)) return run ?? null;
  await settleAbandonedRuns(ctx.db, { project: { id: run.projectId, accountId: run.accountId }, now: ctx.now });
  return (await select())[0] ?? null;
}

/** The caller's runs, newest first, a page at a time: `before` is the last run of the previous page. */
export async function listOwnedRuns(
  ctx: ServiceContext,
  { limit, before }: { limit: number; before?: { startedAt: Date; id: string } },
) {
  const after =
    before &&
    or(lt(agentRuns.startedAt, before.startedAt), and(eq(agentRuns.startedAt, before.startedAt), lt(agentRuns.id, before.id)));
  return ctx.db
    .select()
    .from(agentRuns)
    .where(ownedRows(agentRuns, ctx.account.id, after))
    .orderBy(desc(agentRuns.startedAt), desc(agentRuns.id))
    .limit(limit);
}

/** The pipeline rules for starting `agentType` given the project's runs (409s with their codes). */
function assertCanStart(runs: RunRecord[], agentType: AgentType) {
  if (runs.some((run) => run.status === "running")) throw new AppError("agent_running");
  const { currentStep, latest } = pipelineState(runs);
  if (currentStep !== agentType) {
    throw new AppError(
      "step_mismatch",
      currentStep
        ? `The current step is ${currentStep}, not ${agentType}.`
        : "All five steps are approved: the pipeline is complete.",
    );
  }
  if (latest.get(agentType)?.status === "completed") {
    throw new AppError("review_pending", `Approve or reject the last ${agentType} run before running it again.`);
  }
}

/** Runs the agent and settles the run as `completed` (with its content items) or `failed`. Never throws. */
async function executeRun(
  db: Database,
  run: RunRecord,
  {
    input,
    project,
    signal,
    alertFailure,
  }: { input: AgentInput; project: ProjectRecord; signal: AbortSignal; alertFailure: boolean },
): Promise<RunRecord> {
  try {
    const result = await runAgent(run.agentType as AgentType, input);
    // Past its deadline, or another process settled it: the output is not kept.
    signal.throwIfAborted();
    const settled = await db.transaction(async (tx) => {
      const [completed] = await tx
        .update(agentRuns)
        .set({
          status: "completed",
          output: result.output,
          inputTokens: result.usage.inputTokens,
          outputTokens: result.usage.outputTokens,
          model: result.usage.model,
          completedAt: new Date(),
        })
        .where(ownedRow(agentRuns, run.accountId, run.id, eq(agentRuns.status, "running")))
        .returning();
      if (!completed)
        return loadOwned(tx, { table: agentRuns, accountId: run.accountId, id: run.id, notFound: "Run not found." });
      if (result.content.length) {
        await tx.insert(contentItems).values(
          result.content.map((item, position) => ({
            projectId: run.projectId,
            accountId: run.accountId,
            runId: run.id,
            agentType: run.agentType,
            kind: item.kind,
            title: item.title.slice(0, 200),
            body: item.body,
            position,
            source: result.usage.model,
          })),
        );
      }
      await emitWebhookEvent(tx, { type: "run.completed", of: completed, data: serializeRun(completed) });
      return completed;
    });
    // The pack's posts carry their tracked links; a failure here leaves them with the site's own address.
    if (settled.status === "completed" && result.content.length)
      await linkPackPosts(db, { project, runId: run.id }).catch((error: unknown) =>
        console.error(`run ${run.id}: tracked links not added: ${describeError(error)}`),
      );
    // The pack's brand cards; a card that fails says why on its own row, and nothing here fails the run.
    if (settled.status === "completed" && run.agentType === "launch-assets")
      await drawPackImages(db, { project }).catch((error: unknown) =>
        console.error(`run ${run.id}: pack images not drawn: ${describeError(error)}`),
      );
    return settled;
  } catch (error) {
    if (error instanceof LeaseLost) throw error;
    const reason =
      error instanceof ModelFailure || error instanceof PastDeadline
        ? error.message
        : "The run failed on our side. It was not counted; start it again.";
    if (!(error instanceof ModelFailure)) console.error(`run ${run.id} failed: ${describeError(error)}`);
    const [failed] = await db
      .update(agentRuns)
      .set({ status: "failed", error: reason, completedAt: new Date() })
      .where(ownedRow(agentRuns, run.accountId, run.id, eq(agentRuns.status, "running")))
      .returning();
    if (failed) await raiseRunFailed(db, { run: failed, now: new Date(), alert: alertFailure });
    // A failure through our fault or the model provider's does not count against the cap.
    if (failed && run.countedDay)
      await releaseDailyRun(db, { accountId: run.accountId, projectId: run.projectId, day: run.countedDay });
    return (
      failed ?? (await loadOwned(db, { table: agentRuns, accountId: run.accountId, id: run.id, notFound: "Run not found." }))
    );
  }
}

/** Approves (moving the pipeline on) or rejects (keeping the step, feedback for its next run) a completed run. */
export async function reviewRun(ctx: ServiceContext, input: z.infer<typeof reviewRunRequest>) {
  const { db, account, now } = ctx;
  const { run, project } = await db.transaction(async (tx) => {
    // The review is a conditional update on the status that was checked: two reviews of one run cannot both pass.
    const [reviewed] = await tx
      .update(agentRuns)
      .set({ status: input.action === "approve" ? "approved" : "rejected", feedback: input.feedback ?? null, reviewedAt: now })
      .where(ownedRow(agentRuns, account.id, input.runId, eq(agentRuns.status, "completed")))
      .returning();
    if (!reviewed) {
      const current = await loadOwned(tx, {
        table: agentRuns,
        accountId: account.id,
        id: input.runId,
        notFound: "Run not found.",
      });
      throw new AppError("run_not_reviewable", `Only a completed run can be reviewed; this one is ${current.status}.`);
    }
    if (input.action === "reject") {
      await tx.delete(contentItems).where(ownedRows(contentItems, account.id, eq(contentItems.runId, reviewed.id)));
    }
    const finished = input.action === "approve" && reviewed.agentType === agentTypes.at(-1);
    // "Bitte alles auf Deutsch": a rejection that asks for a language sets the project's language.
    const language = input.action === "reject" ? readFeedback(input.feedback).language : undefined;
    const [updated] = await tx
      .update(projects)
      .set({
        // Decisions merge in SQL: a concurrent PATCH of other members is never lost.
        ...(input.decisions && { decisions: mergeDecisions(input.decisions) }),
        updatedAt: now,
        ...(language && { language }),
        ...(finished && {
          status: sql`case when ${projects.status} = 'pipeline' then 'launch_ready' else ${projects.status} end`,
        }),
      })
      .where(ownedRow(projects, account.id, reviewed.projectId))
      .returning();
    return { run: reviewed, project: updated! };
  });
  return { run: serializeRun(run), project: serializeProject(project, await pipelineRunsOf(db, project)) };
}

/** `decisions || patch`: members sent replace the stored ones, members left out stay, in one statement. */
const mergeDecisions = (patch: Decisions) => sql<Decisions>`${projects.decisions} || ${JSON.stringify(patch)}::jsonb`;

/**
 * The approved steps whose draft was made before the founder last changed a decision that step
 * reads (see decisionReaders), in pipeline order: their part of the pack (and what the playbook
 * quotes from them) is out of date. A project changed before the changes were kept per decision
 * counts its one date against every step.
 */
export function outdatedSteps(
  project: Pick<ProjectRecord, "decisionsChangedAt" | "decisionChanges">,
  runs: StepRun[],
): AgentType[] {
  if (!project.decisionsChangedAt) return [];
  const changes = Object.entries(project.decisionChanges ?? {});
  const changedFor = (step: AgentType) =>
    changes.length === 0
      ? project.decisionsChangedAt!
      : changes
          .filter(([key]) => readsDecision(step, key))
          .reduce<Date | null>((latest, [, at]) => (!latest || new Date(at) > latest ? new Date(at) : latest), null);
  const approved = new Set(runs.filter((run) => run.status === "approved").map((run) => run.agentType));
  // A refresh's draft counts from the moment it is made, before its approval: a second refresh never starts meanwhile.
  const madeAt = new Map<string, Date>();
  for (const run of runs) {
    const earlier = madeAt.get(run.agentType);
    if ((run.status === "approved" || run.status === "completed") && (!earlier || run.startedAt > earlier))
      madeAt.set(run.agentType, run.startedAt);
  }
  return agentTypes.filter((step) => {
    const changedAt = changedFor(step);
    return approved.has(step) && changedAt !== null && madeAt.get(step)! < changedAt;
  });
}

export async function getLaunchFreshness(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const { project, runs } = await getOwnedProjectWithRuns(ctx.db, { accountId: ctx.account.id, projectId });
  return { decisionsChangedAt: project.decisionsChangedAt?.toISOString() ?? null, outdatedSteps: outdatedSteps(project, runs) };
}

/**
 * Makes the earliest out-of-date step's draft again with the decisions as they are now, and
 * approves it in place of the old one (whose pack items it replaces). One run against the daily
 * cap per call; the step is chosen under the project's lock, so a retry or a second tab never
 * refreshes a step twice, and nothing out of date is a no-op.
 */
export async function refreshOutdatedStep(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const { db, account, now } = ctx;
  await settleAbandonedRuns(db, { project: { id: projectId, accountId: account.id }, now });
  let started: { run: RunRecord; runs: RunRecord[]; project: ProjectRecord; job: JobRecord } | null;
  try {
    started = await db.transaction(async (tx) => {
      const [project] = await tx
        .select()
        .from(projects)
        .where(ownedRow(projects, account.id, projectId))
        .for("update");
      if (!project) throw new AppError("not_found", "Project not found.");
      const runs = await runsOf(tx, project);
      if (runs.some((run) => run.status === "running")) throw new AppError("agent_running");
      const step = outdatedSteps(project, runs)[0];
      if (!step) return null;
      const countedDay = await reserveDailyRun(tx, { account, projectId: project.id, now });
      const [run] = await tx
        .insert(agentRuns)
        .values({ projectId: project.id, accountId: account.id, agentType: step, status: "running", countedDay, startedAt: now })
        .returning();
      const job = await recordRunJob(tx, run!, now);
      if (!job) throw new AppError("agent_running");
      return { run: run!, runs, project, job };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("agent_running");
    throw error;
  }
  if (!started) return { refreshed: null, status: null, error: null, outdatedSteps: [] };
  const { run, runs, project, job } = started;
  ctx.accepted?.({ kind: "agent-run", id: run.id });
  const work = runAsJob(db, job, run, {
    input: pipelineInput(project, runs, run.agentType as AgentType, now),
    project,
    alertFailure: !inThePage(ctx),
  });
  ctx.waitUntil?.(work);
  const settled = await work;
  if (settled.status === "completed") {
    await db.transaction(async (tx) => {
      const [approved] = await tx
        .update(agentRuns)
        .set({ status: "approved", reviewedAt: new Date() })
        .where(ownedRow(agentRuns, account.id, run.id, eq(agentRuns.status, "completed")))
        .returning({ id: agentRuns.id });
      if (!approved) return;
      await tx
        .delete(contentItems)
        .where(
          ownedRows(
            contentItems,
            account.id,
            eq(contentItems.projectId, run.projectId),
            eq(contentItems.agentType, run.agentType),
            ne(contentItems.runId, run.id),
          ),
        );
    });
  }
  const after = await getOwnedProjectWithRuns(db, { accountId: account.id, projectId });
  return {
    refreshed: run.agentType as AgentType,
    status: settled.status === "completed" ? ("approved" as const) : ("failed" as const),
    error: settled.status === "completed" ? null : settled.error,
    outdatedSteps: outdatedSteps(after.project, after.runs),
  };
}

/** Merges founder decisions into the project: members sent replace, members left out stay. */
export async function updateDecisions(
  ctx: ServiceContext,
  { projectId, decisions }: { projectId: string; decisions: Decisions },
) {
  const [updated] = await ctx.db
    .update(projects)
    .set({
      decisions: mergeDecisions(decisions),
      // Only a real change dates the drafts made before it; sending what is stored changes nothing.
      decisionsChangedAt: sql`case when ${mergeDecisions(decisions)} = ${projects.decisions} then ${projects.decisionsChangedAt} else ${ctx.now.toISOString()}::timestamptz end`,
      // Each member that really changes is dated on its own, so only the steps that read it go out of date.
      decisionChanges: sql`${projects.decisionChanges} || (select coalesce(jsonb_object_agg(patch.key, ${ctx.now.toISOString()}::text), '{}'::jsonb) from jsonb_each(${JSON.stringify(decisions)}::jsonb) as patch where ${projects.decisions} -> patch.key is distinct from patch.value)`,
      updatedAt: ctx.now,
    })
    .where(ownedRow(projects, ctx.account.id, projectId))
    .returning({ decisions: projects.decisions });
  if (!updated) throw new AppError("not_found", "Project not found.");
  return { decisions: updated.decisions };
}
