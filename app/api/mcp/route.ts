import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { readBodyText } from "@/lib/http/body";
import { errorResponse, newResponseHeaders } from "@/lib/http/responses";
import {
  authenticateMcpCaller,
  insufficientScope,
  type McpCaller,
  missingScope,
  unauthorizedChallenge,
} from "@/lib/mcp/authorization";
import { enforceMessageLimit } from "@/lib/mcp/limits";
import { logMcpRequest } from "@/lib/mcp/request-log";
import { createMcpServer } from "@/lib/mcp/server";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

/** Hosts the server answers to (DNS-rebinding protection): APP_URL's, plus its loopback twins locally. */
function allowedHosts(): string[] {
  const url = new URL(config().appUrl);
  const loopback = ["localhost", "127.0.0.1", "[::1]"];
  const names = loopback.includes(url.hostname) ? loopback : [url.hostname];
  return names.flatMap((name) => (url.port ? [`${name}:${url.port}`, name] : [name]));
}

/** Whether any JSON-RPC message asks for progress: then the answer streams (SSE) so notifications can reach the client. */
function asksForProgress(message: unknown): boolean {
  const messages = Array.isArray(message) ? message : [message];
  return messages.some(
    (entry) => (entry as { params?: { _meta?: { progressToken?: unknown } } })?.params?._meta?.progressToken !== undefined,
  );
}

/** The remote MCP server: stateless streamable HTTP, one server per request, for an API key or an OAuth grant's access token. */
export async function POST(request: Request) {
  const headers = newResponseHeaders();
  let caller: McpCaller;
  try {
    caller = await authenticateMcpCaller(request, headers.get("X-Request-Id")!);
  } catch (error) {
    if (error instanceof AppError && error.code === "unauthorized")
      headers.set("WWW-Authenticate", unauthorizedChallenge(request));
    const refused = errorResponse(error, headers);
    logMcpRequest(headers.get("X-Request-Id")!, null, undefined, refused.status);
    return refused;
  }
  const { ctx } = caller;
  let text: string;
  let parsedBody: unknown;
  let limitHeaders: Record<string, string>;
  try {
    text = await readBodyText(request);
    try {
      parsedBody = JSON.parse(text);
    } catch {
      parsedBody = undefined;
    }
    const needed = missingScope(caller, parsedBody);
    if (needed) {
      const { error, challenge } = insufficientScope(caller, needed);
      headers.set("WWW-Authenticate", challenge);
      throw error;
    }
    limitHeaders = await enforceMessageLimit(ctx, parsedBody);
  } catch (error) {
    const refused = errorResponse(error, headers);
    logMcpRequest(ctx.requestId, ctx, parsedBody, refused.status);
    return refused;
  }
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !asksForProgress(parsedBody),
    enableDnsRebindingProtection: true,
    allowedHosts: allowedHosts(),
  });
  await createMcpServer(ctx).connect(transport);
  const forwarded = new Request(request.url, { method: "POST", headers: request.headers, body: text });
  const response = await transport.handleRequest(forwarded, parsedBody === undefined ? undefined : { parsedBody });
  const answer = new Response(response.body, response);
  answer.headers.set("X-Request-Id", headers.get("X-Request-Id")!);
  for (const [name, value] of Object.entries(limitHeaders)) answer.headers.set(name, value);
  logMcpRequest(ctx.requestId, ctx, parsedBody, answer.status);
  return answer;
}

function methodNotAllowed() {
  const headers = newResponseHeaders();
  headers.set("Allow", "POST");
  return errorResponse(
    new AppError("method_not_allowed", "This MCP server is stateless: send JSON-RPC messages with POST."),
    headers,
  );
}

export { methodNotAllowed as GET, methodNotAllowed as DELETE, methodNotAllowed as PUT, methodNotAllowed as PATCH };
