import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import type { RequestContext, ServiceContext } from "@/lib/core/context";
import { answerValue, JsonText } from "@/lib/core/json-text";
import { AppError } from "@/lib/errors";
import { plainIssues } from "@/lib/errors/plain-issues";
import { acceptCounted, type CountedLimit, enforceLimit, generalLimit, type LimitResult, limitPolicies } from "@/lib/limits";
import { unsafeTextMessage, unsafeTextPaths } from "@/lib/schemas/common";
import { type AnyOperation, admits, isPublic, type OperationOutput, readsOnly, scopesNeeded } from "./operation";

/** An operation's input as a face received it, before validation. */
export interface RawInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  /** `undefined` when no body was sent. */
  body?: unknown;
}

const invalid = (error: z.ZodError) => new AppError("invalid_request", undefined, { details: { issues: plainIssues(error) } });

/**
 * Validates path parameters, query and body against the operation's closed schemas.
 * A malformed path id is an invalid parameter like any other: 400 `invalid_request`, on every operation.
 */
export function validateInput(operation: AnyOperation, raw: RawInput) {
  let params: unknown;
  if (operation.params) {
    const parsed = operation.params.safeParse(raw.params ?? {});
    if (!parsed.success) throw invalid(parsed.error);
    params = parsed.data;
  }
  let query: unknown;
  if (operation.query) {
    const parsed = operation.query.safeParse(raw.query ?? {});
    if (!parsed.success) throw invalid(parsed.error);
    query = parsed.data;
  }
  let body: unknown;
  if (operation.body) {
    const parsed = operation.body.safeParse(raw.body === undefined && operation.bodyOptional ? {} : raw.body);
    if (!parsed.success) throw invalid(parsed.error);
    body = parsed.data;
  }
  return { params, query, body };
}

/**
 * Refuses NUL and unpaired surrogates anywhere in a query or body (400 `invalid_request`),
 * whatever the field's schema and whichever face sent them. Path ids are left to their own
 * schemas (400).
 */
export function refuseUnsafeText(input: RawInput): void {
  const paths = unsafeTextPaths({ query: input.query, body: input.body });
  if (paths.length === 0) return;
  const issues = paths.map((path) => ({ path: path.replace(/^(body|query)\.?/, ""), message: unsafeTextMessage }));
  throw new AppError("invalid_request", undefined, { details: { issues } });
}

const isServiceContext = (ctx: RequestContext | ServiceContext): ctx is ServiceContext => "principal" in ctx && "account" in ctx;

/**
 * 401 when an account operation has no caller, 403 when the caller's kind of principal may
 * not call it, and 403 `insufficient_scope` when a connected app lacks a scope this call
 * needs (its body's fields included) or calls what no scope opens.
 */
export function assertPrincipalAllowed(operation: AnyOperation, ctx: RequestContext | ServiceContext, body?: unknown): void {
  if (isPublic(operation)) return;
  if (!isServiceContext(ctx)) throw new AppError("unauthorized");
  const { principal } = ctx;
  if (principal.kind === "grant" && admits(operation, "key")) {
    const needed = scopesNeeded(operation, body);
    if (needed === "never")
      throw new AppError(
        "insufficient_scope",
        "Only the founder can do this, in the dashboard or with an API key; no connected app can.",
      );
    const missing = needed.find((scope) => !principal.scopes.includes(scope));
    if (missing) throw new AppError("insufficient_scope", `This connected app was not allowed ${missing}.`);
    return;
  }
  if (!admits(operation, ctx.principal.kind)) {
    const message =
      ctx.principal.kind !== "session"
        ? "This action needs a signed-in browser session; an API key or connected app cannot do it."
        : undefined;
    throw new AppError("forbidden", message);
  }
}

/** A browser caller of an operation that declares a captcha field must send it solved (checked by the operation). */
function assertCaptchaSent(operation: AnyOperation, body: unknown, ctx: RequestContext | ServiceContext) {
  if (!operation.captcha || ctx.face !== "browser" || (body as Record<string, unknown> | undefined)?.[operation.captcha]) return;
  const issues = [{ path: operation.captcha, message: "Wait for the spam check to finish, then submit again." }];
  throw new AppError("invalid_request", undefined, { details: { issues } });
}

/** Who a limit counts against: the key or session, the account, the address. */
export function callerOf(ctx: RequestContext | ServiceContext) {
  if (!isServiceContext(ctx)) return { clientIp: ctx.clientIp };
  const { principal } = ctx;
  const subject =
    principal.kind === "key"
      ? `key:${principal.apiKeyId}`
      : principal.kind === "grant"
        ? `grant:${principal.grantId}`
        : principal.kind === "ingest"
          ? `ingest:${principal.ingestKeyId}`
          : principal.kind === "reviewer"
            ? `review:${principal.reviewLinkId}`
            : `session:${principal.sessionId}`;
  return { clientIp: ctx.clientIp, accountId: ctx.account.id, subject };
}

