import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ServiceContext } from "@/lib/core/context";
import { asServiceError, describeError } from "@/lib/db/errors";
import { AppError, toErrorEnvelope } from "@/lib/errors";
import { executeOperation, type RawInput } from "@/lib/operations/execute";
import type { AnyOperation } from "@/lib/operations/operation";
import { toolSchemas } from "./tool-schemas";

/** Path parameters get names a model cannot confuse: a project's `id` becomes `projectId`. */
const toolParamName = (name: string) => (name === "id" ? "projectId" : name);
const shapeOf = (schema: z.ZodType | undefined) => (schema instanceof z.ZodObject ? (schema.shape as z.ZodRawShape) : {});

/** One flat, closed input schema: path parameters, query and body fields side by side. */
export function toolInputSchema(operation: AnyOperation) {
  const params = Object.fromEntries(
    Object.entries(shapeOf(operation.params)).map(([name, schema]) => [
      toolParamName(name),
      name === "id" ? (schema as z.ZodType).describe("The project's id") : schema,
    ]),
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
    names = new Set([
      ...Object.keys(shapeOf(operation.params)).map(toolParamName),
      ...Object.keys(shapeOf(operation.query)),
      ...Object.keys(shapeOf(operation.body)),
    ]);
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

// Tools answer at once: none runs as an MCP task.
const execution = { taskSupport: "forbidden" as const };
const draft7 = "http://json-schema.org/draft-07/schema#";

/**
 * Serves a tool for every operation that declares one, each running the same executor as
 * its REST route, through the SDK's `Server` request handlers for `tools/list` and
 * `tools/call`. The arguments are validated by the executor with the operation's own
 * schemas, so a bad argument gets the same envelope as over REST; `tools/list` advertises
 * compact JSON Schemas (lib/mcp/tool-schemas.ts).
 */
export function registerOperationTools(server: Server, operations: readonly AnyOperation[], ctx: ServiceContext) {
  const { definitions, byName } = toolTable(operations);
  server.registerCapabilities({ tools: { listChanged: true } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: definitions }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const operation = byName.get(request.params.name);
    // As the SDK's own high-level server answers it: a tool result with isError, here with our envelope.
    if (!operation)
      return toolError(
        new AppError("not_found", `No tool named ${request.params.name}. tools/list names them all.`),
        ctx.requestId,
      );
    const progressToken = extra._meta?.progressToken;
    const progress =
      progressToken === undefined
        ? undefined
        : (done: number, total: number, message: string) =>
            void extra
              .sendNotification({ method: "notifications/progress", params: { progressToken, progress: done, total, message } })
              .catch(() => {});
    return callTool(operation, request.params.arguments ?? {}, { ...ctx, now: new Date(), progress });
  });
}

const tables = new WeakMap<readonly AnyOperation[], { definitions: Tool[]; byName: Map<string, AnyOperation> }>();

/** The tools of an operation list, described once (servers are made per request). */
function toolTable(operations: readonly AnyOperation[]) {
  let table = tables.get(operations);
  if (!table) {
    const schemas = toolSchemas(operations, (operation) =>
      operation.tool ? { input: toolInputSchema(operation), response: operation.response } : undefined,
    );
    const tools = operations.filter((operation) => operation.tool);
    table = {
      definitions: tools.map((operation) => {
        const tool = operation.tool!;
        const { input, output } = schemas.get(operation)!;
        const outputSchema: Record<string, unknown> = { $schema: draft7, ...output };
        return {
          name: tool.name,
          title: tool.title,
          description: tool.description,
          inputSchema: input as Tool["inputSchema"],
          annotations: annotationsOf(tool),
          execution,
          outputSchema: outputSchema as Tool["outputSchema"],
        };
      }),
      byName: new Map(tools.map((operation) => [operation.tool!.name, operation])),
    };
    tables.set(operations, table);
  }
  return table;
}

async function callTool(operation: AnyOperation, args: Record<string, unknown>, ctx: ServiceContext) {
  try {
    refuseUnknownArguments(operation, args);
    const result = await executeOperation(operation, toRawInput(operation, args), ctx);
    return {
      structuredContent: result as Record<string, unknown>,
      content: [{ type: "text" as const, text: JSON.stringify(result) }],
    };
  } catch (error) {
    return toolError(error, ctx.requestId);
  }
}
