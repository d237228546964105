import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { asServiceError, describeError } from "@/lib/db/errors";
import { AppError, toErrorEnvelope } from "@/lib/errors";

/** A tool's answer: the operation's result as `structuredContent`, and the same JSON as text. */
export function toolResult(result: unknown) {
  return {
    structuredContent: result as Record<string, unknown>,
    content: [{ type: "text" as const, text: JSON.stringify(result) }],
  };
}

/** The REST envelope of a failure, plus its `status` (and `retryAfterSeconds` on 429). */
function errorBody(thrown: unknown, requestId?: string) {
  const error = asServiceError(thrown);
  if (!(error instanceof AppError)) console.error(`[${requestId ?? "mcp"}] MCP tool failed: ${describeError(error)}`);
  const envelope = toErrorEnvelope(error);
  const retryAfter = envelope.headers["Retry-After"];
  return { ...envelope.body, status: envelope.status, ...(retryAfter && { retryAfterSeconds: Number(retryAfter) }) };
}

/** A tool error carrying the same envelope as the REST API (status and retry time included). */
export function toolError(thrown: unknown, requestId?: string) {
  return { isError: true as const, content: [{ type: "text" as const, text: JSON.stringify(errorBody(thrown, requestId)) }] };
}

/**
 * A task-augmented call refused before its task exists (bad arguments, a plan gate, a step
 * out of order): a JSON-RPC error whose `data` is the same envelope a tool error carries.
 */
export function refusedTask(thrown: unknown, requestId?: string) {
  const body = errorBody(thrown, requestId);
  const code =
    body.status === 400 ? ErrorCode.InvalidParams : body.status >= 500 ? ErrorCode.InternalError : ErrorCode.InvalidRequest;
  return new McpError(code, String(body.error), body);
}
