import { OutboundUrlError, sendOutbound } from "@/lib/security/outbound-url";
import { NetworkError, retryAfterMs } from "./errors";

/** How Launchloop speaks HTTP to a network: every request through the outbound guard, every failure classified. */

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

/** A raw answer (`sendGuarded`) read as JSON. */
export const asJsonAnswer = (answer: { status: number; headers: Record<string, string>; body: string }): JsonAnswer => ({
  status: answer.status,
  headers: answer.headers,
  json: parse(answer.body),
});

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
  options: { method: "GET" | "POST" | "PUT"; headers: Record<string, string>; body?: string | Uint8Array; timeoutMs?: number },
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
    // Bytes as they are: an uploaded image is not text.
    body: method === "POST" ? new Uint8Array(await request.arrayBuffer()) : undefined,
  });
  const empty = [204, 205, 304].includes(answer.status);
  return new Response(empty ? null : answer.body, { status: answer.status, headers: answer.headers });
};

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
