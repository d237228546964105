import "server-only";
import os from "node:os";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import { describeError } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import type { JobKind } from "@/lib/schemas/publishing";
import { keepLease } from "./claimed";
import { backoffMs, GiveUp, LeaseLost, PastDeadline, RetryLater } from "./outcome";
import { claimDueJobs, type JobRecord, requeueJob, settleJob } from "./store";

export interface JobContext {
  db: Database;
  now: Date;
  /**
   * Aborted when the job must stop: its lease is lost (another worker holds it now:
   * `LeaseLost`) or it is past its deadline (`PastDeadline`). A handler checks it before each
   * network call (`signal.throwIfAborted()`); the abort's reason is what it throws.
   */
  signal: AbortSignal;
}

/** What runs a kind of job; `giveUp` records the last failure on what the job worked on. */
export interface JobHandler {
  run(job: JobRecord, ctx: JobContext): Promise<void>;
  giveUp(job: JobRecord, reason: string, ctx: Omit<JobContext, "signal">): Promise<void>;
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
  /** Jobs this worker stopped because its claim was lost (another worker holds them now). */
  fenced: number;
}

interface PoolOptions {
  /** The jobs' clock (a test's); the deadline and the heartbeat's rhythm are real time. */
  now?: () => Date;
  /** How many jobs run at once (JOBS_POOL_SIZE). */
  size?: number;
  ids?: string[];
  worker?: string;
  /** Stop claiming after this many claims (a drain's bound). */
  maxClaims?: number;
  /** Stop claiming this long after the pool started (a drain inside a platform's time limit). */
  claimForMs?: number;
}

/**
 * A bounded pool of running jobs: `fill()` claims as many due jobs as there are free slots
 * (the claim keeps each account within JOBS_PER_ACCOUNT) and starts each on its own; a slot
 * that frees claims again. Nothing waits for a batch: a founder's slow network holds only the
 * slots of that founder's jobs.
 */
export class JobPool {
  readonly report: DueJobsReport = { claimed: 0, succeeded: 0, retried: 0, failed: 0, fenced: 0 };
  private readonly running = new Set<Promise<void>>();
  private filling: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly startedAt = Date.now();

  constructor(
    private readonly database: () => Promise<Database>,
    private readonly options: PoolOptions = {},
  ) {}

  get busy() {
    return this.running.size;
  }

  /** Claims due jobs into the free slots now (joining a fill under way, which then claims once more). */
  fill(): Promise<void> {
    if (this.filling) {
      this.again = true;
      return this.filling;
    }
    this.filling = this.claimWhileFree().finally(() => {
      this.filling = null;
    });
    return this.filling;
  }

  private async claimWhileFree() {
    const { leaseMs, perAccount, poolSize } = config().jobs;
    const size = this.options.size ?? poolSize;
    const clock = this.options.now ?? (() => new Date());
    const worker = this.options.worker ?? workerId;
    const runningHere = runningOf(worker);
    do {
      this.again = false;
      const left = (this.options.maxClaims ?? Number.POSITIVE_INFINITY) - this.report.claimed;
      const free = Math.min(size - this.running.size, left);
      if (this.stopped || free <= 0) return;
      if (this.options.claimForMs !== undefined && Date.now() - this.startedAt > this.options.claimForMs) return;
      const db = await this.database();
      const claimed = await claimDueJobs(db, {
        now: clock(),
        worker,
        limit: free,
        leaseMs,
        perAccount,
        ids: this.options.ids,
        exclude: [...runningHere],
      });
      this.report.claimed += claimed.length;
      for (const job of claimed) {
        runningHere.add(job.id);
        const run: Promise<void> = runClaimedJob(db, job, clock, this.report).finally(() => {
          runningHere.delete(job.id);
          this.running.delete(run);
          if (!this.stopped) void this.fill().catch(logClaimFailure);
        });
        this.running.add(run);
      }
      // A full claim means more may be due.
      if (claimed.length === free) this.again = true;
    } while (this.again);
  }

  /** Settles when no job runs and no claim is under way. */
  async idle(): Promise<void> {
    while (this.filling || this.running.size > 0) {
      await Promise.allSettled([this.filling, ...this.running]);
    }
  }

