import "server-only";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import { describeError } from "@/lib/db/errors";
import { heartbeatEveryMs, LeaseLost, PastDeadline } from "./outcome";
import { extendLease, type JobRecord, settleJob } from "./store";

export interface ClaimedWork<Result> {
  /** How long the work may take; past it the signal aborts with `PastDeadline`. */
  deadlineMs: number;
  /** The work: it checks `signal` before each step that writes or calls a network, and stops with its reason. */
  work(signal: AbortSignal): Promise<Result>;
  /** How the job settles for what the work returned. */
  settled(result: Result): { status: "succeeded" | "failed"; error?: string; payload?: Record<string, unknown> };
  /** How the job settles for what the work threw (a lost claim settles nothing: the job is another's). */
  failed(error: unknown): { error: string; payload?: Record<string, unknown> };
}

/**
 * Runs work on a job this process recorded as claimed (`recordClaimedJob`): extends its lease
 * while the work goes on, aborts the work's signal when the lease is lost or the deadline
 * passes, and settles the job once, conditional on the claim. A process killed meanwhile
 * leaves the lease to lapse, and the ticker (or the next reader) settles the job.
 */
export async function workUnderClaim<Result>(db: Database, job: JobRecord, claimed: ClaimedWork<Result>): Promise<Result> {
  const control = new AbortController();
  const stop = (reason: Error) => {
    if (!control.signal.aborted) control.abort(reason);
  };
  const heartbeat = keepLease(db, job, config().jobs.leaseMs, stop);
  const deadline = setTimeout(
    () => stop(new PastDeadline(`The work took longer than ${Math.round(claimed.deadlineMs / 1000)} s; start it again.`)),
    claimed.deadlineMs,
  );
  try {
    const result = await claimed.work(control.signal);
    if (control.signal.reason instanceof LeaseLost) throw control.signal.reason;
    await settleJob(db, job, claimed.settled(result), new Date());
    return result;
  } catch (error) {
    if (!(error instanceof LeaseLost)) {
      const { error: message, payload } = claimed.failed(error);
      await settleJob(db, job, { status: "failed", error: message, payload }, new Date()).catch((failure) =>
        console.error(`[jobs] settling ${job.kind} ${job.id} failed; its lease will lapse:`, describeError(failure)),
      );
    }
    throw error;
  } finally {
    heartbeat.stop();
    clearTimeout(deadline);
  }
}

/**
 * Extends a job's lease while its worker works (the pool's jobs and request work alike); calls
 * `lost` once the claim is gone, or once the database has not confirmed it for a whole lease.
 * The lease's end is read on `clock` (a test's, for the pool); the rhythm is real time.
 */
export function keepLease(
  db: Database,
  job: JobRecord,
  leaseMs: number,
  lost: (reason: Error) => void,
  clock: () => Date = () => new Date(),
) {
  let confirmedUntil = Date.now() + leaseMs;
  let beating = true;
  let timer: NodeJS.Timeout | undefined;
  const beat = async () => {
    try {
      if (!(await extendLease(db, job, new Date(clock().getTime() + leaseMs))))
        return lost(new LeaseLost(`another worker holds ${job.kind} job ${job.id} now`));
      confirmedUntil = Date.now() + leaseMs;
    } catch (error) {
      if (Date.now() >= confirmedUntil) return lost(new LeaseLost(`the lease of ${job.id} could not be extended`));
      console.error(`[jobs] extending the lease of ${job.id} failed; trying again:`, describeError(error));
    }
    if (beating) timer = setTimeout(() => void beat(), heartbeatEveryMs(leaseMs));
  };
  timer = setTimeout(() => void beat(), heartbeatEveryMs(leaseMs));
  return {
    stop() {
      beating = false;
      clearTimeout(timer);
    },
  };
}
