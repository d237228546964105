import "server-only";
import { and, asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "@/lib/db";
import { preparedQuery } from "@/lib/db/prepared";
import { agentRuns, projects } from "@/lib/db/schema";
import type { BrandSystem, LaunchAssets, LaunchStrategy, MarketStrategy, WebsiteCopy } from "@/lib/schemas/agent-outputs";
import { assertCanCreateProject } from "@/lib/limits";
import type { ServiceContext } from "@/lib/core/context";
import { AppError } from "@/lib/errors";
import { type PageQuery, uuid } from "@/lib/schemas/common";
import { decodeCursor, isPaged, pageOf } from "./pages";
import { inIds, loadOwned, ownedRow, ownedRows } from "./tenant";
import { agentTypes, type AgentType, type createProjectRequest, type updateProjectRequest } from "@/lib/schemas/project";
import { detectProjectLanguage } from "@/lib/i18n/detect";

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
    language: project.language,
    status: project.status,
    onboarding: project.onboarding,
    decisions: project.decisions,
    pipeline: { currentStep, steps },
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
  };
}

/** Each pipeline step's output, as its agent's schema defines it. */
export interface AgentOutputs {
  "market-strategist": MarketStrategy;
  "brand-architect": BrandSystem;
  "launch-strategist": LaunchStrategy;
  "website-copy": WebsiteCopy;
  "launch-assets": LaunchAssets;
}

interface RunFields {
  id: string;
  projectId: string;
  status: RunRecord["status"];
  feedback: string | null;
  error: string | null;
  usage: { inputTokens: number | null; outputTokens: number | null; model: string | null };
  startedAt: string;
  completedAt: string | null;
  reviewedAt: string | null;
}
/** A run as clients see it: its output typed by its step. */
export type SerializedRun = { [A in AgentType]: RunFields & { agentType: A; output: AgentOutputs[A] | null } }[AgentType];

export function serializeRun(run: RunRecord): SerializedRun {
  return {
    id: run.id,
    projectId: run.projectId,
    // The output column holds what the run's own agent produced (validated by its schema).
    agentType: run.agentType as AgentType,
    status: run.status,
    feedback: run.feedback,
    output: (run.output ?? null) as AgentOutputs[AgentType] | null,
    error: run.error,
    usage: { inputTokens: run.inputTokens, outputTokens: run.outputTokens, model: run.model },
    startedAt: run.startedAt.toISOString(),
    completedAt: run.completedAt?.toISOString() ?? null,
    reviewedAt: run.reviewedAt?.toISOString() ?? null,
  } as SerializedRun;
}

/** The caller's project, or 404 (another account's project is never revealed). */
export const getOwnedProject = (db: Database, accountId: string, projectId: string): Promise<ProjectRecord> =>
  loadOwned(db, projects, accountId, projectId, "Project not found.");

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
export async function getOwnedProjectWithRuns(db: Database, accountId: string, projectId: string): Promise<{ project: ProjectRecord; runs: RunRecord[] }> {
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
  db.select(stepColumns).from(agentRuns).where(ownedRows(agentRuns, project.accountId, eq(agentRuns.projectId, project.id)));

/**
 * Creates a project within the plan's cap (the count and the insert happen under the
 * account's row lock); `confirmed` enters it in the pipeline at once.
 */
export async function createProject(ctx: ServiceContext, input: z.infer<typeof createProjectRequest>, { confirmed = false } = {}) {
  const project = await ctx.db.transaction(async (tx) => {
    await assertCanCreateProject(tx, ctx.account);
    const [inserted] = await tx
      .insert(projects)
      .values({
        accountId: ctx.account.id,
        name: input.name,
        language: input.language ?? detectProjectLanguage(input.onboarding),
        onboarding: input.onboarding,
        decisions: {},
        ...(confirmed && { status: "pipeline" as const, confirmedAt: ctx.now }),
      })
      .returning();
    return inserted!;
  });
  return { project: serializeProject(project, []) };
}

/** Renames a project or changes the language its agents write in; members left out stay. */
export async function updateProject(ctx: ServiceContext, { projectId, ...input }: { projectId: string } & z.infer<typeof updateProjectRequest>) {
  const changes = { ...(input.name !== undefined && { name: input.name }), ...(input.language !== undefined && { language: input.language }) };
  const [updated] = await ctx.db.update(projects).set({ ...changes, updatedAt: ctx.now }).where(ownedRow(projects, ctx.account.id, projectId)).returning();
  if (!updated) throw new AppError("not_found", "Project not found.");
  return { project: serializeProject(updated, await pipelineRunsOf(ctx.db, updated)) };
}

export async function listProjects(ctx: ServiceContext, query: PageQuery = {}) {
  // Pages follow (creation time to the millisecond, id), newest first: the cursor holds the last item's pair.
  const after = decodeCursor(query.cursor, ["string", "string"], ([createdAt, id]) => !Number.isNaN(Date.parse(createdAt as string)) && uuid.safeParse(id).success);
  const created = sql`date_trunc('milliseconds', ${projects.createdAt})`;
  const rows = await ctx.db
    .select()
    .from(projects)
    .where(and(eq(projects.accountId, ctx.account.id), after && sql`(${created}, ${projects.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`))
    .orderBy(desc(created), desc(projects.id))
    .limit(query.limit === undefined ? Number.MAX_SAFE_INTEGER : query.limit + 1);
  const page = pageOf(rows, query, (project) => [project.createdAt.toISOString(), project.id]);
  const ids = page.rows.map((project) => project.id);
  const runs = ids.length ? await ctx.db.select(stepColumns).from(agentRuns).where(ownedRows(agentRuns, ctx.account.id, inIds(agentRuns.projectId, ids))) : [];
  const listed = page.rows.map((project) => serializeProject(project, runs.filter((run) => run.projectId === project.id)));
  // Without `limit` or `cursor` the answer is the spec's plain list.
  return { projects: listed, ...(isPaged(query) && { nextCursor: page.nextCursor }) };
}

/** Confirms a project (it enters the pipeline); confirming again changes nothing. */
export async function confirmProject(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const [confirmed] = await ctx.db
    .update(projects)
    .set({ status: "pipeline", confirmedAt: ctx.now, updatedAt: ctx.now })
    .where(ownedRow(projects, ctx.account.id, projectId, eq(projects.status, "onboarding")))
    .returning();
  const project = confirmed ?? (await getOwnedProject(ctx.db, ctx.account.id, projectId));
  return { project: serializeProject(project, await pipelineRunsOf(ctx.db, project)) };
}
