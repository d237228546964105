import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CancelTaskRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ServiceContext } from "@/lib/core/context";
import { apiOperations } from "@/lib/operations";
import { type AnyOperation, admits } from "@/lib/operations/operation";
import { registerPrompts } from "./prompts";
import { registerProjectResources } from "./resources";
import { cannotCancel, LongWorkTaskStore } from "./tasks";
import { pagingInstructions, registerOperationTools } from "./tools";

let appOperations: readonly AnyOperation[] | undefined;

/**
 * The operations a connected app is shown: all but those no scope opens (API keys, billing),
 * which are neither listed to it nor callable. One list, so its tool table is built once.
 */
function operationsFor(ctx: ServiceContext): readonly AnyOperation[] {
  if (ctx.principal.kind !== "grant") return apiOperations;
  appOperations ??= apiOperations.filter((operation) => admits(operation, "grant"));
  return appOperations;
}

/** An MCP server for one authenticated caller: the API's operations as tools, plus resources and prompts. */
export function createMcpServer(ctx: ServiceContext): McpServer {
  const tasks = new LongWorkTaskStore(ctx);
  const server = new McpServer(
    { name: "launchloop", title: "Launchloop", version: "1.0.0" },
    {
      instructions:
        "Launchloop turns a founder's onboarding answers into a reviewed launch pack through five agent runs, then runs a weekly growth loop. " +
        "Start with account_get and projects_list. Errors come back as JSON with `code` (e.g. upgrade_required, step_mismatch, rate_limited) and `retryable`. " +
        "Tools that change something take an optional `idempotencyKey` (e.g. a UUID): a retry with the same key and arguments within 24 hours answers the first answer again and does nothing twice. " +
        pagingInstructions,
      // Tasks as far as they go: tools/call (the tools that say so) and tasks/list, not tasks/cancel.
      capabilities: { logging: {}, tasks: { list: {}, requests: { tools: { call: {} } } } },
      taskStore: tasks,
    },
  );
  // The SDK installs tasks/cancel with the store; runs cannot be cancelled, so it says so for every task.
  server.server.setRequestHandler(CancelTaskRequestSchema, () => {
    throw new McpError(ErrorCode.MethodNotFound, cannotCancel);
  });
  // Tools through the underlying Server's handlers (the executor validates their arguments); resources and prompts through McpServer.
  registerOperationTools(server.server, operationsFor(ctx), ctx, tasks);
  registerProjectResources(server, ctx);
  registerPrompts(server);
  return server;
}
