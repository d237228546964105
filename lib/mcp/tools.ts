import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  type CreateTaskResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ServiceContext } from "@/lib/core/context";
import { answerValue } from "@/lib/core/json-text";
import { AppError } from "@/lib/errors";
import { executeOperation, type RawInput } from "@/lib/operations/execute";
import { executeIdempotently, parseIdempotencyKey } from "@/lib/operations/idempotent";
import { type AnyOperation, takesIdempotencyKey } from "@/lib/operations/operation";
import { nextCursor, pageQuery } from "@/lib/schemas/common";
import { type LongWorkTaskStore, taskTools } from "./tasks";
import { refusedTask, toolError, toolResult } from "./tool-results";
import { toolSchemas } from "./tool-schemas";

/** Path parameters get names a model cannot confuse: a project's `id` becomes `projectId`. */
const toolParamName = (name: string) => (name === "id" ? "projectId" : name);
const shapeOf = (schema: z.ZodType | undefined) => (schema instanceof z.ZodObject ? (schema.shape as z.ZodRawShape) : {});

/**
 * The argument a tool that changes something takes besides its operation's input: the REST
 * `Idempotency-Key`. Described once in the server's instructions and checked when called,
 * so it costs `tools/list` a few bytes per tool.
 */
export const idempotencyArgument = "idempotencyKey";
const idempotencyKeyArgument = z.string().optional();

/**
 * The paging fields every list shares, said once in the server's instructions (like
 * `idempotencyKey`) rather than in each list tool's schemas; the REST document keeps their
 * descriptions.
 */
export const pagingInstructions =
  "Lists take an optional `limit` (1-100) and `cursor` (the `nextCursor` of the previous answer, null on the last page); without either they answer the whole list.";
const describedInInstructions = new Set<unknown>([pageQuery.shape.limit, pageQuery.shape.cursor, nextCursor]);

const undescribed = (schema: z.ZodType) => schema.meta({ description: undefined });
/** A shape with the fields the instructions describe left undescribed. */
const withoutInstructed = (shape: z.ZodRawShape) =>
  Object.fromEntries(
    Object.entries(shape).map(([name, schema]) => [
      name,
      describedInInstructions.has(schema) ? undescribed(schema as z.ZodType) : schema,
    ]),
  );

/**
 * One flat, closed input schema: path parameters, query and body fields side by side (and
 * `idempotencyKey` on a write). A path parameter's name says what it is (`projectId`,
 * `itemId`, with the tool's name): it is advertised without the REST document's description.
 */
