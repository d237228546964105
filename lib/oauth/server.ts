import "server-only";
import OAuth2Server from "@node-oauth/oauth2-server";
import type { Database } from "@/lib/db";
import { describeError } from "@/lib/db/errors";
import type { AccountRecord } from "@/lib/db/records";
import { AppError } from "@/lib/errors";
import { enforceLimit, oauthClientLimits } from "@/lib/limits";
import { registeredRedirectUri } from "@/lib/schemas/oauth-clients";
import type { AuthorizationParams } from "@/lib/schemas/oauth-params";
import { allScopes, type OAuthScope, requestedScopes } from "@/lib/schemas/oauth-scopes";
import { ClientProblem, findClient, type RegisteredClient } from "./clients";
import { CheckFirstAuthorizationCode, CheckFirstRefreshToken } from "./grant-types";
import { issuer, mcpResource } from "./metadata";
import { type GrantUser, lifetimes, oauthModel } from "./model";

export type CheckedAuthorization =
  /** Nothing may be sent to the redirect URI (unknown client, unregistered redirect URI): the page says why. */
  | { kind: "refused"; message: string }
  /**
   * The client is known and the redirect URI registered: the error may go back to it, but
   * only when the founder follows the link (RFC 9700 4.11.2: never an automatic redirect to
   * an address a client registered by itself).
   */
  | { kind: "error"; redirectTo: string; message: string; clientName: string }
  | { kind: "valid"; client: RegisteredClient; params: AuthorizationParams; scopes: OAuthScope[]; redirectUri: string };

/** The redirect URI with the authorization response's parameters (and `iss`, RFC 9207) added. */
export function authorizationResponseUrl(redirectUri: string, values: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries({ ...values, iss: issuer() }))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** Who asks for an authorization: a client metadata document is fetched for them within their limits. */
export interface AuthorizationAsker {
  accountId: string;
  clientIp: string;
}

/**
 * Counts a client metadata document fetch against the founder's account and address (30 an
 * hour each, like registrations), so nobody makes the server fetch and keep any number of them.
 */
async function countDocumentFetch(db: Database, asker: AuthorizationAsker, now: Date): Promise<true> {
  try {
    for (const policy of oauthClientLimits.documentFetch(asker)) await enforceLimit(db, policy, now);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited")
      throw new ClientProblem(
        "Launchloop has looked up too many new apps for your account or network in the last hour. Try again later.",
      );
    throw error;
  }
}

/**
 * Checks an authorization request before anyone is asked: the client and its registered
 * redirect URI first (a mismatch is shown, never redirected to), then the rest (PKCE
 * S256 required, known scopes, this server's resource), whose errors go back to the client.
 */
export async function checkAuthorization(
  db: Database,
  params: AuthorizationParams,
  now: Date,
  asker: AuthorizationAsker,
): Promise<CheckedAuthorization> {
  if (!params.client_id) return { kind: "refused", message: "The request names no client (client_id is missing)." };
  let client: RegisteredClient;
  try {
    client = await findClient(db, params.client_id, now, { mayFetch: () => countDocumentFetch(db, asker, now) });
  } catch (error) {
    if (error instanceof ClientProblem) return { kind: "refused", message: error.message };
    throw error;
  }
  const redirectUri = params.redirect_uri;
  if (!redirectUri || !registeredRedirectUri(client.redirectUris, redirectUri)) {
    return {
      kind: "refused",
      message: `${client.name} asked to send you back to an address it did not register, so Launchloop stops here.`,
    };
  }
  const fail = (error: string, description: string) => ({
    kind: "error" as const,
    redirectTo: authorizationResponseUrl(redirectUri, { error, error_description: description, state: params.state }),
    message: description,
    clientName: client.name,
  });
  if (params.response_type !== "code") return fail("unsupported_response_type", "Only response_type=code is supported.");
  if (!params.code_challenge || params.code_challenge_method !== "S256")
    return fail("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256.");
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(params.code_challenge))
    return fail("invalid_request", "code_challenge is not a valid S256 challenge.");
  if (params.state !== undefined && !/^[\x20-\x7e]{1,500}$/.test(params.state))
    return fail("invalid_request", "state is not valid.");
  const scopes = requestedScopes(params.scope);
  if (!scopes) return fail("invalid_scope", `Unknown scope: ask for any of ${allScopes.join(", ")}.`);
  if (params.resource !== undefined && params.resource !== mcpResource())
    return fail("invalid_target", `Tokens are issued only for ${mcpResource()}.`);
  return { kind: "valid", client, params, scopes, redirectUri };
}

