import "server-only";
import { notFound, redirect, unstable_rethrow } from "next/navigation";
import { currentBrowserSession, requestClientIp } from "@/lib/actions/browser-session";
import { describeError } from "@/lib/actions/form-state";
import type { RequestContext, ServiceContext } from "@/lib/core/context";
import { getDatabase } from "@/lib/db";
import { describeError as logLineOf } from "@/lib/db/errors";
import { AppError, type ErrorEnvelope, toErrorEnvelope } from "@/lib/errors";
import { waitUntil } from "@/lib/http/handle";
import { executeOperation, type GeneralLimit, type RawInput } from "@/lib/operations/execute";
import { type AnyOperation, isPublic, type OperationOutput } from "@/lib/operations/operation";

/** What a server action answers: the operation's data, or the REST error envelope. */
export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ErrorEnvelope; retryAfterSeconds?: number };

/**
 * The context of a browser request: its session (resolved once per request) as the
 * principal, or no one for operations that need no caller.
 */
async function browserContext(operation: AnyOperation): Promise<RequestContext | ServiceContext> {
  const base: RequestContext = {
    requestId: crypto.randomUUID(),
    db: await getDatabase(),
    now: new Date(),
    clientIp: await requestClientIp(),
    waitUntil,
    face: "browser",
  };
  if (isPublic(operation)) return base;
  const session = await currentBrowserSession();
  if (!session) throw new AppError("unauthorized", "Sign in to continue.");
  return { ...base, account: session.account, principal: { kind: "session", sessionId: session.sessionId } };
}

/**
 * The server-action face: runs one declared operation for the signed-in browser through
 * the same executor as REST and MCP (limits, closed validation, gates, response schema).
 * Never throws for what a client can send: failures come back as the REST envelope.
 */
export async function runOperation<O extends AnyOperation>(
  operation: O,
  input: RawInput = {},
): Promise<ActionResult<OperationOutput<O>>> {
  return run(operation, input);
}

async function run<O extends AnyOperation>(
  operation: O,
  input: RawInput,
  general?: GeneralLimit,
): Promise<ActionResult<OperationOutput<O>>> {
  try {
    const ctx = await browserContext(operation);
    return { ok: true, data: await executeOperation(operation, input, ctx, general) };
  } catch (error) {
    return actionFailure(error, `action ${operation.id}`);
  }
}

/**
 * A server action's failure as its result: the REST envelope and the wait. Next's own
 * signals (dynamic rendering, redirects) are not failures and go through; what is not an
 * `AppError` is logged under `label`.
 */
export function actionFailure(error: unknown, label: string): { ok: false; error: ErrorEnvelope; retryAfterSeconds?: number } {
  unstable_rethrow(error);
  if (!(error instanceof AppError)) console.error(`[${label}] unexpected error:`, logLineOf(error));
  const envelope = toErrorEnvelope(error);
  const retryAfter = Number(envelope.headers["Retry-After"]);
  return { ok: false, error: envelope.body, ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}) };
}

/** A page read refused by a limit: the page shows `message` (with when to retry) instead of its data. */
export class PageReadLimited extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PageReadLimited";
  }
}

/**
 * For pages: the operation's data, or the page a browser expects instead (the sign-in
 * page without a session, 404 for what is not the caller's). A session's GET reads are
 * not metered by the general rate limit (pages re-render after every server action; the
 * actions keep their limits). A limit that still refuses a read throws `PageReadLimited`
 * with the sentence and the wait, and like other failures reaches the nearest error
 * boundary (a notice with "try again", never the crash page).
 */
export async function readOperation<O extends AnyOperation>(operation: O, input: RawInput = {}): Promise<OperationOutput<O>> {
  const result = await run(operation, input, "page-read");
  if (result.ok) return result.data;
  if (result.error.code === "unauthorized") redirect("/login");
  if (result.error.code === "not_found") notFound();
  if (limitCodes.has(result.error.code)) throw new PageReadLimited(describeError(result.error, result.retryAfterSeconds));
  throw new Error(result.error.error);
}

/**
 * For a page's optional parts (a logo, a badge): the read as a page read (not metered by
 * the general limit, as `readOperation`), its failure handed back rather than thrown.
 */
export function readOperationResult<O extends AnyOperation>(
  operation: O,
  input: RawInput = {},
): Promise<ActionResult<OperationOutput<O>>> {
  return run(operation, input, "page-read");
}

const limitCodes = new Set<string>(["rate_limited", "write_limit", "daily_run_limit"]);
