import type { ServiceContext } from "@/lib/core/context";
import { getDatabase } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { clientIpOf } from "@/lib/http/client-ip";
import { requestContext, waitUntil } from "@/lib/http/handle";
import { tokenPrefixes } from "@/lib/oauth/grants";
import { mcpResourceMetadataUrl } from "@/lib/oauth/metadata";
import { apiOperations } from "@/lib/operations";
import { type AnyOperation, scopesNeeded } from "@/lib/operations/operation";
import { defaultScopes, type OAuthScope } from "@/lib/schemas/oauth-scopes";
import { authenticateAccessToken } from "@/lib/services/oauth/authenticate-access-token";

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
  const { account, principal } = await authenticateAccessToken(db, { authorization, now });
  return {
    ctx: { requestId, db, now, clientIp: clientIpOf(request.headers), waitUntil, account, principal },
    scopes: principal.scopes,
  };
}

/**
 * The 401 challenge (RFC 6750, RFC 9728, MCP 2025-11-25): where to find the resource's
 * metadata, the scopes to ask for first (reading and writing; posting is asked for when a
 * tool needs it), and `invalid_token` when a credential was sent but is not (or no longer) valid.
 */
export function unauthorizedChallenge(request: Request): string {
  const sent = bearerOf(request.headers.get("authorization")) !== undefined;
  return `Bearer resource_metadata="${mcpResourceMetadataUrl()}", scope="${defaultScopes.join(" ")}"${sent ? `, error="invalid_token", error_description="The API key or access token is not valid"` : ""}`;
}

let toolOperations: Map<string, AnyOperation> | undefined;

/** The operation behind a tool name, if any. */
function operationOfTool(name: unknown): AnyOperation | undefined {
  toolOperations ??= new Map(
    apiOperations.filter((operation) => operation.tool).map((operation) => [operation.tool!.name, operation]),
  );
  return toolOperations.get(String(name));
}

/** What a JSON-RPC message needs of a connected app: scopes, `"never"`, or nothing. */
type Need = OAuthScope[] | "never";

/**
 * The scopes a JSON-RPC message needs, from the operations' declarations: a tool's own
 * (and its arguments', e.g. a schedule needs launchloop:publish); reading for resources,
 * prompts and tasks (a task is an agent run, with its output); none for the rest.
 */
function scopeNeeded(message: unknown): Need {
  const { method, params } = (message ?? {}) as { method?: unknown; params?: { name?: unknown; arguments?: unknown } };
  if (method === "tools/call") {
    const operation = operationOfTool(params?.name);
    // An unknown tool is answered "no such tool" by the server; it needs no more than reading.
    return operation ? scopesNeeded(operation, params?.arguments) : ["launchloop:read"];
  }
  if (typeof method === "string" && /^(resources|prompts|tasks)\//.test(method)) return ["launchloop:read"];
  return [];
}

/**
 * What a grant lacks for any message of the request: a scope, `"never"` for a tool no scope
 * opens, or null when it has everything (always for an API key).
 */
export function missingScope(caller: McpCaller, body: unknown): OAuthScope | "never" | null {
  if (!caller.scopes) return null;
  for (const message of Array.isArray(body) ? body : [body]) {
    const needed = scopeNeeded(message);
    if (needed === "never") return "never";
    const missing = needed.find((scope) => !caller.scopes!.includes(scope));
    if (missing) return missing;
  }
  return null;
}

/**
 * The 403 for a missing scope (RFC 6750 `insufficient_scope`): the challenge asks for it along
 * with what the grant has. A tool no scope opens gets no `scope` to ask for.
 */
export function insufficientScope(caller: McpCaller, needed: OAuthScope | "never") {
  if (needed === "never") {
    return {
      error: new AppError(
        "insufficient_scope",
        "API keys, connected apps, sessions, the account and billing are managed by the founder in the dashboard; no connected app can.",
      ),
      challenge: `Bearer error="insufficient_scope", resource_metadata="${mcpResourceMetadataUrl()}", error_description="No scope opens this to a connected app"`,
    };
  }
  const scope = [...new Set([...(caller.scopes ?? []), needed])].join(" ");
  return {
    error: new AppError(
      "insufficient_scope",
      `This connected app was not allowed ${needed}. Connect it again and allow it, or use an API key.`,
    ),
    challenge: `Bearer error="insufficient_scope", scope="${scope}", resource_metadata="${mcpResourceMetadataUrl()}", error_description="This needs ${needed}"`,
  };
}
