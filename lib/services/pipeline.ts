import { and, eq, lt } from "drizzle-orm";
import type { z } from "zod";
import { runAgent } from "@/lib/agents/run";
import type { AgentInput, ApprovedOutputs } from "@/lib/agents";
import { ModelFailure } from "@/lib/ai/generate";
import type { Database } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { agentRuns, contentItems, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { releaseDailyRun, reserveDailyRun } from "@/lib/limits";
import type { AuthenticatedContext } from "@/lib/operations/operation";
import { agentTypes, type AgentType, type Decisions, type Onboarding, type reviewRunRequest, type startAgentRequest } from "@/lib/schemas/project";
import { getOwnedProject, pipelineRunsOf, pipelineState, runsOf, serializeProject, serializeRun, type ProjectRecord, type RunRecord } from "./projects";

/** A run still `running` this long after it started lost its process (the model call is bounded well below it). */
export const staleRunAfterMs = 6 * 60 * 1000;

/** Settles runs whose process died as `failed` (and gives their run back), so a project is never stuck. */
export async function settleStaleRuns(db: Database, projectId: string, now: Date): Promise<void> {
  const stale = await db
    .update(agentRuns)
    .set({ status: "failed", error: "The run was interrupted before it finished. Start it again.", completedAt: now })
    .where(and(eq(agentRuns.projectId, projectId), eq(agentRuns.status, "running"), lt(agentRuns.startedAt, new Date(now.getTime() - staleRunAfterMs))))
    .returning();
  for (const run of stale) {
    if (run.countedDay) await releaseDailyRun(db, run.accountId, run.projectId, run.countedDay);
  }
}

/** What an agent works from: the answers, the decisions, earlier approved work and the last rejection's feedback. */
function agentInput(project: ProjectRecord, runs: RunRecord[], agentType: AgentType): AgentInput {
  const approved: Record<string, unknown> = {};
  for (const run of runs) if (run.status === "approved" && run.agentType !== agentType) approved[run.agentType] = run.output;
  const lastOfStep = runs.filter((run) => run.agentType === agentType && run.status !== "running").at(-1);
  return {
    projectName: project.name,
    onboarding: project.onboarding as Onboarding,
    decisions: project.decisions as Decisions,
    approved: approved as ApprovedOutputs,
    feedback: lastOfStep?.status === "rejected" ? lastOfStep.feedback : null,
  };
}

/**
 * Starts the project's current step: checks the pipeline rules, counts the run against
 * the daily cap and records it as `running` in one transaction (the database allows one
 * running agent per project), then does the work and settles the run.
 */
export async function startAgentRun(ctx: AuthenticatedContext, input: z.infer<typeof startAgentRequest>) {
  const { db, account, now } = ctx;
  const project = await getOwnedProject(db, account.id, input.projectId);
  await settleStaleRuns(db, project.id, now);
  if (project.status === "onboarding") throw new AppError("not_confirmed");

  let run: RunRecord;
  let runs: RunRecord[];
  try {
    ({ run, runs } = await db.transaction(async (tx) => {
      // Concurrent starts for a project queue here, so each one checks the state the previous one left.
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for("update");
      const runs = await runsOf(tx, project.id);
      assertCanStart(runs, input.agentType);
      const countedDay = await reserveDailyRun(tx, account, project.id, now);
      const [inserted] = await tx
        .insert(agentRuns)
        .values({ projectId: project.id, accountId: account.id, agentType: input.agentType, status: "running", countedDay, startedAt: now })
        .returning();
      return { run: inserted!, runs };
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("agent_running");
    throw error;
  }

  ctx.progress?.(0, 1, `Running ${input.agentType}`);
  const work = executeRun(db, run, agentInput(project, runs, input.agentType));
  // The work finishes even if the client goes away; the platform is asked to wait for it.
  ctx.waitUntil?.(work);
  const settled = await work;
  ctx.progress?.(1, 1, `${input.agentType} ${settled.status}`);
  const [current] = await db.select().from(projects).where(eq(projects.id, project.id));
  return { run: serializeRun(settled), project: serializeProject(current!, await pipelineRunsOf(db, project.id)) };
}

/** The pipeline rules for starting `agentType` given the project's runs (409s with their codes). */
function assertCanStart(runs: RunRecord[], agentType: AgentType) {
  if (runs.some((run) => run.status === "running")) throw new AppError("agent_running");
  const { currentStep, latest } = pipelineState(runs);
  if (currentStep !== agentType) {
    throw new AppError(
      "step_mismatch",
      currentStep ? `The current step is ${currentStep}, not ${agentType}.` : "All five steps are approved: the pipeline is complete.",
    );
  }
  if (latest.get(agentType)?.status === "completed") {
    throw new AppError("review_pending", `Review the last ${agentType} run (PATCH /api/v1/agents) before running it again.`);
  }
}

/** Runs the agent and settles the run as `completed` (with its content items) or `failed`. Never throws. */
async function executeRun(db: Database, run: RunRecord, input: AgentInput): Promise<RunRecord> {
  try {
    const result = await runAgent(run.agentType as AgentType, input);
    return await db.transaction(async (tx) => {
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
        .where(and(eq(agentRuns.id, run.id), eq(agentRuns.status, "running")))
        .returning();
      if (!completed) return (await tx.select().from(agentRuns).where(eq(agentRuns.id, run.id)))[0]!;
      if (result.content.length) {
        await tx.insert(contentItems).values(
          result.content.map((item, position) => ({
            projectId: run.projectId,
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
      return completed;
    });
  } catch (error) {
    const reason = error instanceof ModelFailure ? error.message : "The run failed on our side. It was not counted; start it again.";
    if (!(error instanceof ModelFailure)) console.error(`run ${run.id} failed`, error);
    const [failed] = await db
      .update(agentRuns)
      .set({ status: "failed", error: reason, completedAt: new Date() })
      .where(and(eq(agentRuns.id, run.id), eq(agentRuns.status, "running")))
      .returning();
    // A failure through our fault or the model provider's does not count against the cap.
    if (failed && run.countedDay) await releaseDailyRun(db, run.accountId, run.projectId, run.countedDay);
    return failed ?? (await db.select().from(agentRuns).where(eq(agentRuns.id, run.id)))[0]!;
  }
}

/** Approves (moving the pipeline on) or rejects (keeping the step, feedback for its next run) a completed run. */
export async function reviewRun(ctx: AuthenticatedContext, input: z.infer<typeof reviewRunRequest>) {
  const { db, account, now } = ctx;
  const [found] = await db
    .select({ run: agentRuns, project: projects })
    .from(agentRuns)
    .innerJoin(projects, eq(projects.id, agentRuns.projectId))
    .where(and(eq(agentRuns.id, input.runId), eq(projects.accountId, account.id)));
  if (!found) throw new AppError("not_found", "Run not found.");
  const notReviewable = () => new AppError("run_not_reviewable", `Only a completed run can be reviewed; this one is ${found.run.status}.`);
  if (found.run.status !== "completed") throw notReviewable();

  const { run, project } = await db.transaction(async (tx) => {
    const [reviewed] = await tx
      .update(agentRuns)
      .set({ status: input.action === "approve" ? "approved" : "rejected", feedback: input.feedback ?? null, reviewedAt: now })
      .where(and(eq(agentRuns.id, found.run.id), eq(agentRuns.status, "completed")))
      .returning();
    if (!reviewed) throw notReviewable();
    if (input.action === "reject") await tx.delete(contentItems).where(eq(contentItems.runId, found.run.id));

    const decisions = input.decisions ? { ...(found.project.decisions as Decisions), ...input.decisions } : found.project.decisions;
    const finished = input.action === "approve" && found.run.agentType === agentTypes.at(-1) && found.project.status === "pipeline";
    const [updated] = await tx
      .update(projects)
      .set({ decisions, updatedAt: now, ...(finished && { status: "launch_ready" as const }) })
      .where(eq(projects.id, found.project.id))
      .returning();
    return { run: reviewed, project: updated! };
  });
  return { run: serializeRun(run), project: serializeProject(project, await pipelineRunsOf(db, project.id)) };
}

/** The project with its runs (oldest first), settling any run whose process died. */
export async function getProjectDetail(ctx: AuthenticatedContext, projectId: string) {
  const project = await getOwnedProject(ctx.db, ctx.account.id, projectId);
  await settleStaleRuns(ctx.db, project.id, ctx.now);
  const runs = await runsOf(ctx.db, project.id);
  return { project: serializeProject(project, runs), runs: runs.map(serializeRun) };
}

/** Merges founder decisions into the project: members sent replace, members left out stay. */
export async function updateDecisions(ctx: AuthenticatedContext, projectId: string, decisions: Decisions) {
  const project = await getOwnedProject(ctx.db, ctx.account.id, projectId);
  const merged = { ...(project.decisions as Decisions), ...decisions };
  await ctx.db.update(projects).set({ decisions: merged, updatedAt: ctx.now }).where(eq(projects.id, project.id));
  return { decisions: merged };
}
