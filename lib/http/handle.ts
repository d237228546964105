import { after } from "next/server";
import { getDatabase } from "@/lib/db";
import { rateLimitHeaders } from "@/lib/limits";
import { executeOperation } from "@/lib/operations/execute";
import type { AnyOperation, AuthenticatedContext, FileResult, RequestContext } from "@/lib/operations/operation";
import { authenticateApiKey } from "@/lib/services/api-keys";
import { readRawInput } from "./input";
import { errorResponse, fileResponse, jsonResponse, newResponseHeaders } from "./responses";

/** The caller's address: the last hop of X-Forwarded-For, which the nearest proxy (or Next itself) appends. */
export function clientIpOf(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",").map((hop) => hop.trim()).filter(Boolean);
  return forwarded?.at(-1) ?? headers.get("x-real-ip") ?? "unknown";
}

/** Lets long work outlive the response on serverless platforms; outside a Next.js request it simply runs on. */
export function waitUntil(work: Promise<unknown>) {
  try {
    after(work);
  } catch {
    // Not inside a Next.js request (in-process tests, scripts): nothing to extend.
  }
}

/** The context of a request: who calls (after checking the bearer key when the face needs one), from where, when. */
export async function requestContext(request: Request, requestId: string, auth: "none" | "key"): Promise<RequestContext | AuthenticatedContext> {
  const db = await getDatabase();
  const now = new Date();
  const base: RequestContext = { requestId, db, now, clientIp: clientIpOf(request.headers), waitUntil };
  if (auth === "none") return base;
  return { ...base, ...(await authenticateApiKey(db, request.headers.get("authorization"), now)) };
}

/**
 * The REST face of an operation: request id, bearer auth, the HTTP input, then the
 * shared execution (limits, closed validation, handler, response schema), as JSON or a file.
 */
export async function handleOperation(operation: AnyOperation, request: Request, pathParams: Record<string, string> = {}): Promise<Response> {
  const headers = newResponseHeaders();
  try {
    const ctx = await requestContext(request, headers.get("X-Request-Id")!, operation.auth);
    const raw = await readRawInput(operation, request, pathParams);
    const { result, rateLimit } = await executeOperation(operation, raw, ctx);
    for (const [name, value] of Object.entries(rateLimitHeaders(rateLimit))) headers.set(name, value);
    if (operation.fileTypes) return fileResponse(result as FileResult, headers);
    return jsonResponse(result, operation.status ?? 200, headers);
  } catch (error) {
    return errorResponse(error, headers);
  }
}

/** A Next.js route handler for one operation. */
export function route(operation: AnyOperation) {
  return (request: Request) => handleOperation(operation, request);
}
