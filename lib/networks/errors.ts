import { OutboundUrlError, sendOutbound } from "@/lib/security/outbound-url";

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

export interface JsonAnswer {
  status: number;
  headers: Record<string, string>;
  json: Record<string, unknown> | null;
}

const parse = (body: string) => {
  try {
    const value = JSON.parse(body) as unknown;
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** One JSON call to a network through the outbound guard; transport failures are `transient`. Never includes secrets in messages. */
export async function callNetwork(
  url: string,
  options: {
    method: "GET" | "POST";
    headers?: Record<string, string>;
    json?: unknown;
    form?: Record<string, string>;
    timeoutMs?: number;
  },
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  let body: string | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  }
  const answer = await sendGuarded(url, { method: options.method, headers, body, timeoutMs: options.timeoutMs });
  return { status: answer.status, headers: answer.headers, json: parse(answer.body) };
}

/** One request through the outbound guard, its transport failures classified: a refusal by the guard is `permanent`, the rest `transient`. */
export async function sendGuarded(
  url: string,
  options: { method: "GET" | "POST"; headers: Record<string, string>; body?: string; timeoutMs?: number },
) {
  try {
    return await sendOutbound(url, { ...options, timeoutMs: options.timeoutMs ?? 15_000, maxBytes: 1_000_000 });
  } catch (error) {
    // Refused by the guard (scheme, private address): trying again changes nothing.
    if (
      error instanceof OutboundUrlError &&
      (!("reachedServer" in error) || /private|https|credentials|redirect/.test(error.message))
    ) {
      throw new NetworkError("permanent", error.message);
    }
    const reached = !(error instanceof OutboundUrlError) || !("reachedServer" in error) || error.reachedServer !== false;
    throw new NetworkError(
      "transient",
      error instanceof Error ? error.message : "the network could not be reached",
      undefined,
      undefined,
      reached,
    );
  }
}

/** A WhatWG `fetch` over the outbound guard, for clients that take one (the AT Protocol agent). */
export const guardedFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "POST") throw new NetworkError("permanent", `${method} requests are not sent`);
  const answer = await sendGuarded(request.url, {
    method,
    headers: Object.fromEntries(request.headers),
    body: method === "POST" ? await request.text() : undefined,
  });
  const empty = [204, 205, 304].includes(answer.status);
  return new Response(empty ? null : answer.body, { status: answer.status, headers: answer.headers });
};

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

/** The classification of an HTTP answer that is not a success; `authError` says which 4xx mean "our credentials are refused". */
export function classifyAnswer(answer: JsonAnswer, label: string, authError: (answer: JsonAnswer) => boolean): NetworkError {
  // XRPC and Mastodon say `message`/`error`, OAuth servers `error_description`, X's API `detail`.
  const said = ["message", "error_description", "detail", "error"].map((field) => answer.json?.[field]);
  const reason = (said.find((value) => typeof value === "string") as string | undefined) ?? `HTTP ${answer.status}`;
  const code = typeof answer.json?.error === "string" ? answer.json.error : undefined;
  const message = `${label}: ${reason}`.slice(0, 500);
  if (answer.status === 429) return new NetworkError("rate_limit", message, retryAfterMs(answer.headers) ?? 60_000, code);
  if (answer.status >= 500 || answer.status === 408) return new NetworkError("transient", message, undefined, code);
  if (authError(answer)) return new NetworkError("auth", message, undefined, code);
  return new NetworkError("permanent", message, undefined, code);
}
