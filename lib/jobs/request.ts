import "server-only";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import { AppError, type ErrorCode } from "@/lib/errors";
import type { JobKind, JobProgress } from "@/lib/schemas/publishing";
import { workUnderClaim } from "./claimed";
import { watchJobs } from "./events";
import { GiveUp, LeaseLost, PastDeadline } from "./outcome";
import { type JobHandler, workerId } from "./run";
import { findActiveJob, type JobRecord, mergeJobPayload, readJob, recordClaimedJob, settleLapsedJob } from "./store";

/** A joined request answers before the platform's five-minute limit; the work goes on and shows in the project. */
export const requestTiming = { joinLimitMs: 290_000, deadlineMs: 280_000, safetyRecheckMs: 30_000 };

/** What the work of a request job can tell its job row: progress for the dashboard, and what a dead request leaves to give back. */
export interface RequestJobHandle {
  id: string;
  /** Aborted when the job's lease is lost (LeaseLost) or it passed its deadline (PastDeadline); `progress` throws it. */
  signal: AbortSignal;
  progress(step: number, steps: number, message: string): Promise<void>;
  remember(values: Record<string, unknown>): Promise<void>;
}

export interface RequestWork<Result, Gate = undefined> {
  db: Database;
  accountId: string;
  kind: Extract<JobKind, "plan" | "draft">;
  projectId: string;
  subjectId: string;
  /** Told of the job's id once it is recorded, or found running and joined (an MCP task answers with it). */
  onAccepted?: (jobId: string) => void;
  /** Passes on progress to the caller (MCP progress, a joined tab). */
  onProgress?: (step: number, steps: number, message: string) => void;
  /**
   * The rules that may refuse the work (plan limits, daily cap, state), run in the transaction
   * that records the job: a refused request leaves no job, and what the gate counts (a run)
   * is recorded in the same commit as the job. Its result is remembered on the job.
   */
  gate?: (tx: Database) => Promise<{ remember: Record<string, unknown>; value: Gate }>;
  /** What the job's payload keeps of the result, so a joined request can read it back. */
  saved(result: Result): Record<string, unknown>;
  reread(payload: Record<string, unknown>): Promise<Result>;
  /** Gives back what a request that died held (a counted run), from what it remembered. */
  release?(job: JobRecord, db: Database): Promise<void>;
  /** The answer to a request that finds the work under way for too long, or changing hands. */
  busy(): AppError;
  work(job: RequestJobHandle, gate: Gate): Promise<Result>;
}

/** Rolls the gate's transaction back when another request's job holds the key: this one joins it. */
class AlreadyRunning extends Error {}

/**
 * Long work a request does itself (a week plan, a draft), as a job of lib/jobs: recorded
 * (after its gates) and claimed with the pool's lease before the work starts, its lease kept
 * alive by the heartbeat while it works, stopped at its deadline, and settled once (fenced by
 * the claim). A second request for the same work joins it and answers as it does; it is told
 * of progress and the end by lib/jobs/events, not by polling. A job whose request died is
 * settled by the ticker once its lease lapses (`abandonedRequestJobHandler`); the request's
 * work is never retried on its own.
 */
export async function runInRequest<Result, Gate = undefined>(request: RequestWork<Result, Gate>): Promise<Result> {
  const { db, accountId, kind, projectId, subjectId } = request;
  const dedupeKey = `${kind}:${accountId}:${subjectId}`;
  const { leaseMs } = config().jobs;
  for (let attempt = 0; attempt < 3; attempt++) {
    const record = async (tx: Database) => {
      const gated = request.gate ? await request.gate(tx) : { remember: {}, value: undefined as Gate };
      const job = await recordClaimedJob(tx, {
        accountId,
        projectId,
        kind,
        subjectId,
        dedupeKey,
        payload: gated.remember,
        now: new Date(),
        worker: workerId,
        leaseMs,
      });
      if (!job) throw new AlreadyRunning();
      return { job, gate: gated.value };
    };
    let mine: { job: JobRecord; gate: Gate } | null = null;
    try {
      mine = request.gate ? await db.transaction(record) : await record(db);
    } catch (error) {
      // A refusal while the same work runs (its run took the last of the cap, say) joins it instead.
      if (!(error instanceof AlreadyRunning) && !(error instanceof AppError)) throw error;
      const running = await findActiveJob(db, { accountId, dedupeKey });
      if (!running) {
        if (error instanceof AlreadyRunning) continue;
        throw error;
      }
      const now = new Date();
      if (running.claimedUntil && running.claimedUntil.getTime() < now.getTime()) {
        await settleAbandoned(request, running, now);
        if (error instanceof AppError) throw error;
        continue;
      }
      request.onAccepted?.(running.id);
      const joined = await joinJob(request, running.id);
      if (joined) return joined.result;
      continue;
    }
    request.onAccepted?.(mine.job.id);
    return workUnderLease(request, mine.job, mine.gate);
  }
  throw request.busy();
}

