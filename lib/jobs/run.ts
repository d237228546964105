import "server-only";
import os from "node:os";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import { describeError } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import type { JobKind } from "@/lib/schemas/publishing";
import { backoffMs, GiveUp, RetryLater } from "./outcome";
import { claimDueJobs, type JobRecord, requeueJob, settleJob } from "./store";

export interface JobContext {
  db: Database;
  now: Date;
}

/** What runs a kind of job; `giveUp` records the last failure on what the job worked on. */
export interface JobHandler {
  run(job: JobRecord, ctx: JobContext): Promise<void>;
  giveUp(job: JobRecord, reason: string, ctx: JobContext): Promise<void>;
}

const handlers = new Map<JobKind, JobHandler>();

export function registerJobHandler(kind: JobKind, handler: JobHandler) {
  handlers.set(kind, handler);
}

/** This process as a worker: enough to tell claims apart in the jobs table. */
export const workerId = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;

export interface DueJobsReport {
  claimed: number;
  succeeded: number;
  retried: number;
  failed: number;
}

/**
 * The one "run due jobs now" both engines call: claims what is due (or abandoned by a dead
 * worker), runs each, and settles or requeues it. Errors of one job never stop the others.
 */
export async function runDueJobs(
  db: Database,
  options: { now?: () => Date; limit?: number; ids?: string[] } = {},
): Promise<DueJobsReport> {
  const clock = options.now ?? (() => new Date());
  const { leaseMs, retryBaseMs } = config().jobs;
  const claimed = await claimDueJobs(db, {
    now: clock(),
    worker: workerId,
    limit: options.limit ?? 25,
    leaseMs,
    ids: options.ids,
  });
  const report: DueJobsReport = { claimed: claimed.length, succeeded: 0, retried: 0, failed: 0 };
  await Promise.all(
    claimed.map(async (job) => {
      const handler = handlers.get(job.kind);
      const ctx = { db, now: clock() };
      if (!handler) {
        // A process that cannot run this kind (a deployment mistake): hand it back untouched for one that can.
        console.error(`[jobs] no handler for ${job.kind} jobs in this process; ${job.id} is handed back`);
        await requeueJob(db, job, new Date(ctx.now.getTime() + 5000), `no handler for ${job.kind} jobs`, ctx.now);
        report.retried++;
        return;
      }
      try {
        // A job whose workers kept dying: its last claim only records the failure.
        if (job.attempts > job.maxAttempts) throw new GiveUp(job.lastError ?? "the worker running it stopped too often");
        await handler.run(job, ctx);
        await settleJob(db, job, { status: "succeeded" }, clock());
        report.succeeded++;
      } catch (error) {
        // Only our own errors' words are kept on the job (and shown on its item): a database
        // error's message carries the statement's parameters.
        const ours = error instanceof GiveUp || error instanceof RetryLater || error instanceof AppError;
        const reason = ours ? (error as Error).message : "An unexpected error stopped this attempt.";
        if (!(error instanceof GiveUp) && !(error instanceof RetryLater))
          console.error(`[jobs] ${job.kind} ${job.id} attempt ${job.attempts} failed:`, describeError(error));
        const now = clock();
        if (error instanceof GiveUp || job.attempts >= job.maxAttempts) {
          await handler
            .giveUp(job, reason, { db, now })
            .catch((failure) =>
              console.error(`[jobs] ${job.kind} ${job.id}: recording the failure failed:`, describeError(failure)),
            );
          await settleJob(db, job, { status: "failed", error: reason }, now);
          report.failed++;
          return;
        }
        const wait =
          error instanceof RetryLater && error.retryAfterMs !== undefined
            ? error.retryAfterMs
            : backoffMs(job.attempts, retryBaseMs);
        await requeueJob(db, job, new Date(now.getTime() + wait), reason, now);
        report.retried++;
      }
    }),
  );
  return report;
}
