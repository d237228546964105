import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import type { FileResult, ServerEvent } from "@/lib/core/file-result";
import type { Database } from "@/lib/db";
import { describeError } from "@/lib/db/errors";
import { agentRuns, jobs, projects } from "@/lib/db/schema";
import { watchJobs } from "@/lib/jobs/events";
import type { AgentType } from "@/lib/schemas/project";
import type { JobProgress, JobState } from "@/lib/schemas/publishing";
import { mayBeAbandoned, pipelineState, settleAbandonedRuns } from "./pipeline";
import { getOwnedProject } from "./project-records";
import { ownedRow } from "./tenant";

/**
 * The stream reads the database when a job of the project changes (lib/jobs/events) and,
 * as a safety net for what no job announces (a run another instance changed by hand), every
 * `recheckMs`; progress and keep-alives are sent without reading; its longest life.
 */
export const eventTiming = { recheckMs: 30_000, progressMs: 2000, keepAliveMs: 15_000, maxLifeMs: 280_000 };

interface RunState {
  id: string;
  agentType: AgentType;
  status: string;
  error: string | null;
  startedAt: string;
  completedAt: string | null;
  reviewedAt: string | null;
}

/** The project's state as the stream reports it: what the pipeline shows and every run's status, in one statement. */
async function readState(db: Database, accountId: string, projectId: string) {
  const rows = await db
    .select({
      project: { id: projects.id, status: projects.status, updatedAt: projects.updatedAt },
      jobs: recentJobs(accountId, projectId),
      run: {
        id: agentRuns.id,
        agentType: agentRuns.agentType,
        status: agentRuns.status,
        error: agentRuns.error,
        startedAt: agentRuns.startedAt,
        completedAt: agentRuns.completedAt,
        reviewedAt: agentRuns.reviewedAt,
      },
    })
    .from(projects)
    .leftJoin(agentRuns, and(eq(agentRuns.projectId, projects.id), eq(agentRuns.accountId, projects.accountId)))
    .where(ownedRow(projects, accountId, projectId))
    .orderBy(asc(agentRuns.startedAt));
  const project = rows[0]?.project;
  if (!project) return null;
  const found = rows.flatMap((row) => (row.run ? [row.run] : []));
  const { currentStep, steps } = pipelineState(found);
  const runs: RunState[] = found.map((run) => ({
    ...run,
    agentType: run.agentType as AgentType,
    startedAt: run.startedAt.toISOString(),
    completedAt: run.completedAt?.toISOString() ?? null,
    reviewedAt: run.reviewedAt?.toISOString() ?? null,
  }));
  return {
    project: { id: project.id, status: project.status, currentStep, steps, updatedAt: project.updatedAt.toISOString() },
    runs,
    jobs: (typeof rows[0]?.jobs === "string" ? JSON.parse(rows[0].jobs) : (rows[0]?.jobs ?? [])) as JobState[],
    running: found.find((run) => run.status === "running") ?? null,
  };
}

/** The project's latest jobs (plans, drafts, publications, metric pulls) with their progress: a subquery, so a poll stays one statement. */
const recentJobs = (accountId: string, projectId: string) => sql<JobState[]>`(
  select coalesce(json_agg(recent), '[]'::json) from (
    select id, kind, subject_id as "subjectId", status, attempts, ${sql.raw(isoText("run_at"))} as "runAt",
      last_error as "lastError", ${sql.raw(isoText("settled_at"))} as "settledAt", payload->'progress' as progress
    from ${jobs} where ${jobs.accountId} = ${accountId} and ${jobs.projectId} = ${projectId} and ${jobs.kind} <> 'agent_run'
    order by ${jobs.createdAt} desc limit 25) recent)`;

/** A time as the API writes every time (`Date.toISOString()`), written by the database. */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The work a request is doing in the project now (a plan or a draft being written), with
 * its progress: what the dashboard shows after a reload. A job whose lease ran out is
 * left out (its request died; the ticker settles it).
 */
