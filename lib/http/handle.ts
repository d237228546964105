import { after } from "next/server";
import type { RequestContext, ServiceContext } from "@/lib/core/context";
import type { FileResult } from "@/lib/core/file-result";
import { getDatabase } from "@/lib/db";
import {
  type CountedLimit,
  generalLimit,
  limitResultOf,
  limitsCountedInDatabase,
  rateLimitHeaders,
  sweepCountersNowAndThen,
} from "@/lib/limits";
import { executeWithLimits } from "@/lib/operations/execute";
import { executeIdempotently, parseIdempotencyKey, replayHeader } from "@/lib/operations/idempotent";
import { type AnyOperation, admits, isPublic, takesIdempotencyKey } from "@/lib/operations/operation";
import { authenticateApiKey } from "@/lib/services/api-keys";
import { authenticateIngestKey } from "@/lib/services/links/ingest-keys";
import { clientIpOf } from "./client-ip";
import { readRawInput } from "./input";
import { errorResponse, fileResponse, jsonResponse, newResponseHeaders } from "./responses";

/** Lets long work outlive the response on serverless platforms; outside a Next.js request it simply runs on. */
export function waitUntil(work: Promise<unknown>) {
  try {
    after(work);
  } catch {
    // Not inside a Next.js request (in-process tests, scripts): nothing to extend.
  }
}

/**
 * The context of a request: who calls (after checking the bearer key when the face needs
 * one: the key principal), from where, when.
 */
export async function requestContext(request: Request, requestId: string, auth: "key"): Promise<ServiceContext>;
export async function requestContext(
  request: Request,
  requestId: string,
  auth: "none" | "key",
): Promise<RequestContext | ServiceContext>;
export async function requestContext(
  request: Request,
  requestId: string,
  auth: "none" | "key",
): Promise<RequestContext | ServiceContext> {
  const db = await getDatabase();
  const now = new Date();
  const base: RequestContext = { requestId, db, now, clientIp: clientIpOf(request.headers), waitUntil };
  if (auth === "none") return base;
  return { ...base, ...(await authenticateApiKey(db, { authorization: request.headers.get("authorization"), now })) };
}

/**
 * A keyed REST request's context. When limits are counted in the database (Postgres),
 * the general rate limit's hit is counted in the statement that finds the key and its
 * account, so a keyed read starts with one round trip, not three; an operation's `peek`
 * rides in that statement too.
 */
async function keyRequestContext(
  request: Request,
  requestId: string,
  operation: AnyOperation,
  pathParams: Record<string, string>,
): Promise<{ ctx: ServiceContext; general?: CountedLimit }> {
  const db = await getDatabase();
  const now = new Date();
  const clientIp = clientIpOf(request.headers);
  if (admits(operation, "ingest")) {
    const caller = await authenticateIngestKey(db, { authorization: request.headers.get("authorization"), now });
    if (caller) return { ctx: { requestId, db, now, clientIp, waitUntil, ...caller } };
  }
  const counted = admits(operation, "key") && limitsCountedInDatabase(db);
  const policy = counted ? generalLimit({ clientIp, subject: "key:" }) : undefined;
  // A malformed id gets its 400 from validation, after the key: it is never peeked with.
  const peek = operation.peek && operation.params?.safeParse(pathParams).success ? operation.peek : undefined;
  const { hits, ...caller } = await authenticateApiKey(db, {
    authorization: request.headers.get("authorization"),
    now,
    count: policy,
    peek: peek && { of: peek, params: pathParams },
  });
  const ctx: ServiceContext = { requestId, db, now, clientIp, waitUntil, ...caller };
  if (!policy || hits === undefined) return { ctx };
  sweepCountersNowAndThen(db, now, waitUntil);
  return { ctx, general: { policy, result: limitResultOf(policy, hits, now) } };
}

/** The `Idempotency-Key` of a write that takes one, checked (400 when malformed); undefined when none was sent. */
function idempotencyKeyOf(operation: AnyOperation, request: Request): string | undefined {
  const sent = request.headers.get("idempotency-key");
  if (sent === null || !takesIdempotencyKey(operation)) return undefined;
  return parseIdempotencyKey(sent, "Idempotency-Key");
}

/**
 * The REST face of an operation: request id, bearer auth, the HTTP input, then the
 * shared execution (limits, closed validation, handler, response schema), as JSON or a file.
 * A write sent with an `Idempotency-Key` runs once per key (lib/operations/idempotent.ts).
 */
export async function handleOperation(
  operation: AnyOperation,
  request: Request,
  pathParams: Record<string, string> = {},
): Promise<Response> {
  const headers = newResponseHeaders();
  if (operation.cors) headers.set("Access-Control-Allow-Origin", "*");
  try {
    const requestId = headers.get("X-Request-Id")!;
    // REST callers are API keys: an operation that admits no key still authenticates, then answers 403.
    const { ctx, general } = isPublic(operation)
      ? { ctx: await requestContext(request, requestId, "none"), general: undefined }
      : await keyRequestContext(request, requestId, operation, pathParams);
    const idempotencyKey = idempotencyKeyOf(operation, request);
    const raw = await readRawInput(operation, request, pathParams);
    const { output, rateLimit, replayed } =
      idempotencyKey === undefined
        ? { ...(await executeWithLimits(operation, raw, ctx, general)), replayed: false }
        : await executeIdempotently(operation, raw, ctx as ServiceContext, idempotencyKey, general);
    if (replayed) headers.set(replayHeader, "true");
    if (rateLimit) for (const [name, value] of Object.entries(rateLimitHeaders(rateLimit))) headers.set(name, value);
    if (operation.files) return fileResponse(output as FileResult, headers);
    return jsonResponse(output, operation.status ?? 200, headers);
  } catch (error) {
    return errorResponse(error, headers);
  }
}

/** A Next.js route handler for one operation. */
export function route(operation: AnyOperation) {
  return (request: Request) => handleOperation(operation, request);
}
