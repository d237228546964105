/** A job's attempt that should run again later (a rate limit's wait when the network gave one). */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** A job that must not run again (the network refused for good, or what it works on is gone). */
export class GiveUp extends Error {}

/** The wait before attempt `attempt + 1`: doubling from `baseMs`, at most an hour, with ±20 % jitter so retries spread. */
export function backoffMs(attempt: number, baseMs: number, random = Math.random): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/**
 * A job that worked past its deadline (JOB_DEADLINE_S): its handler stops at its next network
 * call and the job is retried later, from what it recorded.
 */
export class PastDeadline extends RetryLater {}

/**
 * This worker's claim on a job is gone (its lease could not be extended: another worker took
 * the job over, or the database could not confirm it in time). The handler stops before its
 * next network call, and nothing is settled: the job is the other worker's now.
 */
export class LeaseLost extends Error {}

/** How often a running job's lease is extended: three times per lease, so one slow statement never lets it lapse. */
export const heartbeatEveryMs = (leaseMs: number) => Math.max(100, Math.floor(leaseMs / 3));
