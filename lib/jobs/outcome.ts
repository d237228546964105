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
