import type { ServiceContext } from "@/lib/core/context";
import { JsonText } from "@/lib/core/json-text";
import { asServiceError, describeError } from "@/lib/db/errors";
import { AppError, type ErrorCode, toErrorEnvelope } from "@/lib/errors";
import type { LimitResult } from "@/lib/limits";
import { idempotencyKeySchema } from "@/lib/schemas/idempotency";
import { sha256Hex } from "@/lib/security/hashing";
import {
  type Claim,
  claimIdempotencyKey,
  releaseIdempotencyKey,
  type StoredAnswer,
  settleIdempotencyKey,
} from "@/lib/services/idempotency";
import { admitCall, type GeneralLimit, type RawInput, runAdmitted } from "./execute";
import type { AnyOperation, OperationOutput } from "./operation";

/** The response header (as Stripe names it) that says an answer is a replay of a kept one. */
export const replayHeader = "Idempotent-Replayed";

/** A claim holds this long while its request runs: longer than any request may take (long ones: 5 minutes). */
const leaseMs = (operation: AnyOperation) => (operation.long ? 6 : 2) * 60_000;
const retryAfterSeconds = (operation: AnyOperation) => (operation.long ? 5 : 1);

/** A key as sent (`where`: the header or argument that carried it), checked: 400 `invalid_request` when it is not one. */
export function parseIdempotencyKey(value: unknown, where: string): string {
  const parsed = idempotencyKeySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: where, message: issue.message }));
  throw new AppError("invalid_request", undefined, { details: { issues } });
}

/** Objects with their members in one order, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== "object") return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((name) => [name, canonical(object[name])]),
  );
}

/**
 * What makes two requests the same: the method and path (its ids filled in), the query and
 * the body, members in any order. A tool call and a REST call of one operation with the same
 * input are the same request.
 */
export function requestFingerprint(operation: AnyOperation, raw: RawInput): string {
  const where = operation.rest
    ? [operation.rest.method, operation.rest.path.replace(/\{(\w+)\}/g, (_match, name: string) => raw.params?.[name] ?? "")]
    : ["operation", operation.id];
  const body = operation.body ? (raw.body ?? {}) : null;
  return sha256Hex(JSON.stringify(canonical([...where, raw.query ?? {}, body])));
}

/** The account's callers (keys, connected apps) share their keys; a project's conversion key keeps its own. */
const keyCaller = (ctx: ServiceContext) => (ctx.principal.kind === "ingest" ? `ingest:${ctx.principal.ingestKeyId}` : "account");

/** A kept error answer thrown again, with the same envelope and status. */
function replayedError(answer: StoredAnswer): AppError {
  const { error, code, retryable: _, ...details } = answer.body as { error: string; code: ErrorCode; retryable: boolean };
  return new AppError(code, error, { details, headers: { [replayHeader]: "true" } });
}

/**
 * After the handler threw: an answer that settles the request (a non-retryable error, e.g.
 * 404 or 409 `invalid_transition`) is kept like a success; a retryable one (a limit, an
 * outage, an unexpected error) lets go of the key, so the retry runs again, as `retryable`
 * promises.
 */
async function settleFailure(ctx: ServiceContext, claim: Claim, thrown: unknown) {
  const error = asServiceError(thrown);
  try {
    if (error instanceof AppError && !error.retryable) {
      const { status, body } = toErrorEnvelope(error);
      await settleIdempotencyKey(ctx.db, { claim, status, bodyText: JSON.stringify(body) });
    } else {
      await releaseIdempotencyKey(ctx.db, claim);
    }
  } catch (failure) {
    // The database is gone: the claim's lease frees the key.
    console.error(`[${ctx.requestId}] idempotency key not settled: ${describeError(failure)}`);
  }
}

/**
 * Runs a write under an idempotency key: the gates and validation first (a request refused
 * there keeps nothing and may be retried as it is), then the key's claim, then the
 * operation, whose answer is kept sealed for 24 hours. The same key with the same request
 * answers the kept answer (`replayed: true`; a kept error is thrown again), with another
 * request 422 `idempotency_key_reused`, while the first still runs 409
 * `idempotency_request_in_progress` (retryable, `Retry-After`).
 */
export async function executeIdempotently<O extends AnyOperation>(
  operation: O,
  raw: RawInput,
  ctx: ServiceContext,
  key: string,
  general?: GeneralLimit,
): Promise<{ output: OperationOutput<O> | JsonText<OperationOutput<O>>; rateLimit: LimitResult | null; replayed: boolean }> {
  const { input, rateLimit } = await admitCall(operation, raw, ctx, general);
  const claimed = await claimIdempotencyKey(ctx.db, {
    accountId: ctx.account.id,
    caller: keyCaller(ctx),
    key,
    fingerprint: requestFingerprint(operation, raw),
    now: ctx.now,
    leaseMs: leaseMs(operation),
    retryAfterSeconds: retryAfterSeconds(operation),
  });
  if ("replay" in claimed) {
    if (claimed.replay.status >= 400) throw replayedError(claimed.replay);
    return { output: claimed.replay.body as OperationOutput<O>, rateLimit, replayed: true };
  }
  let output: OperationOutput<O> | JsonText<OperationOutput<O>>;
  try {
    output = await runAdmitted(operation, input, ctx);
  } catch (thrown) {
    await settleFailure(ctx, claimed.claim, thrown);
    throw thrown;
  }
  const text = output instanceof JsonText ? output.text : JSON.stringify(output);
  try {
    await settleIdempotencyKey(ctx.db, { claim: claimed.claim, status: operation.status ?? 200, bodyText: text });
  } catch (failure) {
    // The work is done and its answer goes out; only a retry after the lease could repeat it.
    console.error(`[${ctx.requestId}] idempotent answer not kept: ${describeError(failure)}`);
  }
  return { output, rateLimit, replayed: false };
}
