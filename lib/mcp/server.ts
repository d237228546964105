import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ServiceContext } from "@/lib/core/context";
import { apiOperations } from "@/lib/operations";
import { registerPrompts } from "./prompts";
import { registerProjectResources } from "./resources";
import { registerOperationTools } from "./tools";

/** An MCP server for one authenticated caller: the API's operations as tools, plus resources and prompts. */
export function createMcpServer(ctx: ServiceContext): McpServer {
  const server = new McpServer(
    { name: "launchloop", title: "Launchloop", version: "1.0.0" },
    {
      instructions:
        "Launchloop turns a founder's onboarding answers into a reviewed launch pack through five agent runs, then runs a weekly growth loop. " +
        "Start with account_get and projects_list. Errors come back as JSON with `code` (e.g. upgrade_required, step_mismatch, rate_limited) and `retryable`.",
      capabilities: { logging: {} },
    },
  );
  // Tools through the underlying Server's handlers (the executor validates their arguments); resources and prompts through McpServer.
  registerOperationTools(server.server, apiOperations, ctx);
  registerProjectResources(server, ctx);
  registerPrompts(server);
  return server;
}