const library = (db: Database) => new OAuth2Server({ model: oauthModel(db) });

/** The founder allowed the request: a code for their account, bound to the MCP resource, and where to send it. */
export async function issueAuthorizationCode(
  db: Database,
  account: AccountRecord,
  checked: Extract<CheckedAuthorization, { kind: "valid" }>,
): Promise<string> {
  const { params } = checked;
  const user: GrantUser = { accountId: account.id, accessGeneration: account.accessGeneration, resource: mcpResource() };
  const request = new OAuth2Server.Request({
    method: "POST",
    headers: {},
    query: {},
    body: {
      client_id: checked.client.id,
      redirect_uri: checked.redirectUri,
      response_type: "code",
      scope: checked.scopes.join(" "),
      code_challenge: params.code_challenge,
      code_challenge_method: "S256",
      ...(params.state !== undefined && { state: params.state }),
    },
  });
  const code = await library(db)
    .authorize(request, new OAuth2Server.Response(), {
      authenticateHandler: { handle: () => user },
      allowEmptyState: true,
      authorizationCodeLifetime: lifetimes.codeSeconds,
    })
    .catch((error: unknown) => {
      // The library wraps what our storage throws; the founder's access revoked meanwhile is our own refusal.
      const inner = error instanceof OAuth2Server.ServerError ? (error as { inner?: unknown }).inner : undefined;
      throw inner instanceof AppError ? inner : error;
    });
  return authorizationResponseUrl(checked.redirectUri, { code: code.authorizationCode, state: params.state });
}

export interface OAuthAnswer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

const oauthError = (status: number, error: string, description: string): OAuthAnswer => ({
  status,
  body: { error, error_description: description },
});

/**
 * The token endpoint (authorization code with PKCE, refresh token), done by the library
 * over our storage. `resource` (RFC 8707), when sent, must name the MCP server.
 */
export async function exchangeToken(
  db: Database,
  form: URLSearchParams,
  contentType: string,
  bodyLength: number,
): Promise<OAuthAnswer> {
  const resource = form.getAll("resource");
  if (resource.length > 1 || (resource[0] !== undefined && resource[0] !== mcpResource())) {
    return oauthError(400, "invalid_target", `Tokens are issued only for ${mcpResource()}.`);
  }
  const body: Record<string, string> = {};
  for (const [name, value] of form) body[name] ??= value;
  const request = new OAuth2Server.Request({
    method: "POST",
    query: {},
    headers: { "content-type": contentType, "content-length": String(bodyLength) },
    body,
  });
  const response = new OAuth2Server.Response();
  try {
    await library(db).token(request, response, {
      accessTokenLifetime: lifetimes.accessSeconds,
      refreshTokenLifetime: lifetimes.refreshSeconds,
      requireClientAuthentication: { authorization_code: false, refresh_token: false },
      alwaysIssueNewRefreshToken: true,
      // The library's two grants, with every check made before the code or refresh token is spent.
      extendedGrantTypes: { authorization_code: CheckFirstAuthorizationCode, refresh_token: CheckFirstRefreshToken },
    });
    return {
      status: 200,
      body: response.body as Record<string, unknown>,
      headers: { "Cache-Control": "no-store", Pragma: "no-cache" },
    };
  } catch (error) {
    if (error instanceof OAuth2Server.ServerError || !(error instanceof OAuth2Server.OAuthError)) {
      const inner = error instanceof OAuth2Server.ServerError ? (error as { inner?: unknown }).inner : error;
      // describeError keeps no statement, parameter or password: never a code or token of the request.
      console.error(`[oauth exchange] unexpected error: ${describeError(inner ?? error)}`);
      return oauthError(503, "server_error", "The authorization server could not answer; retry in a moment.");
    }
    return oauthError(error.code === 401 ? 401 : 400, error.name, error.message);
  }
}