const abandonedMessage = "The server stopped during this work; start it again.";

/** Settles a job whose request died and gives back what it held; of two that notice, one does it. */
async function settleAbandoned(request: RequestWork<unknown, unknown>, job: JobRecord, now: Date) {
  const settled = await settleLapsedJob(request.db, job, abandonedMessage, now);
  if (settled) await request.release?.(settled, request.db);
}

async function workUnderLease<Result, Gate>(request: RequestWork<Result, Gate>, job: JobRecord, gate: Gate): Promise<Result> {
  const { db } = request;
  try {
    return await workUnderClaim(db, job, {
      deadlineMs: requestTiming.deadlineMs,
      work: (signal) =>
        request.work(
          {
            id: job.id,
            signal,
            async progress(step, steps, message) {
              signal.throwIfAborted();
              request.onProgress?.(step, steps, message);
              await mergeJobPayload(db, job, { progress: { step, steps, message } satisfies JobProgress }, new Date());
            },
            async remember(values) {
              signal.throwIfAborted();
              await mergeJobPayload(db, job, values, new Date());
            },
          },
          gate,
        ),
      settled: (result) => ({ status: "succeeded", payload: request.saved(result) }),
      failed: (error) => {
        const code: ErrorCode = error instanceof AppError ? error.code : "internal_error";
        const message =
          error instanceof AppError || error instanceof PastDeadline ? (error as Error).message : "The work failed on our side.";
        return { error: message, payload: { code, message } };
      },
    });
  } catch (error) {
    if (error instanceof LeaseLost) throw request.busy();
    if (error instanceof PastDeadline) throw new AppError("provider_unavailable", error.message);
    throw error;
  }
}

/**
 * Waits for the running job and answers as it did: its result, or its error. Its progress is
 * passed on. Told of each change (lib/jobs/events); it reads the job again only then, or after
 * a slow safety re-check. Null when it was abandoned (settled without an answer of its own:
 * its request died), so the caller starts the work afresh.
 */
async function joinJob<Result, Gate>(request: RequestWork<Result, Gate>, jobId: string): Promise<{ result: Result } | null> {
  const { db, accountId } = request;
  const deadline = Date.now() + requestTiming.joinLimitMs;
  let told = 0;
  request.onProgress?.(0, 1, "This work is already under way (another tab or client): waiting for it");
  const watch = watchJobs(db, (change) => change.jobId === jobId);
  try {
    while (Date.now() < deadline) {
      const found = await readJob(db, { accountId, jobId });
      if (found?.status === "succeeded") return { result: await request.reread(found.payload) };
      if (!found || found.status === "failed" || found.status === "cancelled") {
        const payload = (found?.payload ?? {}) as { code?: ErrorCode; message?: string };
        if (!payload.code) return null;
        throw new AppError(payload.code, payload.message);
      }
      const now = Date.now();
      if (found.claimedUntil && found.claimedUntil.getTime() < now) {
        await settleAbandoned(request, found, new Date(now));
        return null;
      }
      const progress = found.payload.progress as JobProgress | undefined;
      // MCP progress only ever grows: a stage is passed on once the job is past the first.
      if (progress && progress.step > told) {
        told = progress.step;
        request.onProgress?.(progress.step, progress.steps, progress.message);
      }
      const untilLapse = found.claimedUntil ? found.claimedUntil.getTime() - now + 1000 : requestTiming.safetyRecheckMs;
      await watch.next(Math.max(100, Math.min(requestTiming.safetyRecheckMs, untilLapse, deadline - now)));
    }
  } finally {
    watch.close();
  }
  throw request.busy();
}

/** The ticker's side of request jobs: one it finds was abandoned (its lease ran out), so it is released and settled as failed. */
export function abandonedRequestJobHandler(release?: (job: JobRecord, db: Database) => Promise<void>): JobHandler {
  return {
    run: async () => {
      throw new GiveUp(abandonedMessage);
    },
    giveUp: async (job, _reason, { db }) => {
      await release?.(job, db);
    },
  };
}
