import "server-only";
import { config } from "@/lib/config";
import { NetworkError, retryAfterMs } from "./errors";
import { callNetwork, classifyAnswer, type JsonAnswer } from "./http";
import type { ConnectionSecrets } from "./secrets";

/**
 * Reddit's OAuth 2.0 for a "web app" (HTTP Basic with the client id and secret; no PKCE): the
 * authorize page and token endpoint on www.reddit.com, the API on oauth.reddit.com. A
 * `duration=permanent` grant gives a refresh token that stays valid until the founder removes
 * the app. Every request carries a descriptive User-Agent, as Reddit's API rules require.
 */

export const redditScopes = "identity submit read flair history";

export interface RedditClient {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  apiUrl: string;
  userAgent: string;
}

export const redditClient = (): RedditClient | undefined => config().oauthNetworks.reddit;

export function redditClientOrFail(): RedditClient {
  const client = redditClient();
  if (!client) throw new NetworkError("permanent", "Reddit publishing is not set up on this server");
  return client;
}

const base = (url: string) => url.replace(/\/+$/, "");
const basic = (client: RedditClient) =>
  `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString("base64")}`;

/** The User-Agent of this server's Reddit client (the configured one, else built from the client id). */
export const redditAgent = () => redditClient()?.userAgent ?? "web:launchloop:1.0 (Launchloop publishing)";

export function redditAuthorizeUrl(client: RedditClient, options: { redirectUri: string; state: string }) {
  const query = new URLSearchParams({
    client_id: client.clientId,
    response_type: "code",
    state: options.state,
    redirect_uri: options.redirectUri,
    duration: "permanent",
    scope: redditScopes,
  });
  return `${base(client.authUrl)}/api/v1/authorize?${query}`;
}

async function tokenCall(client: RedditClient, form: Record<string, string>) {
  return callNetwork(`${base(client.authUrl)}/api/v1/access_token`, {
    method: "POST",
    headers: { authorization: basic(client), "user-agent": client.userAgent },
    form,
  });
}

function tokensOf(answer: JsonAnswer, label: string, now: Date): ConnectionSecrets {
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

/** Reddit answers a refused grant as a 200 whose body is `{error}` as often as with a 400. */
const refusedGrant = (answer: JsonAnswer) =>
  answer.status < 200 ||
  answer.status >= 300 ||
  typeof answer.json?.error === "string" ||
  typeof answer.json?.access_token !== "string";

/** The founder came back with a code: a refused code is theirs to retry (`permanent`), never `auth`. */
export async function exchangeRedditCode(client: RedditClient, options: { code: string; redirectUri: string; now: Date }) {
  const label = "Reddit authorization";
  const answer = await tokenCall(client, {
    grant_type: "authorization_code",
    code: options.code,
    redirect_uri: options.redirectUri,
  });
  if (refusedGrant(answer)) {
    const refused = classifyAnswer(answer, label, () => false);
    throw refused.kind === "transient" || refused.kind === "rate_limit"
      ? refused
      : new NetworkError("permanent", refused.message, undefined, refused.code);
  }
  const tokens = tokensOf(answer, label, options.now);
  if (!tokens.refreshToken)
    throw new NetworkError("permanent", `${label}: Reddit gave no refresh token (a permanent grant is needed)`);
  return tokens;
}

/** Trades the permanent refresh token for a new access token; a refused one (`invalid_grant`, 401) is `auth`. */
export async function refreshRedditToken(client: RedditClient, options: { refreshToken: string; now: Date }) {
  const label = "Reddit token refresh";
  const answer = await tokenCall(client, { grant_type: "refresh_token", refresh_token: options.refreshToken });
  if (refusedGrant(answer)) {
    if (answer.status >= 200 && answer.status < 300)
      throw new NetworkError(
        "auth",
        `${label}: ${String(answer.json?.error ?? "no access token")}`,
        undefined,
        String(answer.json?.error ?? ""),
      );
    throw classifyAnswer(answer, label, (refused) => refused.status === 401 || refused.json?.error === "invalid_grant");
  }
  return tokensOf(answer, label, options.now);
}

/** Best effort: revoking the refresh token ends every access token of the grant. */
export async function revokeRedditToken(client: RedditClient, token: string, hint: "refresh_token" | "access_token") {
  await callNetwork(`${base(client.authUrl)}/api/v1/revoke_token`, {
    method: "POST",
    headers: { authorization: basic(client), "user-agent": client.userAgent },
    form: { token, token_type_hint: hint },
    timeoutMs: 5000,
  }).catch(() => undefined);
}

/** Reddit's `X-Ratelimit-Reset` is seconds until the window resets. */
const redditRetryAfter = (answer: JsonAnswer) => {
  const reset = answer.headers["x-ratelimit-reset"];
  return reset && /^\d+$/.test(reset.trim()) ? Number(reset) * 1000 : retryAfterMs(answer.headers);
};

/** The classification of an API answer that is not a success: 401 is our token (renew, then reconnect). */
export function classifyRedditAnswer(answer: JsonAnswer, label: string): NetworkError {
  if (answer.status === 429) {
    const said = typeof answer.json?.message === "string" ? answer.json.message : "HTTP 429";
    return new NetworkError("rate_limit", `${label}: ${said}`, redditRetryAfter(answer) ?? 60_000);
  }
  return classifyAnswer(answer, label, (refused) => refused.status === 401);
}

export function checkReddit(answer: JsonAnswer, label: string): Record<string, unknown> {
  if (answer.status >= 200 && answer.status < 300 && answer.json) return answer.json;
  throw classifyRedditAnswer(answer, label);
}

/** One call to Reddit's API with the founder's token and the server's User-Agent. */
export const redditCall = (apiUrl: string, path: string, token: string, form?: Record<string, string>) =>
  callNetwork(`${base(apiUrl)}${path}`, {
    method: form ? "POST" : "GET",
    headers: { authorization: `bearer ${token}`, "user-agent": redditAgent() },
    ...(form && { form }),
  });

export async function redditIdentity(apiUrl: string, accessToken: string) {
  const body = checkReddit(await redditCall(apiUrl, "/api/v1/me", accessToken), "Reddit account");
  if (typeof body.name !== "string" || typeof body.id !== "string")
    throw new NetworkError("permanent", "Reddit account: the answer named no user");
  return { externalAccountId: `t2_${body.id}`, handle: `u/${body.name}` };
}

/** The submit endpoint's errors, `[[code, message, field], ...]` inside a 200. */
export function submitRefusal(errors: unknown[], label: string): NetworkError {
  const [first] = errors as unknown[][];
  const code = String(first?.[0] ?? "UNKNOWN");
  const message = `${label}: ${String(first?.[1] ?? code)} (${code})`.slice(0, 500);
  if (code === "RATELIMIT") {
    const said = String(first?.[1] ?? "");
    const minutes = /(\d+)\s*minute/.exec(said)?.[1];
    const seconds = /(\d+)\s*second/.exec(said)?.[1];
    const wait = minutes ? Number(minutes) * 60_000 : seconds ? Number(seconds) * 1000 : 10 * 60_000;
    return new NetworkError("rate_limit", message, wait, code);
  }
  if (code === "USER_REQUIRED") return new NetworkError("auth", message, undefined, code);
  return new NetworkError("permanent", message, undefined, code);
}