export async function listActiveJobs(ctx: ServiceContext, { projectId }: { projectId: string }) {
  await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  const rows = await ctx.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.accountId, ctx.account.id),
        eq(jobs.projectId, projectId),
        eq(jobs.status, "running"),
        inArray(jobs.kind, ["plan", "draft"]),
        gt(jobs.claimedUntil, ctx.now),
      ),
    )
    .orderBy(asc(jobs.createdAt));
  return {
    jobs: rows.map(
      (job): JobState => ({
        id: job.id,
        kind: job.kind,
        subjectId: job.subjectId,
        status: job.status,
        attempts: job.attempts,
        runAt: job.runAt.toISOString(),
        lastError: job.lastError,
        settledAt: job.settledAt?.toISOString() ?? null,
        progress: (job.payload.progress as JobProgress | undefined) ?? null,
      }),
    ),
  };
}

/** The state, after settling a run whose process died (a write only when a read finds one). */
async function currentState(db: Database, accountId: string, projectId: string, now: Date) {
  const state = await readState(db, accountId, projectId);
  if (!state?.running || !mayBeAbandoned(state.running, now)) return state;
  await settleAbandonedRuns(db, { project: { id: projectId, accountId }, now });
  return readState(db, accountId, projectId);
}

/**
 * The project's run changes and progress as events (the face writes them as Server-Sent
 * Events), read from the database (so a run started on another instance shows too): `state`
 * first and on every change, `progress` while a run is going, then `end` once nothing runs
 * (or when the stream has lived its longest; the client reconnects). It reads again when a
 * job of the project changes, not in a loop. Throws 404 before streaming for a project that
 * is not the caller's.
 */
export async function streamProjectEvents(ctx: ServiceContext, { projectId }: { projectId: string }): Promise<FileResult> {
  await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  return {
    body: projectEvents(ctx.db, ctx.account.id, projectId),
    contentType: "text/event-stream; charset=utf-8",
    filename: "events",
  };
}

async function* projectEvents(db: Database, accountId: string, projectId: string): AsyncGenerator<ServerEvent> {
  // Watching before the first read: a change in between is not missed.
  const watch = watchJobs(db, (change) => change.accountId === accountId && change.projectId === projectId);
  const started = Date.now();
  let lastState = "";
  let lastProgress = 0;
  let lastWrite = Date.now();
  try {
    yield { retryMs: 3000 };
    while (true) {
      const readAt = Date.now();
      const state = await currentState(db, accountId, projectId, new Date());
      if (!state) {
        yield { event: "end", data: { reason: "gone" } };
        return;
      }
      const signature = JSON.stringify([state.project, state.runs, state.jobs]);
      if (signature !== lastState) {
        lastState = signature;
        yield { event: "state", data: { project: state.project, runs: state.runs, jobs: state.jobs } };
        lastWrite = Date.now();
      }
      // A running job (a plan being written, a post going out) keeps the stream open too: its settling is the next `state`.
      if (!state.running && !state.jobs.some((job) => job.status === "running")) {
        yield { event: "end", data: { reason: "idle" } };
        return;
      }
      // Until a change, or the safety re-check: progress and keep-alives need no read.
      while (true) {
        const now = Date.now();
        if (now - started >= eventTiming.maxLifeMs) {
          yield { event: "end", data: { reason: "reconnect" } };
          return;
        }
        if (state.running && now - lastProgress >= eventTiming.progressMs) {
          lastProgress = lastWrite = now;
          const elapsedSeconds = Math.max(0, Math.round((now - state.running.startedAt.getTime()) / 1000));
          yield {
            event: "progress",
            data: {
              runId: state.running.id,
              agentType: state.running.agentType,
              elapsedSeconds,
              message: `Working on ${state.running.agentType} (${elapsedSeconds} s)`,
            },
          };
        }
        if (now - lastWrite >= eventTiming.keepAliveMs) {
          lastWrite = now;
          yield { comment: "keep-alive" };
        }
        const due = [
          readAt + eventTiming.recheckMs,
          lastWrite + eventTiming.keepAliveMs,
          started + eventTiming.maxLifeMs,
          ...(state.running ? [lastProgress + eventTiming.progressMs] : []),
        ];
        const changed = await watch.next(Math.max(10, Math.min(...due) - Date.now()));
        if (changed || Date.now() - readAt >= eventTiming.recheckMs) break;
      }
    }
  } catch (error) {
    console.error(`[events ${projectId}] stream failed:`, describeError(error));
    yield { event: "end", data: { reason: "error" } };
  } finally {
    watch.close();
  }
}
