import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { asServiceError, describeError } from "@/lib/db/errors";
import { AppError, toErrorEnvelope } from "@/lib/errors";
import { executeOperation, type RawInput } from "@/lib/operations/execute";
import type { ServiceContext } from "@/lib/core/context";
import type { AnyOperation } from "@/lib/operations/operation";
import { advertisedJson, toolSchemas } from "./tool-schemas";

/** Path parameters get names a model cannot confuse: a project's `id` becomes `projectId`. */
const toolParamName = (name: string) => (name === "id" ? "projectId" : name);
const shapeOf = (schema: z.ZodType | undefined) => (schema instanceof z.ZodObject ? (schema.shape as z.ZodRawShape) : {});

/** One flat, closed input schema: path parameters, query and body fields side by side. */
export function toolInputSchema(operation: AnyOperation) {
  const params = Object.fromEntries(
    Object.entries(shapeOf(operation.params)).map(([name, schema]) => [toolParamName(name), name === "id" ? (schema as z.ZodType).describe("The project's id") : schema]),
  );
  return z.strictObject({ ...params, ...shapeOf(operation.query), ...shapeOf(operation.body) });
}

/** Splits a tool's arguments back into the operation's path parameters, query and body. */
export function toRawInput(operation: AnyOperation, args: Record<string, unknown>): RawInput {
  const paramNames = Object.keys(shapeOf(operation.params));
  const queryNames = Object.keys(shapeOf(operation.query));
  const params = Object.fromEntries(paramNames.map((name) => [name, String(args[toolParamName(name)] ?? "")]));
  const query = Object.fromEntries(queryNames.filter((name) => args[name] !== undefined).map((name) => [name, args[name]]));
  const taken = new Set([...paramNames.map(toolParamName), ...queryNames]);
  const body = Object.fromEntries(Object.entries(args).filter(([name]) => !taken.has(name)));
  return { params, query, body: operation.body ? body : undefined };
}

/**
 * A tool's hints, leaving out the two whose MCP default (false) is the answer, to keep
 * `tools/list` small; `destructiveHint` (default true) and `openWorldHint` (default true)
 * are always said.
 */
function annotationsOf(tool: NonNullable<AnyOperation["tool"]>) {
  return {
    ...(tool.readOnly && { readOnlyHint: true }),
    destructiveHint: tool.destructive ?? false,
    ...(tool.idempotent && { idempotentHint: true }),
    openWorldHint: false,
  };
}

const argumentNames = new WeakMap<AnyOperation, Set<string>>();

/** The names a tool's arguments may have, worked out once per operation. */
function argumentNamesOf(operation: AnyOperation): Set<string> {
  let names = argumentNames.get(operation);
  if (!names) {
    names = new Set([...Object.keys(shapeOf(operation.params)).map(toolParamName), ...Object.keys(shapeOf(operation.query)), ...Object.keys(shapeOf(operation.body))]);
    argumentNames.set(operation, names);
  }
  return names;
}

/** Arguments a tool does not declare are refused like unknown body fields over REST. */
function refuseUnknownArguments(operation: AnyOperation, args: Record<string, unknown>) {
  const known = argumentNamesOf(operation);
  const unknown = Object.keys(args).filter((name) => !known.has(name));
  if (unknown.length === 0) return;
  const issues = unknown.map((name) => ({ path: name, message: `Unrecognized key: "${name}"` }));
  throw new AppError("invalid_request", undefined, { details: { issues } });
}

/** A tool error carrying the same envelope as the REST API (status and retry time included). */
export function toolError(thrown: unknown, requestId?: string) {
  const error = asServiceError(thrown);
  if (!(error instanceof AppError)) console.error(`[${requestId ?? "mcp"}] MCP tool failed: ${describeError(error)}`);
  const envelope = toErrorEnvelope(error);
  const retryAfter = envelope.headers["Retry-After"];
  const body = { ...envelope.body, status: envelope.status, ...(retryAfter && { retryAfterSeconds: Number(retryAfter) }) };
  return { isError: true as const, content: [{ type: "text" as const, text: JSON.stringify(body) }] };
}

type Progress = { progressToken?: string | number };
type Extra = { _meta?: Progress; sendNotification: (notification: { method: "notifications/progress"; params: { progressToken: string | number; progress: number; total: number; message: string } }) => Promise<void> };

/**
 * Registers a tool for every operation that declares one, each running the same executor
 * as its REST route. The SDK lists the tools with their schemas, but calls are answered
 * here: the executor validates the arguments with the operation's own schemas, so a bad
 * argument gets the same envelope as over REST instead of the SDK's validation text.
 */
export function registerOperationTools(server: McpServer, operations: readonly AnyOperation[], ctx: ServiceContext) {
  const byName = new Map<string, AnyOperation>();
  const schemas = toolSchemas(operations, (operation) => (operation.tool ? { input: toolInputSchema(operation), response: operation.response } : undefined));
  for (const operation of operations) {
    const tool = operation.tool;
    if (!tool) continue;
    byName.set(tool.name, operation);
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: schemas.get(operation)!.input,
        outputSchema: schemas.get(operation)!.output,
        annotations: annotationsOf(tool),
      },
      // Never reached: tools/call is answered by the handler below.
      async () => toolError(new AppError("internal_error")),
    );
  }
  // Listed from the same compact schemas, without what the SDK adds to every tool for nothing
  // (an output schema's `$schema`, the default `execution`): tools/list stays small.
  const listed = operations.flatMap((operation) =>
    operation.tool
      ? [
          {
            name: operation.tool.name,
            title: operation.tool.title,
            description: operation.tool.description,
            inputSchema: advertisedJson(schemas.get(operation)!.input),
            outputSchema: advertisedJson(schemas.get(operation)!.output),
            annotations: annotationsOf(operation.tool),
          },
        ]
      : [],
  );
  server.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: structuredClone(listed) as never }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const operation = byName.get(request.params.name);
    // As the SDK's own server answers it: a tool result with isError, here with our envelope.
    if (!operation) return toolError(new AppError("not_found", `No tool named ${request.params.name}. tools/list names them all.`), ctx.requestId);
    return callTool(operation, request.params.arguments ?? {}, extra as unknown as Extra, ctx);
  });
}

async function callTool(operation: AnyOperation, args: Record<string, unknown>, extra: Extra, ctx: ServiceContext) {
  const { _meta, sendNotification } = extra;
  const progressToken = _meta?.progressToken;
  const progress = progressToken === undefined
    ? undefined
    : (done: number, total: number, message: string) => void sendNotification({ method: "notifications/progress", params: { progressToken, progress: done, total, message } }).catch(() => {});
  try {
    refuseUnknownArguments(operation, args);
    const raw = toRawInput(operation, args);
    const result = await executeOperation(operation, raw, { ...ctx, now: new Date(), progress });
    return { structuredContent: result as Record<string, unknown>, content: [{ type: "text" as const, text: JSON.stringify(result) }] };
  } catch (error) {
    return toolError(error, ctx.requestId);
  }
}
