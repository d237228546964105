/**
 * A network's failure, classified once where the network is spoken to:
 * - `unconfirmed`: a post's request may have reached a network that takes no idempotency key
 *   and whose posts cannot be looked up, and its answer was lost (the connection broke or timed
 *   out after sending): it is never retried automatically; the founder checks and confirms;
 * - `auth`: the network refused our credentials (the connection is disconnected);
 * - `rate_limit`: retry after `retryAfterMs`;
 * - `transient`: a 5xx, a timeout, a dropped connection (retry with backoff; never disconnects);
 * - `permanent`: the network refused this request for good (fail with its reason).
 */
export type NetworkErrorKind = "auth" | "rate_limit" | "transient" | "permanent" | "unconfirmed";

export class NetworkError extends Error {
  constructor(
    readonly kind: NetworkErrorKind,
    message: string,
    readonly retryAfterMs?: number,
    /** The network's own error name (XRPC `error`, an OAuth error code). */
    readonly code?: string,
    /** A transport failure after the request was sent: the network may have done what it asked. */
    readonly mayHaveArrived = false,
  ) {
    super(message);
  }
}

/** Seconds or an HTTP date (Retry-After), or a Unix time (RateLimit-Reset): the wait in ms. */
export function retryAfterMs(headers: Record<string, string>, now = Date.now()): number | undefined {
  const after = headers["retry-after"];
  if (after) {
    if (/^\d+$/.test(after.trim())) return Number(after) * 1000;
    const at = Date.parse(after);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const reset = headers["ratelimit-reset"] ?? headers["x-ratelimit-reset"] ?? headers["x-rate-limit-reset"];
  if (reset && /^\d+$/.test(reset.trim())) {
    const value = Number(reset);
    // A Unix time, or (some servers) seconds from now.
    return value > 1e9 ? Math.max(0, value * 1000 - now) : value * 1000;
  }
  const isoReset = reset ? Date.parse(reset) : Number.NaN;
  return Number.isNaN(isoReset) ? undefined : Math.max(0, isoReset - now);
}

/**
 * For a post on a network with no idempotency key and no way to look the post up: a transport
 * failure after the request was sent becomes `unconfirmed` (never retried automatically).
 */
export async function postOnce<T>(label: string, post: () => Promise<T>): Promise<T> {
  try {
    return await post();
  } catch (error) {
    if (error instanceof NetworkError && error.kind === "transient" && error.mayHaveArrived)
      throw new NetworkError(
        "unconfirmed",
        `${label}: the post was sent but its answer was lost (${error.message}); it may have gone out`,
      );
    throw error;
  }
}
