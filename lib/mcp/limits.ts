import type { ServiceContext } from "@/lib/core/context";
import { enforceLimit, generalLimit, rateLimitHeaders } from "@/lib/limits";
import { callerOf } from "@/lib/operations/execute";

// These reach the executor, which counts them against the general limit itself.
const executorMethods = new Set(["tools/call", "resources/read", "resources/list"]);

/**
 * Counts an MCP request against the caller's general rate limit when any of its JSON-RPC
 * messages (initialize, tools/list, prompts, notifications, or anything unparseable) does
 * not pass through the executor. Throws the 429 envelope when it is over; returns the headers.
 */
export async function enforceMessageLimit(ctx: ServiceContext, body: unknown): Promise<Record<string, string>> {
  const messages = Array.isArray(body) ? body : [body];
  const counted =
    messages.length === 0 ||
    messages.some((message) => !executorMethods.has((message as { method?: unknown })?.method as string));
  if (!counted) return {};
  return rateLimitHeaders(await enforceLimit(ctx.db, generalLimit(callerOf(ctx)), ctx.now));
}
