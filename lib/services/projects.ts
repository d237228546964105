import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ServiceContext } from "@/lib/core/context";
import { agentRuns, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { detectProjectLanguage } from "@/lib/i18n/detect";
import { assertCanCreateProject } from "@/lib/limits";
import { type PageQuery, uuid } from "@/lib/schemas/common";
import type { createProjectRequest, updateProjectRequest } from "@/lib/schemas/project";
import { decodeCursor, isPaged, pageOf } from "./pages";
import { pipelineRunsOf, serializeProject, stepColumns } from "./pipeline";
import { inIds, ownedRow, ownedRows } from "./tenant";

// Projects as records: creation within the plan's cap, renaming, listing. Their pipeline
// (state, runs, confirmation, steps, reviews, decisions) is lib/services/pipeline.ts.

/**
 * Creates a project within the plan's cap (the count and the insert happen under the
 * account's row lock); `confirmed` enters it in the pipeline at once.
 */
export async function createProject(
  ctx: ServiceContext,
  { project: input, confirmed = false }: { project: z.infer<typeof createProjectRequest>; confirmed?: boolean },
) {
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
export async function updateProject(
  ctx: ServiceContext,
  { projectId, ...input }: { projectId: string } & z.infer<typeof updateProjectRequest>,
) {
  const changes = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.language !== undefined && { language: input.language }),
  };
  const [updated] = await ctx.db
    .update(projects)
    .set({ ...changes, updatedAt: ctx.now })
    .where(ownedRow(projects, ctx.account.id, projectId))
    .returning();
  if (!updated) throw new AppError("not_found", "Project not found.");
  return { project: serializeProject(updated, await pipelineRunsOf(ctx.db, updated)) };
}

export async function listProjects(ctx: ServiceContext, query: PageQuery = {}) {
  // Pages follow (creation time to the millisecond, id), newest first: the cursor holds the last item's pair.
  const after = decodeCursor(
    query.cursor,
    ["string", "string"],
    ([createdAt, id]) => !Number.isNaN(Date.parse(createdAt as string)) && uuid.safeParse(id).success,
  );
  const created = sql`date_trunc('milliseconds', ${projects.createdAt})`;
  const rows = await ctx.db
    .select()
    .from(projects)
    .where(
      and(
        eq(projects.accountId, ctx.account.id),
        after && sql`(${created}, ${projects.id}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`,
      ),
    )
    .orderBy(desc(created), desc(projects.id))
    .limit(query.limit === undefined ? Number.MAX_SAFE_INTEGER : query.limit + 1);
  const page = pageOf(rows, query, (project) => [project.createdAt.toISOString(), project.id]);
  const ids = page.rows.map((project) => project.id);
  const runs = ids.length
    ? await ctx.db
        .select(stepColumns)
        .from(agentRuns)
        .where(ownedRows(agentRuns, ctx.account.id, inIds(agentRuns.projectId, ids)))
    : [];
  const listed = page.rows.map((project) =>
    serializeProject(
      project,
      runs.filter((run) => run.projectId === project.id),
    ),
  );
  // Without `limit` or `cursor` the answer is the spec's plain list.
  return { projects: listed, ...(isPaged(query) && { nextCursor: page.nextCursor }) };
}
