import type { ServiceContext } from "@/lib/core/context";
import { callerOf } from "@/lib/operations/execute";

const safe = (value: string) => value.replace(/[^\w/:.-]/g, "_").slice(0, 64);

/** What a request asked for: its JSON-RPC methods, with the tool's name for tool calls. */
function methodsOf(body: unknown): string {
  const messages = Array.isArray(body) ? body : [body];
  return messages
    .map((message) => {
      const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
      if (typeof method !== "string") return "?";
      return method === "tools/call" && typeof params?.name === "string" ? `tools/call:${safe(params.name)}` : safe(method);
    })
    .join(",");
}

/**
 * The MCP request log: one line per request naming the caller by its principal (a key's
 * or a grant's id, never a credential), the methods and the status. Arguments are never logged.
 */
export function logMcpRequest(requestId: string, ctx: ServiceContext | null, body: unknown, status: number): void {
  console.info(
    `[${requestId}] mcp ${ctx ? callerOf(ctx).subject : "anonymous"} ${body === undefined ? "-" : methodsOf(body)} ${status}`,
  );
}
