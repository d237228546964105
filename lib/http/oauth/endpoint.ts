import "server-only";
import { getDatabase } from "@/lib/db";
import { asServiceError, describeError } from "@/lib/db/errors";
import { AppError, type ErrorCode } from "@/lib/errors";
import { readBodyText } from "@/lib/http/body";
import { clientIpOf } from "@/lib/http/client-ip";
import { newResponseHeaders } from "@/lib/http/responses";
import { enforceLimit, generalLimit, type LimitPolicy } from "@/lib/limits";
import type { OAuthAnswer } from "@/lib/oauth/server";
import { isUnsafeText, unsafeTextMessage } from "@/lib/schemas/common";

/** OAuth and metadata endpoints are called from browsers too (web-based MCP clients): any origin, no credentials. */
const cors = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "Authorization, Content-Type, MCP-Protocol-Version",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
};

export function oauthJson(answer: OAuthAnswer): Response {
  const headers = newResponseHeaders();
  for (const [name, value] of Object.entries({ ...cors, ...answer.headers })) headers.set(name, value);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}

/** Public metadata documents: cacheable for a few minutes. */
export function metadataJson(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { ...cors, "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

export const preflight = () => new Response(null, { status: 204, headers: { ...cors, "Access-Control-Max-Age": "86400" } });

const maxFormBytes = 16 * 1024;

/** What a client sent wrong, in the endpoint's RFC: `invalid_request` (RFC 6749, 7009) or `invalid_client_metadata` (RFC 7591). */
export type OAuthRequestError = "invalid_request" | "invalid_client_metadata";

/**
 * The OAuth `error` for a service error code: 429 is `too_many_requests` (as the MCP SDK's
 * own authorization server answers it), an outage `temporarily_unavailable`, our fault
 * `server_error`, anything else (a bad or too large body) the client's `badRequest`.
 */
function oauthErrorOf(code: ErrorCode, badRequest: OAuthRequestError): string {
  if (code === "rate_limited") return "too_many_requests";
  if (code === "service_unavailable" || code === "provider_unavailable") return "temporarily_unavailable";
  if (code === "internal_error") return "server_error";
  return badRequest;
}

/** A thrown error as an OAuth error answer (`{error, error_description}`), with its headers (`Retry-After` on 429). */
function oauthErrorResponse(thrown: unknown, headers: Headers, badRequest: OAuthRequestError): Response {
  const error = asServiceError(thrown);
  if (!(error instanceof AppError)) console.error(`[${headers.get("X-Request-Id")}] unexpected error: ${describeError(error)}`);
  const appError = error instanceof AppError ? error : new AppError("internal_error");
  for (const [name, value] of Object.entries(appError.headers)) headers.set(name, value);
  headers.set("Content-Type", "application/json; charset=utf-8");
  const body = { error: oauthErrorOf(appError.code, badRequest), error_description: appError.message };
  return new Response(JSON.stringify(body), { status: appError.status, headers });
}

/**
 * Runs an OAuth endpoint: the caller's address against the general limit (and `extra`),
 * the body read with a small cap; limits and bad bodies answer in OAuth's form
 * (`{error, error_description}`, RFC 6749 §5.2 and RFC 7591 §3.2.2), never the service's envelope.
 */
export async function oauthEndpoint(
  request: Request,
  extra: ((clientIp: string) => LimitPolicy) | null,
  answer: (input: { text: string; clientIp: string }) => Promise<Response>,
  badRequest: OAuthRequestError = "invalid_request",
): Promise<Response> {
  const headers = newResponseHeaders();
  for (const [name, value] of Object.entries(cors)) headers.set(name, value);
  try {
    const clientIp = clientIpOf(request.headers);
    const db = await getDatabase();
    const now = new Date();
    await enforceLimit(db, generalLimit({ clientIp }), now);
    if (extra) await enforceLimit(db, extra(clientIp), now);
    const text = await readBodyText(request, maxFormBytes);
    return await answer({ text, clientIp });
  } catch (error) {
    return oauthErrorResponse(error, headers, badRequest);
  }
}

/** A form body (application/x-www-form-urlencoded), or a 400 in OAuth's words. */
export function formOf(request: Request, text: string): URLSearchParams | OAuthAnswer {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get("content-type") ?? "")) {
    return {
      status: 400,
      body: { error: "invalid_request", error_description: "Send the parameters as application/x-www-form-urlencoded." },
    };
  }
  const form = new URLSearchParams(text);
  // The database refuses NUL in text: a parameter carrying one is the client's mistake, not a 500.
  if ([...form].some(([name, value]) => isUnsafeText(name) || isUnsafeText(value))) {
    return { status: 400, body: { error: "invalid_request", error_description: unsafeTextMessage } };
  }
  return form;
}

export const invalidJson = () => new AppError("invalid_json");
