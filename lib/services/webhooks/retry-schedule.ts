/**
 * When a failed delivery is tried again: after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h (about
 * 18 hours in all), so an endpoint down for most of a day still gets every event.
 */
export const webhookRetryDelaysMs = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000] as const;

/** Every attempt a delivery gets: the first and one per wait. */
export const webhookMaxAttempts = webhookRetryDelaysMs.length + 1;

/** The wait after attempt `attempt` (1-based) failed; null once no attempt is left. */
export function webhookRetryDelayMs(attempt: number): number | null {
  return webhookRetryDelaysMs[attempt - 1] ?? null;
}

/** An endpoint whose every attempt failed for this long is turned off, and its founder told. */
export const webhookDisableAfterMs = 5 * 24 * 3_600_000;

/** How long the previous secret still signs after a rotation. */
export const webhookSecretOverlapMs = 24 * 3_600_000;

/** Endpoints one account may have. */
export const maxWebhookEndpoints = 10;

/** How long an endpoint has to answer, and how much of its answer is read. */
export const webhookTimeoutMs = 10_000;
export const webhookMaxAnswerBytes = 64 * 1024;

/** Whether an endpoint failing since `failingSince` has failed long enough to be turned off at `now`. */
export const failedTooLong = (failingSince: Date | null, now: Date) =>
  failingSince !== null && now.getTime() - failingSince.getTime() >= webhookDisableAfterMs;
