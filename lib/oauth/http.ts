import "server-only";
import { getDatabase } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { readBodyText } from "@/lib/http/body";
import { clientIpOf } from "@/lib/http/client-ip";
import { errorResponse, newResponseHeaders } from "@/lib/http/responses";
import { enforceLimit, generalLimit, type LimitPolicy } from "@/lib/limits";
import { isUnsafeText, unsafeTextMessage } from "@/lib/schemas/common";
import type { OAuthAnswer } from "./server";

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

/**
 * Runs an OAuth endpoint: the caller's address against the general limit (and `extra`),
 * the body read with a small cap; limits and bad bodies answer the service's envelope.
 */
export async function oauthEndpoint(
  request: Request,
  extra: ((clientIp: string) => LimitPolicy) | null,
  answer: (input: { text: string; clientIp: string }) => Promise<Response>,
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
    return errorResponse(error, headers);
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
