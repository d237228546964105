import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { jobs } from "@/lib/db/schema";
import { AppError, type ErrorCode } from "@/lib/errors";
import { GiveUp } from "@/lib/jobs/outcome";
import { type JobHandler, workerId } from "@/lib/jobs/run";
import type { JobRecord } from "@/lib/jobs/store";
import type { JobProgress } from "@/lib/schemas/publishing";

const joinPollMs = 400;
/** A joined request answers before the platform's five-minute limit; the work goes on and shows in the project. */
const joinLimitMs = 290_000;
/** How long a request may hold its job before another may take over: the model's longest call and some. */
const leaseMs = () => config().model.timeoutMs + 120_000;

/** What the work of a request job can tell its job row: progress for the dashboard, and what a dead request leaves to give back. */
export interface RequestJobHandle {
  id: string;
  progress(step: number, steps: number, message: string): Promise<void>;
  remember(values: Record<string, unknown>): Promise<void>;
}

export interface RequestJob<Result> {
  ctx: ServiceContext;
  kind: "plan" | "draft";
  projectId: string;
  subjectId: string;
  /** What the job's payload keeps of the result, so a joined request can read it back. */
  saved(result: Result): Record<string, unknown>;
  reread(payload: Record<string, unknown>): Promise<Result>;
  /** Gives back what a request that died held (a counted run), from what it remembered. */
  release?(job: JobRecord, db: Database): Promise<void>;
  /** The answer to a request that finds the work under way for too long, or changing hands. */
  busy(): AppError;
  work(job: RequestJobHandle): Promise<Result>;
}

/**
 * Long work a request does itself, recorded as a job first: visible in the project's event
 * stream (with its progress) and one at a time per subject. A second request for the same
 * subject while one runs joins it and answers as it does, instead of doing the work (and
 * spending tokens) twice. A job whose request died (its lease ran out) is settled and
 * released by the next request or the ticker.
 */
export async function runAsRequestJob<Result>(job: RequestJob<Result>): Promise<Result> {
  const { ctx, kind, projectId, subjectId } = job;
  const { db, account } = ctx;
  const dedupeKey = `${kind}:${account.id}:${subjectId}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    const [mine] = await db
      .insert(jobs)
      .values({
        accountId: account.id,
        projectId,
        kind,
        subjectId,
        dedupeKey,
        status: "running",
        runAt: now,
        attempts: 1,
        maxAttempts: 1,
        claimedBy: workerId,
        claimedUntil: new Date(now.getTime() + leaseMs()),
      })
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('queued', 'running')` })
      .returning();
    if (mine) return runJob(job, mine.id);
    const [running] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.accountId, account.id), sql`${jobs.status} in ('queued', 'running')`));
    if (!running) continue;
    if (running.claimedUntil && running.claimedUntil.getTime() < now.getTime()) {
      await settleAbandoned(db, running, job.release, now);
      continue;
    }
    const joined = await joinJob(job, running.id);
    if (joined) return joined.result;
  }
  throw job.busy();
}

/** Settles a job whose request died, giving back what it held; of two settlers, one does it. */
async function settleAbandoned(db: Database, job: JobRecord, release: RequestJob<unknown>["release"], now: Date) {
  const [settled] = await db
    .update(jobs)
    .set({ status: "failed", lastError: "The server stopped during this work.", settledAt: now, updatedAt: now })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts)))
    .returning();
  if (settled) await release?.(settled, db);
}

async function runJob<Result>(job: RequestJob<Result>, jobId: string): Promise<Result> {
  const { ctx } = job;
  const ours = and(eq(jobs.id, jobId), eq(jobs.accountId, ctx.account.id), eq(jobs.status, "running"));
  const merge = (values: Record<string, unknown>) =>
    ctx.db
      .update(jobs)
      .set({ payload: sql`${jobs.payload} || ${JSON.stringify(values)}::jsonb`, updatedAt: new Date() })
      .where(ours)
      .then(() => undefined);
  const settle = (status: "succeeded" | "failed", payload: Record<string, unknown>, error?: string) =>
    ctx.db
      .update(jobs)
      .set({
        status,
        payload: sql`${jobs.payload} || ${JSON.stringify(payload)}::jsonb`,
        lastError: error ?? null,
        settledAt: new Date(),
        updatedAt: new Date(),
        claimedUntil: null,
      })
      .where(ours);
  const handle: RequestJobHandle = {
    id: jobId,
    async progress(step, steps, message) {
      ctx.progress?.(step, steps, message);
      await merge({ progress: { step, steps, message } satisfies JobProgress });
    },
    remember: merge,
  };
  try {
    const result = await job.work(handle);
    await settle("succeeded", job.saved(result));
    return result;
  } catch (error) {
    const code: ErrorCode = error instanceof AppError ? error.code : "internal_error";
    const message = error instanceof AppError ? error.message : "The work failed on our side.";
    await settle("failed", { code, message }, message).catch(() => undefined);
    throw error;
  }
}

/**
 * Waits for the running job and answers as it did: its result, or its error. Its progress
 * is passed on. Null when it was abandoned (settled without an answer of its own: its
 * request died), so the caller starts the work afresh.
 */
async function joinJob<Result>(job: RequestJob<Result>, jobId: string): Promise<{ result: Result } | null> {
  const { ctx } = job;
  const deadline = Date.now() + joinLimitMs;
  let told = 0;
  ctx.progress?.(0, 1, "This work is already under way (another tab or client): waiting for it");
  while (Date.now() < deadline) {
    const [found] = await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.accountId, ctx.account.id)));
    if (found?.status === "succeeded") return { result: await job.reread(found.payload) };
    if (!found || found.status === "failed" || found.status === "cancelled") {
      const payload = (found?.payload ?? {}) as { code?: ErrorCode; message?: string };
      if (!payload.code) return null;
      throw new AppError(payload.code, payload.message);
    }
    const progress = found.payload.progress as JobProgress | undefined;
    // MCP progress only ever grows: a stage is passed on once the job is past the first.
    if (progress && progress.step > told) {
      told = progress.step;
      ctx.progress?.(progress.step, progress.steps, progress.message);
    }
    await new Promise((resolve) => setTimeout(resolve, joinPollMs));
  }
  throw job.busy();
}

/** The ticker's side of request jobs: one it finds was abandoned (its lease ran out), so it is released and settled as failed. */
export function abandonedRequestJobHandler(release?: RequestJob<unknown>["release"]): JobHandler {
  return {
    run: async () => {
      throw new GiveUp("The server stopped during this work; start it again.");
    },
    giveUp: async (job, _reason, { db }) => {
      await release?.(job, db);
    },
  };
}
