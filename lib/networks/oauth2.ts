import "server-only";
import { config } from "@/lib/config";
import { NetworkError } from "./errors";
import { callNetwork, classifyAnswer, type JsonAnswer } from "./http";
import type { ConnectedAccount, NetworkProvider } from "./provider";
import type { ConnectionSecrets } from "./secrets";

/**
 * LinkedIn and X: OAuth 2.0 authorization code flows of a confidential client, configured by
 * the operator (client id and secret). X requires PKCE (S256) and authenticates the client
 * with HTTP Basic; LinkedIn's web flow takes the secret in the form and offers PKCE only to
 * native apps it enables one by one, so its flow is protected by the state and the secret.
 */

export const oauthNetworks = ["linkedin", "x"] as const;
export type OAuthNetwork = (typeof oauthNetworks)[number];

export interface NetworkOAuthClient {
  clientId: string;
  clientSecret: string;
  /** Where the founder is sent to authorize (x.com, www.linkedin.com). */
  authUrl: string;
  /** Where the API answers (api.x.com, api.linkedin.com). */
  apiUrl: string;
  apiVersion?: string;
}

interface OAuthSpec {
  scopes: string;
  pkce: boolean;
  clientAuth: "basic" | "form";
  authorizeUrl(client: NetworkOAuthClient): string;
  tokenUrl(client: NetworkOAuthClient): string;
  revokeUrl(client: NetworkOAuthClient): string;
}

export const oauthSpecs: Record<OAuthNetwork, OAuthSpec> = {
  x: {
    scopes: "tweet.read tweet.write users.read media.write offline.access",
    pkce: true,
    clientAuth: "basic",
    authorizeUrl: (client) => `${client.authUrl}/i/oauth2/authorize`,
    tokenUrl: (client) => `${client.apiUrl}/2/oauth2/token`,
    revokeUrl: (client) => `${client.apiUrl}/2/oauth2/revoke`,
  },
  linkedin: {
    scopes: "openid profile w_member_social",
    pkce: false,
    clientAuth: "form",
    authorizeUrl: (client) => `${client.authUrl}/oauth/v2/authorization`,
    tokenUrl: (client) => `${client.authUrl}/oauth/v2/accessToken`,
    revokeUrl: (client) => `${client.authUrl}/oauth/v2/revoke`,
  },
};

export const isOAuthNetwork = (network: string): network is OAuthNetwork =>
  (oauthNetworks as readonly string[]).includes(network);

/** The operator's client for a network, or undefined when it is not configured (the channel keeps Open in … and Copy). */
export const oauthClient = (network: OAuthNetwork): NetworkOAuthClient | undefined => config().oauthNetworks[network];

export function oauthAuthorizeUrl(
  network: OAuthNetwork,
  client: NetworkOAuthClient,
  options: { redirectUri: string; state: string; codeChallenge: string },
) {
  const spec = oauthSpecs[network];
  const query = new URLSearchParams({
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: options.redirectUri,
    scope: spec.scopes,
    state: options.state,
    ...(spec.pkce && { code_challenge: options.codeChallenge, code_challenge_method: "S256" }),
  });
  return `${spec.authorizeUrl(client)}?${query}`;
}

export type OAuthTokens = {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: string;
};

/** The client's credentials as the network takes them: HTTP Basic (X) or in the form (LinkedIn). */
function clientCredentials(
  network: OAuthNetwork,
  client: NetworkOAuthClient,
): { headers: Record<string, string>; form: Record<string, string> } {
  if (oauthSpecs[network].clientAuth === "form")
    return { headers: {}, form: { client_id: client.clientId, client_secret: client.clientSecret } };
  const basic = Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString(
    "base64",
  );
  return { headers: { authorization: `Basic ${basic}` }, form: { client_id: client.clientId } };
}

async function tokenCall(network: OAuthNetwork, client: NetworkOAuthClient, form: Record<string, string>) {
  const credentials = clientCredentials(network, client);
  return callNetwork(oauthSpecs[network].tokenUrl(client), {
    method: "POST",
    headers: credentials.headers,
    form: { ...form, ...credentials.form },
  });
}

function tokensOf(answer: JsonAnswer, label: string, now: Date): OAuthTokens {
  const body = answer.json ?? {};
  if (typeof body.access_token !== "string" || !body.access_token)
    throw new NetworkError("transient", `${label}: no access token in the answer`);
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    ...(typeof body.refresh_token === "string" && body.refresh_token && { refreshToken: body.refresh_token }),
    ...(Number.isFinite(expiresIn) && expiresIn > 0 && { expiresAt: new Date(now.getTime() + expiresIn * 1000).toISOString() }),
  };
}

const ok = (answer: JsonAnswer) => answer.status >= 200 && answer.status < 300;

/** The founder came back with a code: a refusal (a reused or expired code) is theirs to retry, never `auth`. */
export async function exchangeOAuthCode(
  network: OAuthNetwork,
  client: NetworkOAuthClient,
  options: { code: string; redirectUri: string; codeVerifier?: string; now: Date; networkLabel: string },
): Promise<OAuthTokens> {
  const label = `${options.networkLabel} authorization`;
  const answer = await tokenCall(network, client, {
    grant_type: "authorization_code",
    code: options.code,
    redirect_uri: options.redirectUri,
    ...(oauthSpecs[network].pkce && options.codeVerifier && { code_verifier: options.codeVerifier }),
  });
  if (!ok(answer)) throw classifyAnswer(answer, label, () => false);
  return tokensOf(answer, label, options.now);
}