export function toolInputSchema(operation: AnyOperation) {
  const params = Object.fromEntries(
    Object.entries(shapeOf(operation.params)).map(([name, schema]) => [toolParamName(name), undescribed(schema as z.ZodType)]),
  );
  return z.strictObject({
    ...params,
    ...withoutInstructed(shapeOf(operation.query)),
    ...shapeOf(operation.body),
    ...(takesIdempotencyKey(operation) && { [idempotencyArgument]: idempotencyKeyArgument }),
  });
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
function annotationsOf(operation: AnyOperation) {
  const tool = operation.tool!;
  return {
    ...(tool.readOnly && { readOnlyHint: true }),
    destructiveHint: tool.destructive ?? false,
    ...(tool.idempotent && { idempotentHint: true }),
    // Open exactly when the declaration says the operation reaches something outside Launchloop.
    openWorldHint: operation.reaches !== undefined,
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
      ...(takesIdempotencyKey(operation) ? [idempotencyArgument] : []),
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

/** `_meta` of a tool result that is the kept answer of an earlier call with the same `idempotencyKey`. */
export const replayedMeta = "launchloop/idempotent-replayed";

// Absent, a tool's task support is "forbidden" (the MCP default): only the long ones say theirs.
const asTask = { taskSupport: "optional" as const };
const draft7 = "http://json-schema.org/draft-07/schema#";

/**
 * Serves a tool for every operation that declares one, each running the same executor as
 * its REST route, through the SDK's `Server` request handlers for `tools/list` and
 * `tools/call`. The arguments are validated by the executor with the operation's own
 * schemas, so a bad argument gets the same envelope as over REST; `tools/list` advertises
 * compact JSON Schemas (lib/mcp/tool-schemas.ts).
 */
export function registerOperationTools(
  server: Server,
  operations: readonly AnyOperation[],
  ctx: ServiceContext,
  tasks: LongWorkTaskStore,
) {
  const { definitions, byName } = toolTable(operations);
  server.registerCapabilities({ tools: { listChanged: true } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: definitions }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const operation = byName.get(request.params.name);
    const args = request.params.arguments ?? {};
    if (request.params.task) {
      // As the spec asks for a tool whose taskSupport is "forbidden" (or absent).
      if (!operation || !taskTools.has(request.params.name))
        throw new McpError(ErrorCode.MethodNotFound, `${request.params.name} does not run as a task: call it without \`task\`.`);
      return startTask(operation, args, ctx, tasks);
    }
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
    return callTool(operation, args, { ...ctx, now: new Date(), progress });
  });
}

const tables = new WeakMap<readonly AnyOperation[], { definitions: Tool[]; byName: Map<string, AnyOperation> }>();

/** The tools of an operation list, described once (servers are made per request). */
function toolTable(operations: readonly AnyOperation[]) {
  let table = tables.get(operations);
  if (!table) {
    const schemas = toolSchemas(operations, (operation) =>
      operation.tool
        ? { input: toolInputSchema(operation), response: z.object(withoutInstructed(shapeOf(operation.response))) }
        : undefined,
    );
    const tools = operations.filter((operation) => operation.tool);
    table = {
      definitions: tools.map((operation) => {
        const tool = operation.tool!;
        const { input, output } = schemas.get(operation)!;
        // `$schema` only where draft-07 `definitions` need it: without, every draft reads the schema alike.
        const outputSchema: Record<string, unknown> = "definitions" in output ? { $schema: draft7, ...output } : output;
        return {
          name: tool.name,
          title: tool.title,
          description: tool.description,
          inputSchema: input as Tool["inputSchema"],
          annotations: annotationsOf(operation),
          ...(taskTools.has(tool.name) && { execution: asTask }),
          outputSchema: outputSchema as Tool["outputSchema"],
        };
      }),
      byName: new Map(tools.map((operation) => [operation.tool!.name, operation])),
    };
    tables.set(operations, table);
  }
  return table;
}

async function runTool(operation: AnyOperation, args: Record<string, unknown>, ctx: ServiceContext) {
  refuseUnknownArguments(operation, args);
  return executeOperation(operation, toRawInput(operation, args), ctx);
}

/** The arguments without `idempotencyKey`, and the key when one was sent (checked: 400 when malformed). */
function splitIdempotencyKey(args: Record<string, unknown>) {
  const { [idempotencyArgument]: sent, ...rest } = args;
  return { args: rest, key: sent === undefined ? undefined : parseIdempotencyKey(sent, idempotencyArgument) };
}

/** A call with an `idempotencyKey` runs once per key, as a REST write with that `Idempotency-Key` would; a replay says so in `_meta`. */
async function callTool(operation: AnyOperation, args: Record<string, unknown>, ctx: ServiceContext) {
  try {
    if (!takesIdempotencyKey(operation) || args[idempotencyArgument] === undefined)
      return toolResult(await runTool(operation, args, ctx));
    const { args: input, key } = splitIdempotencyKey(args);
    refuseUnknownArguments(operation, input);
    const { output, replayed } = await executeIdempotently(operation, toRawInput(operation, input), ctx, key!);
    const result = toolResult(answerValue(output));
    return replayed ? { ...result, _meta: { [replayedMeta]: true } } : result;
  } catch (error) {
    return toolError(error, ctx.requestId);
  }
}

/**
 * A task-augmented call: the same executor, answered with the task as soon as the work is
 * recorded (the run's row), while the work goes on to settle the run. A call refused before
 * that (arguments, gates, the pipeline's rules) answers a JSON-RPC error with the envelope.
 */
async function startTask(
  operation: AnyOperation,
  args: Record<string, unknown>,
  ctx: ServiceContext,
  tasks: LongWorkTaskStore,
): Promise<CreateTaskResult> {
  let accept!: (work: { id: string }) => void;
  const accepted = new Promise<{ id: string }>((resolve) => {
    accept = resolve;
  });
  if (args[idempotencyArgument] !== undefined)
    throw refusedTask(
      new AppError("invalid_request", undefined, {
        details: {
          issues: [
            {
              path: idempotencyArgument,
              message:
                "A task is its own handle to the work (tasks/list finds it): call with a task and no idempotencyKey, or without a task.",
            },
          ],
        },
      }),
      ctx.requestId,
    );
  const call = runTool(operation, args, { ...ctx, now: new Date(), accepted: accept });
  ctx.waitUntil?.(call.catch(() => {}));
  let work: { id: string } | null;
  try {
    work = await Promise.race([accepted, call.then(() => null)]);
  } catch (error) {
    throw refusedTask(error, ctx.requestId);
  }
  const task = work && (await tasks.getTask(work.id));
  if (!task)
    throw new McpError(ErrorCode.InternalError, `${operation.tool!.name} finished without recording its work as a task.`);
  const immediate = `Started: task ${task.taskId}. Poll tasks/get every ${task.pollInterval! / 1000} s; tasks/result then answers what ${operation.tool!.name} answers.`;
  return { task, _meta: { "io.modelcontextprotocol/model-immediate-response": immediate } };
}
