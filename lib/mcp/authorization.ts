import type { ServiceContext } from "@/lib/core/context";
import { getDatabase } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { clientIpOf } from "@/lib/http/client-ip";
import { requestContext, waitUntil } from "@/lib/http/handle";
import { authenticateAccessToken, tokenPrefixes } from "@/lib/oauth/grants";
import { mcpResourceMetadataUrl } from "@/lib/oauth/metadata";
import { type OAuthScope, scopeFor } from "@/lib/oauth/scopes";
import { apiOperations } from "@/lib/operations";

/** An MCP caller: an API key (every scope) or an OAuth grant with the scopes the founder allowed. */
export interface McpCaller {
  ctx: ServiceContext;
  /** Null for an API key: a key may do everything its account may. */
  scopes: OAuthScope[] | null;
}

const bearerOf = (authorization: string | null) => /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];

/** The caller of an MCP request, by its bearer credential: an OAuth access token for this resource, or an API key. Throws 401. */
export async function authenticateMcpCaller(request: Request, requestId: string): Promise<McpCaller> {
  const authorization = request.headers.get("authorization");
  if (!bearerOf(authorization)?.startsWith(tokenPrefixes.access))
    return { ctx: await requestContext(request, requestId, "key"), scopes: null };
  const db = await getDatabase();
  const now = new Date();
  const { account, principal, scopes } = await authenticateAccessToken(db, authorization, now);
  return { ctx: { requestId, db, now, clientIp: clientIpOf(request.headers), waitUntil, account, principal }, scopes };
}

/**
 * The 401 challenge (RFC 6750, RFC 9728): where to find the resource's metadata, and
 * `invalid_token` when a credential was sent but is not (or no longer) valid.
 */
export function unauthorizedChallenge(request: Request): string {
  const sent = bearerOf(request.headers.get("authorization")) !== undefined;
  return `Bearer resource_metadata="${mcpResourceMetadataUrl()}"${sent ? `, error="invalid_token", error_description="The API key or access token is not valid"` : ""}`;
}

let readOnlyTools: Map<string, boolean> | undefined;

/**
 * The scope a JSON-RPC message needs: reading for read-only tools, resources, prompts and
 * tasks (a task is an agent run, with its output); writing for other tools; none for the rest.
 */
function scopeNeeded(message: unknown): OAuthScope | null {
  const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown } };
  if (method === "tools/call") {
    readOnlyTools ??= new Map(
      apiOperations
        .filter((operation) => operation.tool)
        .map((operation) => [operation.tool!.name, operation.tool!.readOnly === true]),
    );
    const readOnly = readOnlyTools.get(String(params?.name));
    // An unknown tool is answered "no such tool" by the server; it needs no more than reading.
    return scopeFor(readOnly ?? true);
  }
  if (typeof method === "string" && /^(resources|prompts|tasks)\//.test(method)) return "launchloop:read";
  return null;
}

/**
 * The scope a grant lacks for any message of the request, or null when it has them all
 * (always for an API key). The 403's challenge then asks for it along with what the grant has.
 */
export function missingScope(caller: McpCaller, body: unknown): OAuthScope | null {
  if (!caller.scopes) return null;
  for (const message of Array.isArray(body) ? body : [body]) {
    const needed = scopeNeeded(message);
    if (needed && !caller.scopes.includes(needed)) return needed;
  }
  return null;
}

export function insufficientScope(caller: McpCaller, needed: OAuthScope) {
  const scope = [...new Set([...(caller.scopes ?? []), needed])].join(" ");
  return {
    error: new AppError(
      "forbidden",
      `This connected app was not allowed ${needed}. Connect it again and allow it, or use an API key.`,
    ),
    challenge: `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${mcpResourceMetadataUrl()}", error_description="This needs ${needed}"`,
  };
}