  /** Claims nothing more; settles when the jobs it runs are done. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }
}

/**
 * The jobs each worker of this process runs now, whichever of its pools claimed them: its
 * claim never takes one of them over (an event loop stalled past the lease would otherwise
 * run a job twice in one process; the heartbeat then extends the lease again).
 */
const runningByWorker = new Map<string, Set<string>>();
const runningOf = (worker: string) => {
  const running = runningByWorker.get(worker) ?? new Set<string>();
  runningByWorker.set(worker, running);
  return running;
};

const logClaimFailure = (error: unknown) =>
  console.error("[jobs] claiming due jobs failed; the next tick retries:", describeError(error));

/**
 * The one "run due jobs now" both engines call (QStash's route, the sweeper, tests): runs
 * what is due, or abandoned by a dead worker, in a pool of `limit` slots (JOBS_POOL_SIZE),
 * claiming again as slots free, until nothing due is left (at most 40 pools' worth, and
 * claiming for at most `claimForMs`, 150 s by default: with a job's deadline of 120 s the
 * QStash route's call ends within its 300 s). Errors of one job never stop the others.
 */
export async function runDueJobs(
  db: Database,
  options: { now?: () => Date; limit?: number; ids?: string[]; worker?: string; claimForMs?: number } = {},
): Promise<DueJobsReport> {
  const size = options.limit ?? config().jobs.poolSize;
  const pool = new JobPool(async () => db, { claimForMs: 150_000, ...options, size, maxClaims: size * 40 });
  await pool.fill();
  await pool.idle();
  return pool.report;
}

/**
 * Runs one claimed job: extends its lease while the handler works (conditional on this very
 * claim), aborts the handler's signal when the lease is lost or the job passes its deadline,
 * then settles or requeues it (both conditional on the claim, so a worker that lost it
 * changes nothing).
 */
async function runClaimedJob(db: Database, job: JobRecord, clock: () => Date, report: DueJobsReport): Promise<void> {
  const { leaseMs, retryBaseMs, deadlineMs } = config().jobs;
  const handler = handlers.get(job.kind);
  const now = clock();
  if (!handler) {
    // A process that cannot run this kind (a deployment mistake): hand it back untouched for one that can.
    console.error(`[jobs] no handler for ${job.kind} jobs in this process; ${job.id} is handed back`);
    await requeueJob(db, job, new Date(now.getTime() + 5000), `no handler for ${job.kind} jobs`, now).catch(
      logSettleFailure(job),
    );
    report.retried++;
    return;
  }
  const control = new AbortController();
  const stopAt = (reason: Error) => {
    if (!control.signal.aborted) control.abort(reason);
  };
  const lease = keepLease(db, job, leaseMs, stopAt, clock);
  const deadline = setTimeout(
    () =>
      stopAt(new PastDeadline(`The work took longer than ${Math.round(deadlineMs / 1000)} s; it goes on from where it stopped.`)),
    deadlineMs,
  );
  try {
    // A job whose workers kept dying: its last claim only records the failure.
    if (job.attempts > job.maxAttempts) throw new GiveUp(job.lastError ?? "the worker running it stopped too often");
    // A handler stops at its next network call once aborted, and each call has its own timeout;
    // one that still has not returned a minute past the deadline is left to its lease, which
    // then lapses (no heartbeat) so the slot is not held forever.
    let abandon: NodeJS.Timeout | undefined;
    await Promise.race([
      handler.run(job, { db, now, signal: control.signal }),
      new Promise<never>((_, reject) => {
        abandon = setTimeout(
          () => reject(new LeaseLost(`${job.kind} job ${job.id} did not stop after its deadline; its lease is left to lapse`)),
          deadlineMs + 60_000,
        );
      }),
    ]).finally(() => clearTimeout(abandon));
    if (control.signal.reason instanceof LeaseLost) throw control.signal.reason;
    await settleJob(db, job, { status: "succeeded" }, clock());
    report.succeeded++;
  } catch (error) {
    if (error instanceof LeaseLost) {
      console.error(`[jobs] ${job.kind} ${job.id} stopped: ${error.message}`);
      report.fenced++;
      return;
    }
    // Only our own errors' words are kept on the job (and shown on its item): a database
    // error's message carries the statement's parameters.
    const ours = error instanceof GiveUp || error instanceof RetryLater || error instanceof AppError;
    const reason = ours ? (error as Error).message : "An unexpected error stopped this attempt.";
    if (!(error instanceof GiveUp) && !(error instanceof RetryLater))
      console.error(`[jobs] ${job.kind} ${job.id} attempt ${job.attempts} failed:`, describeError(error));
    const at = clock();
    try {
      if (error instanceof GiveUp || job.attempts >= job.maxAttempts) {
        await handler
          .giveUp(job, reason, { db, now: at })
          .catch((failure) =>
            console.error(`[jobs] ${job.kind} ${job.id}: recording the failure failed:`, describeError(failure)),
          );
        await settleJob(db, job, { status: "failed", error: reason }, at);
        report.failed++;
        return;
      }
      const wait =
        error instanceof RetryLater && error.retryAfterMs !== undefined
          ? error.retryAfterMs
          : backoffMs(job.attempts, retryBaseMs);
      await requeueJob(db, job, new Date(at.getTime() + wait), reason, at);
      report.retried++;
    } catch (failure) {
      // The lease lapses and another claim takes the job over.
      logSettleFailure(job)(failure);
    }
  } finally {
    lease.stop();
    clearTimeout(deadline);
  }
}

const logSettleFailure = (job: JobRecord) => (error: unknown) =>
  console.error(`[jobs] settling ${job.kind} ${job.id} failed; its lease will lapse:`, describeError(error));
