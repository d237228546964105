import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { ServiceContext } from "@/lib/core/context";
import { JsonText } from "@/lib/core/json-text";
import type { KeyPeek } from "@/lib/core/key-peek";
import { type Database, databaseKind } from "@/lib/db/client";
import { preparedQuery } from "@/lib/db/prepared";
import { projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import {
  abandonedRunCheckMs,
  mayBeAbandoned,
  type SerializedRun,
  type StepRun,
  serializeProject,
  settleAbandonedRuns,
} from "./pipeline";

// A project's detail as clients read it (`GET /projects/{id}`, the MCP tool): the project with
// its runs, written as JSON by the database, and kept rendered while its rows are unchanged.

export interface ProjectDetail {
  project: ReturnType<typeof serializeProject>;
  runs: SerializedRun[];
}

/** A timestamp as `Date.toISOString()` spells it (UTC, milliseconds truncated as a JavaScript Date keeps them). */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The project's runs, as `r`, for the `projects` row in scope. */
const runsOfProject = "r.project_id = projects.id and r.account_id = projects.account_id";
const ownRuns = `from agent_runs r where ${runsOfProject}`;

/**
 * A project's runs as the JSON text of `serializeRun`'s answers, oldest first, separated by
 * commas: the database writes it and the answer carries it as it is (parsing the outputs
 * and writing them again was most of a project read's own CPU). `row_to_json` names the
 * members in this order and writes them compactly; an output (jsonb) is written as Postgres
 * writes jsonb: the members in its stored order, with a space after each `:` and `,`.
 */
const runsJsonText = sql.raw(`(select string_agg(row_to_json(run)::text, ',' order by r.started_at)
  from agent_runs r cross join lateral (select r.id, r.project_id as "projectId", r.agent_type as "agentType", r.status,
    r.feedback, r.output, r.error,
    (select row_to_json(usage) from (select r.input_tokens as "inputTokens", r.output_tokens as "outputTokens", r.model) usage) as usage,
    ${isoText("r.started_at")} as "startedAt", ${isoText("r.completed_at")} as "completedAt", ${isoText("r.reviewed_at")} as "reviewedAt") run
  where ${runsOfProject})`);

/**
 * Which rows the detail is made of, as text: the transaction that last wrote the project row
 * and each of its runs (`xmin`, which every insert and update sets anew), and when the
 * database server started (a restored database reuses transaction ids, and restarts).
 */
const detailVersion = sql.raw(`pg_postmaster_start_time()::text || '/' || projects.xmin::text || '/'
  || coalesce((select string_agg(r.xmin::text, ',' order by r.started_at, r.id) ${ownRuns}), '')`);

const ownedProject = and(eq(projects.id, sql.placeholder("projectId")), eq(projects.accountId, sql.placeholder("accountId")));

const detailQuery = (db: Database) =>
  db
    .select({
      project: projects,
      version: sql<string>`${detailVersion}`,
      // What the pipeline's state is derived from: each run's step, status and start.
      steps: sql<
        [string, StepRun["status"], string][]
      >`coalesce((select json_agg(json_build_array(r.agent_type, r.status, ${sql.raw(isoText("r.started_at"))}) order by r.started_at) ${sql.raw(ownRuns)}), '[]'::json)`,
      runs: sql<string | null>`${runsJsonText}`,
    })
    .from(projects)
    .where(ownedProject);

/**
 * The detail's version as it is now, or null when a run has outlived its bound (the read
 * then settles it), for the `projects` row in scope.
 */
const currentVersion = sql<string | null>`case when exists (select 1 ${sql.raw(ownRuns)} and r.status = 'running'
  and r.started_at < ${sql.placeholder("staleBefore")}::timestamptz) then null else ${detailVersion} end`;

const versionQuery = (db: Database) => db.select({ version: currentVersion }).from(projects).where(ownedProject);

/**
 * The version, read by the API key's statement (`GET /projects/{id}` over REST): null also
 * when the project is not the key's account's, which the full read then answers as 404.
 */
export const projectDetailPeek: KeyPeek = {
  name: "project-detail",
  sql: (accountId) =>
    sql`(select ${currentVersion} from projects where projects.id = ${sql.placeholder("projectId")}::uuid and projects.account_id = ${accountId})`,
  values: (params, now) => ({ projectId: params.id, staleBefore: staleBefore(now) }),
};

const staleBefore = (now: Date) => new Date(now.getTime() - abandonedRunCheckMs()).toISOString();

interface RenderedDetail {
  version: string;
  answer: JsonText<ProjectDetail>;
}

/**
 * Details rendered by this process, by account and project: a read whose rows are unchanged
 * answers the same text without the database writing it again. Bounded in bytes, counted
 * without encoding anything (a character of the text takes at most two bytes as a string
 * and three as UTF-8, once REST has encoded it), and in age.
 */
const rendered = new WeakMap<Database, LRUCache<string, RenderedDetail>>();
const renderedOf = (db: Database) => {
  let details = rendered.get(db);
  if (!details) {
    details = new LRUCache({
      maxSize: 16 * 1024 * 1024,
      sizeCalculation: (detail) => 5 * detail.answer.parts.reduce((characters, part) => characters + part.length, 0),
      ttl: 10 * 60_000,
    });
    rendered.set(db, details);
  }
  return details;
};

async function readDetail(db: Database, owned: { accountId: string; projectId: string }) {
  const [found] = await preparedQuery(db, "project-detail", detailQuery).execute(owned);
  if (!found) throw new AppError("not_found", "Project not found.");
  const steps = found.steps.map(([agentType, status, startedAt]) => ({ agentType, status, startedAt: new Date(startedAt) }));
  return { project: found.project, version: found.version, steps, runsText: found.runs ?? "" };
}

/**
 * The project with its runs (oldest first), settling any run whose process died, as the
 * JSON text of `{ project, runs }`. While the project and its runs are as they were at the
 * last read, the read is one small statement that says so (over REST, none: the key's
 * statement peeks).
 */
export async function getProjectDetail(
  ctx: ServiceContext,
  { projectId }: { projectId: string },
): Promise<JsonText<ProjectDetail>> {
  const { db, now } = ctx;
  const owned = { accountId: ctx.account.id, projectId };
  // Inside a transaction one transaction id can write a row twice, and may yet roll back.
  const details = databaseKind(db) ? renderedOf(db) : undefined;
  const cacheKey = `${owned.accountId}/${projectId}`;
  const cached = details?.get(cacheKey);
  if (cached && (await currentVersionOf(ctx, owned)) === cached.version) return cached.answer;
  let detail = await readDetail(db, owned).catch((error: unknown) => {
    details?.delete(cacheKey);
    throw error;
  });
  // Settling writes only when a run has outlived its bound (its process died).
  if (detail.steps.some((run) => mayBeAbandoned(run, now))) {
    await settleAbandonedRuns(db, { project: detail.project, now });
    detail = await readDetail(db, owned);
  }
  const project = JSON.stringify(serializeProject(detail.project, detail.steps));
  const answer = new JsonText<ProjectDetail>(`{"project":${project},"runs":[`, detail.runsText, "]}");
  details?.set(cacheKey, { version: detail.version, answer });
  return answer;
}

/** The version as the key's statement read it for this project, or by a statement of its own (null: read it all). */
async function currentVersionOf(ctx: ServiceContext, owned: { accountId: string; projectId: string }) {
  const { peeked } = ctx;
  if (peeked?.name === projectDetailPeek.name && peeked.params.id === owned.projectId) return peeked.value as string | null;
  const [current] = await preparedQuery(ctx.db, "project-detail-version", versionQuery).execute({
    ...owned,
    staleBefore: staleBefore(ctx.now),
  });
  return current?.version ?? null;
}
