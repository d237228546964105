import type { z } from "zod";
import { AppError } from "@/lib/errors";
import { enforceLimit, generalLimit, limitPolicies, type LimitResult } from "@/lib/limits";
import type { AnyOperation, AuthenticatedContext, RequestContext } from "./operation";

/** An operation's input as a face received it, before validation. */
export interface RawInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  /** `undefined` when no body was sent. */
  body?: unknown;
}

export function validationIssues(error: z.ZodError, prefix?: string) {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join("."),
    message: issue.message,
  }));
}

const invalid = (error: z.ZodError) => new AppError("invalid_request", undefined, { details: { issues: validationIssues(error) } });

/**
 * Validates path parameters, query and body against the operation's closed schemas.
 * A malformed path id is a 404 unless the operation declares a 400 for bad parameters.
 */
export function validateInput(operation: AnyOperation, raw: RawInput) {
  let params: unknown;
  if (operation.params) {
    const parsed = operation.params.safeParse(raw.params ?? {});
    if (!parsed.success) throw operation.errors.includes(400) ? invalid(parsed.error) : new AppError("not_found");
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
 * Runs one operation for a caller, whatever the face: the general rate limit, closed
 * validation, the operation's named limit, the handler, and the response schema on what
 * goes out. Throws `AppError`s for the face to render.
 */
export async function executeOperation(
  operation: AnyOperation,
  raw: RawInput,
  ctx: RequestContext | AuthenticatedContext,
): Promise<{ result: unknown; rateLimit: LimitResult }> {
  const account = "account" in ctx ? ctx : undefined;
  const caller = { clientIp: ctx.clientIp, apiKeyId: account?.apiKeyId, accountId: account?.account.id };
  const rateLimit = await enforceLimit(ctx.db, generalLimit(caller), ctx.now);
  const input = validateInput(operation, raw);
  if (operation.limit) await enforceLimit(ctx.db, limitPolicies[operation.limit](caller), ctx.now);
  if (!operation.handler) throw new AppError("not_implemented");
  const output = await operation.handler(input as never, ctx as AuthenticatedContext);
  return { result: operation.fileTypes ? output : operation.response.parse(output), rateLimit };
}