/**
 * Responses are parsed by their schema in development and tests, and in production only
 * with VALIDATE_RESPONSES=1 (the server test suites set it). The parse must leave the
 * answer as it is (no member stripped, no value changed), so skipping it in production
 * sends exactly what the schema allows; for a full project it cost about as much as
 * serializing the answer (docs/performance.md).
 */
const checkResponses = () => process.env.NODE_ENV !== "production" || process.env.VALIDATE_RESPONSES === "1";

const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

function checkedResponse(operation: AnyOperation, answer: unknown) {
  const result = answerValue(answer);
  const parsed = operation.response.parse(result);
  if (!isDeepStrictEqual(asJson(parsed), asJson(result))) {
    throw new Error(
      `The ${operation.id} handler answered members or values its response schema does not have (the parse changed them).`,
    );
  }
  // JSON text goes out as the handler built it, once its value has passed.
  return answer instanceof JsonText ? answer : parsed;
}

/**
 * How a face settles the general rate limit: counted here (absent), already counted by the
 * face (in the statement that found the key), or `"page-read"`: a signed-in browser's page
 * rendering its own data, which Next does again after every server action. Those reads are
 * not metered by the general limit (the actions that caused them are); only a session's
 * read-only operation qualifies, anything else is counted as usual.
 */
export type GeneralLimit = CountedLimit | "page-read";

const isPageRead = (operation: AnyOperation, ctx: RequestContext | ServiceContext) =>
  readsOnly(operation) && isServiceContext(ctx) && ctx.principal.kind === "session";

/**
 * The gates every face shares before an operation runs: unsafe text, the principal check,
 * the general rate limit, closed validation and the browser's captcha. Answers the
 * validated input and the general limit's state (REST sends it as headers; null for an
 * unmetered page read). Nothing has run yet when it throws.
 */
export async function admitCall(
  operation: AnyOperation,
  raw: RawInput,
  ctx: RequestContext | ServiceContext,
  general?: GeneralLimit,
): Promise<{ input: ReturnType<typeof validateInput>; rateLimit: LimitResult | null }> {
  refuseUnsafeText(raw);
  assertPrincipalAllowed(operation, ctx, raw.body);
  const caller = callerOf(ctx);
  const rateLimit =
    general === "page-read" && isPageRead(operation, ctx)
      ? null
      : general && general !== "page-read"
        ? acceptCounted(general, ctx.now)
        : await enforceLimit(ctx.db, generalLimit(caller), ctx.now);
  const input = validateInput(operation, raw);
  assertCaptchaSent(operation, input.body, ctx);
  return { input, rateLimit };
}

/** Runs an admitted call: the operation's named limit, the handler, and the response schema on what goes out. */
export async function runAdmitted<O extends AnyOperation>(
  operation: O,
  input: ReturnType<typeof validateInput>,
  ctx: RequestContext | ServiceContext,
): Promise<OperationOutput<O> | JsonText<OperationOutput<O>>> {
  if (operation.limit) await enforceLimit(ctx.db, limitPolicies[operation.limit](callerOf(ctx)), ctx.now);
  const result = await operation.handler(input as never, ctx as ServiceContext);
  const output = operation.files || !checkResponses() ? result : checkedResponse(operation, result);
  return output as OperationOutput<O> | JsonText<OperationOutput<O>>;
}

/**
 * Runs one operation for a caller, whatever the face: `admitCall`'s gates, then
 * `runAdmitted`. Throws `AppError`s for the face to render. The output may be the
 * answer's JSON text (`JsonText`), for a face that sends it as is.
 */
export async function executeWithLimits<O extends AnyOperation>(
  operation: O,
  raw: RawInput,
  ctx: RequestContext | ServiceContext,
  general?: GeneralLimit,
): Promise<{ output: OperationOutput<O> | JsonText<OperationOutput<O>>; rateLimit: LimitResult | null }> {
  const { input, rateLimit } = await admitCall(operation, raw, ctx, general);
  return { output: await runAdmitted(operation, input, ctx), rateLimit };
}

/**
 * The face-neutral entry point: runs `operation` for an already-resolved context (a key's,
 * a session's, or a public request's) and answers its typed output.
 */
export async function executeOperation<O extends AnyOperation>(
  operation: O,
  raw: RawInput,
  ctx: RequestContext | ServiceContext,
  general?: GeneralLimit,
): Promise<OperationOutput<O>> {
  return answerValue((await executeWithLimits(operation, raw, ctx, general)).output);
}
