import { and, asc, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "@/lib/db";
import { agentRuns, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { assertCanCreateProject } from "@/lib/limits";
import type { AuthenticatedContext } from "@/lib/operations/operation";
import { agentTypes, type AgentType, type createProjectRequest, type Decisions, type Onboarding } from "@/lib/schemas/project";

export type ProjectRecord = typeof projects.$inferSelect;
export type RunRecord = typeof agentRuns.$inferSelect;

/** What the pipeline's state is derived from: each run's step, status and start (not its output). */
export type StepRun = Pick<RunRecord, "agentType" | "status" | "startedAt">;
const stepColumns = { projectId: agentRuns.projectId, agentType: agentRuns.agentType, status: agentRuns.status, startedAt: agentRuns.startedAt };

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
    status: project.status,
    onboarding: project.onboarding as Onboarding,
    decisions: project.decisions as Decisions,
    pipeline: { currentStep, steps },
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

export function serializeRun(run: RunRecord) {
  return {
    id: run.id,
    projectId: run.projectId,
    agentType: run.agentType as AgentType,
    status: run.status,
    feedback: run.feedback,
    output: (run.output as Record<string, unknown> | null) ?? null,
    error: run.error,
    usage: { inputTokens: run.inputTokens, outputTokens: run.outputTokens, model: run.model },
    startedAt: run.startedAt.toISOString(),
    completedAt: run.completedAt?.toISOString() ?? null,
    reviewedAt: run.reviewedAt?.toISOString() ?? null,
  };
}

/** The caller's project, or 404 (another account's project is never revealed). */
export async function getOwnedProject(db: Database, accountId: string, projectId: string): Promise<ProjectRecord> {
  const [project] = await db.select().from(projects).where(and(eq(projects.id, projectId), eq(projects.accountId, accountId)));
  if (!project) throw new AppError("not_found", "Project not found.");
  return project;
}

export const runsOf = (db: Database, projectId: string) =>
  db.select().from(agentRuns).where(eq(agentRuns.projectId, projectId)).orderBy(asc(agentRuns.startedAt));

/** A project's runs, with only what its pipeline state needs. */
export const pipelineRunsOf = (db: Database, projectId: string) => db.select(stepColumns).from(agentRuns).where(eq(agentRuns.projectId, projectId));

export async function createProject(ctx: AuthenticatedContext, input: z.infer<typeof createProjectRequest>) {
  await assertCanCreateProject(ctx.db, ctx.account);
  const [project] = await ctx.db
    .insert(projects)
    .values({ accountId: ctx.account.id, name: input.name, onboarding: input.onboarding, decisions: {} })
    .returning();
  return { project: serializeProject(project!, []) };
}

export async function listProjects(ctx: AuthenticatedContext) {
  const owned = await ctx.db.select().from(projects).where(eq(projects.accountId, ctx.account.id)).orderBy(desc(projects.createdAt));
  const runs = owned.length ? await ctx.db.select(stepColumns).from(agentRuns).where(eq(agentRuns.accountId, ctx.account.id)) : [];
  return { projects: owned.map((project) => serializeProject(project, runs.filter((run) => run.projectId === project.id))) };
}

export async function confirmProject(ctx: AuthenticatedContext, projectId: string) {
  const project = await getOwnedProject(ctx.db, ctx.account.id, projectId);
  let confirmed = project;
  if (project.status === "onboarding") {
    [confirmed] = await ctx.db
      .update(projects)
      .set({ status: "pipeline", confirmedAt: ctx.now, updatedAt: ctx.now })
      .where(eq(projects.id, projectId))
      .returning();
  }
  return { project: serializeProject(confirmed!, await pipelineRunsOf(ctx.db, projectId)) };
}
