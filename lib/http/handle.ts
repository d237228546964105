import { after } from "next/server";
import { getDatabase } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { enforceLimit, generalLimit, limitPolicies, rateLimitHeaders } from "@/lib/limits";
import type { AnyOperation, AuthenticatedContext, FileResult, RequestContext } from "@/lib/operations/operation";
import { authenticateApiKey } from "@/lib/services/api-keys";
import { readOperationInput } from "./input";
import { errorResponse, fileResponse, jsonResponse, newResponseHeaders } from "./responses";

/** The caller's address: the last hop of X-Forwarded-For, which the nearest proxy (or Next itself) appends. */
export function clientIpOf(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",").map((hop) => hop.trim()).filter(Boolean);
  return forwarded?.at(-1) ?? headers.get("x-real-ip") ?? "unknown";
}

/** Lets long work outlive the response on serverless platforms; outside a Next.js request it simply runs on. */
function waitUntil(work: Promise<unknown>) {
  try {
    after(work);
  } catch {
    // Not inside a Next.js request (in-process tests, scripts): nothing to extend.
  }
}

/**
 * The one request pipeline every REST route goes through:
 * request id → auth → rate limit → closed validation → named limit → handler → response schema.
 */
export async function handleOperation(
  operation: AnyOperation,
  request: Request,
  pathParams: Record<string, string> = {},
): Promise<Response> {
  const headers = newResponseHeaders();
  try {
    const db = await getDatabase();
    const now = new Date();
    const base: RequestContext = { requestId: headers.get("X-Request-Id")!, db, now, clientIp: clientIpOf(request.headers), waitUntil };
    const caller = operation.auth === "key" ? await authenticateApiKey(db, request.headers.get("authorization"), now) : undefined;
    const ctx: RequestContext | AuthenticatedContext = caller ? { ...base, ...caller } : base;

    const limiterCaller = { clientIp: base.clientIp, apiKeyId: caller?.apiKeyId, accountId: caller?.account.id };
    const general = await enforceLimit(db, generalLimit(limiterCaller), now);
    for (const [name, value] of Object.entries(rateLimitHeaders(general))) headers.set(name, value);

    const input = await readOperationInput(operation, request, pathParams);
    if (operation.limit) await enforceLimit(db, limitPolicies[operation.limit](limiterCaller), now);
    if (!operation.handler) throw new AppError("not_implemented");

    const result = await operation.handler(input as never, ctx as AuthenticatedContext);
    if (operation.fileTypes) return fileResponse(result as FileResult, headers);
    return jsonResponse(operation.response.parse(result), operation.status ?? 200, headers);
  } catch (error) {
    return errorResponse(error, headers);
  }
}

/** A Next.js route handler for one operation. */
export function route(operation: AnyOperation) {
  return (request: Request) => handleOperation(operation, request);
}
