import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { AppError, toErrorEnvelope } from "@/lib/errors";
import { executeOperation, type RawInput } from "@/lib/operations/execute";
import type { AnyOperation, AuthenticatedContext } from "@/lib/operations/operation";

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

/** A tool error carrying the same envelope as the REST API (status and retry time included). */
export function toolError(error: unknown) {
  if (!(error instanceof AppError)) console.error("MCP tool failed", error);
  const envelope = toErrorEnvelope(error);
  const retryAfter = envelope.headers["Retry-After"];
  const body = { ...envelope.body, status: envelope.status, ...(retryAfter && { retryAfterSeconds: Number(retryAfter) }) };
  return { isError: true as const, content: [{ type: "text" as const, text: JSON.stringify(body) }] };
}

type Progress = { progressToken?: string | number };
type Extra = { _meta?: Progress; sendNotification: (notification: { method: "notifications/progress"; params: { progressToken: string | number; progress: number; total: number; message: string } }) => Promise<void> };

/** Registers a tool for every operation that declares one, each running the same executor as its REST route. */
export function registerOperationTools(server: McpServer, operations: readonly AnyOperation[], ctx: AuthenticatedContext) {
  for (const operation of operations) {
    const tool = operation.tool;
    if (!tool) continue;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: toolInputSchema(operation),
        // A fresh top-level object: the registered schema's id would turn it into a bare $ref.
        outputSchema: z.object(shapeOf(operation.response)),
        annotations: { title: tool.title, readOnlyHint: tool.readOnly ?? false, destructiveHint: tool.destructive ?? false, idempotentHint: tool.idempotent ?? false, openWorldHint: false },
      },
      async (args: Record<string, unknown>, extra: unknown) => {
        const { _meta, sendNotification } = extra as Extra;
        const progressToken = _meta?.progressToken;
        const progress = progressToken === undefined
          ? undefined
          : (done: number, total: number, message: string) => void sendNotification({ method: "notifications/progress", params: { progressToken, progress: done, total, message } }).catch(() => {});
        try {
          const { result } = await executeOperation(operation, toRawInput(operation, args), { ...ctx, now: new Date(), progress });
          return { structuredContent: result as Record<string, unknown>, content: [{ type: "text" as const, text: JSON.stringify(result) }] };
        } catch (error) {
          return toolError(error);
        }
      },
    );
  }
}