/**
 * Trades a refresh token for new tokens. The token endpoint refusing it (401, `invalid_grant`;
 * X says `invalid_request` for a used or revoked one) is `auth`: the founder must reconnect.
 */
export async function refreshOAuthTokens(
  network: OAuthNetwork,
  client: NetworkOAuthClient,
  options: { refreshToken: string; now: Date; networkLabel: string },
): Promise<OAuthTokens> {
  const label = `${options.networkLabel} token refresh`;
  const answer = await tokenCall(network, client, { grant_type: "refresh_token", refresh_token: options.refreshToken });
  if (!ok(answer))
    throw classifyAnswer(
      answer,
      label,
      (refused) =>
        refused.status === 401 ||
        (refused.status === 400 && ["invalid_grant", "invalid_request"].includes(String(refused.json?.error))),
    );
  return tokensOf(answer, label, options.now);
}

/** Best effort: tells the network to forget the token when the founder disconnects. */
export async function revokeOAuthToken(network: OAuthNetwork, client: NetworkOAuthClient, token: string) {
  const credentials = clientCredentials(network, client);
  await callNetwork(oauthSpecs[network].revokeUrl(client), {
    method: "POST",
    headers: credentials.headers,
    form: { token, token_type_hint: "access_token", ...credentials.form },
    timeoutMs: 5000,
  }).catch(() => undefined);
}

/**
 * Runs `work` with a live access token: one past (or within a minute of) its expiry is
 * renewed first; a token the network refuses anyway is renewed once and the work tried again
 * (a refused call did nothing). Without a refresh token, expiry is an `auth` failure.
 */
export async function withAccessToken<T>(
  account: ConnectedAccount,
  options: { now: Date; label: string },
  work: (accessToken: string) => Promise<T>,
): Promise<T> {
  const renew = async (stale: ConnectionSecrets) => {
    if (!account.renewTokens || !stale.refreshToken)
      throw new NetworkError("auth", `${options.label}: the access has expired; reconnect the account`);
    account.secrets = await account.renewTokens(stale);
    return account.secrets;
  };
  let secrets = account.secrets;
  if (!secrets.accessToken) throw new NetworkError("auth", `${options.label}: no access token is stored; reconnect the account`);
  let renewed = false;
  if (secrets.expiresAt && Date.parse(secrets.expiresAt) - 60_000 <= options.now.getTime()) {
    secrets = await renew(secrets);
    renewed = true;
  }
  try {
    return await work(secrets.accessToken!);
  } catch (error) {
    if (renewed || !(error instanceof NetworkError) || error.kind !== "auth" || !secrets.refreshToken) throw error;
    secrets = await renew(secrets);
    return work(secrets.accessToken!);
  }
}

const clientOf = (network: OAuthNetwork, label: string) => {
  const client = oauthClient(network);
  if (!client) throw new NetworkError("permanent", `${label} publishing is not set up on this server`);
  return client;
};

/**
 * The connect flow, token renewal and revocation of a network that speaks this file's OAuth
 * 2.0 (the operator's client keys in the config); `identify` names the account a token belongs to.
 */
export function oauth2Provider(
  network: OAuthNetwork,
  label: string,
  identify: (apiUrl: string, accessToken: string) => Promise<{ externalAccountId: string; handle: string }>,
): Pick<NetworkProvider, "connect" | "verify" | "refresh" | "revoke"> {
  return {
    connect: {
      kind: "oauth",
      configured: () => Boolean(oauthClient(network)),
      async authorizeUrl(request) {
        const client = clientOf(network, label);
        return { serviceUrl: client.apiUrl, secrets: {}, authorizeUrl: oauthAuthorizeUrl(network, client, request) };
      },
      async exchange(request) {
        const client = clientOf(network, label);
        const tokens = await exchangeOAuthCode(network, client, {
          code: request.code,
          redirectUri: request.redirectUri,
          codeVerifier: request.secrets.codeVerifier,
          now: request.now,
          networkLabel: label,
        });
        return { serviceUrl: client.apiUrl, ...(await identify(client.apiUrl, tokens.accessToken)), secrets: tokens };
      },
    },
    async verify(account, ctx) {
      const identity = await withAccessToken(account, { now: ctx.now, label }, (token) => identify(account.serviceUrl, token));
      return { serviceUrl: account.serviceUrl, ...identity };
    },
    async refresh(account, ctx) {
      const { refreshToken } = account.secrets;
      if (!refreshToken) throw new NetworkError("auth", `${label}: the access has expired; reconnect the account`);
      const tokens = await refreshOAuthTokens(network, clientOf(network, label), {
        refreshToken,
        now: ctx.now,
        networkLabel: label,
      });
      return { ...account.secrets, ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
    },
    async revoke(account) {
      const client = oauthClient(network);
      if (client && account.secrets.accessToken) await revokeOAuthToken(network, client, account.secrets.accessToken);
    },
  };
}
