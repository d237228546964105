import "server-only";
import { config } from "@/lib/config";
import { NetworkError, retryAfterMs } from "./errors";
import { callNetwork, type JsonAnswer } from "./http";
import type { ConnectedAccount } from "./provider";
import type { ConnectionSecrets } from "./secrets";

/**
 * Meta's Threads API (graph.threads.net, v1.0): the authorization window on threads.net, a
 * one-hour token traded for a 60-day one, which renews itself (`th_refresh_token`, once it is
 * a day old) and is the only credential: there is no refresh token. Errors come as the Graph
 * API's `{error: {message, type, code}}`, an invalid or expired token as code 190 (on a 400).
 */

export const threadsScopes = "threads_basic,threads_content_publish,threads_manage_insights,threads_read_replies";
const version = "v1.0";
/** A token with less than this left is renewed before use (Meta renews one at least a day old). */
const renewWithinMs = 30 * 86_400_000;

export interface ThreadsClient {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  apiUrl: string;
}

export const threadsClient = (): ThreadsClient | undefined => config().oauthNetworks.threads;

export function threadsClientOrFail(): ThreadsClient {
  const client = threadsClient();
  if (!client) throw new NetworkError("permanent", "Threads publishing is not set up on this server");
  return client;
}

const base = (apiUrl: string) => apiUrl.replace(/\/+$/, "");
export const graphUrl = (apiUrl: string, path: string) => `${base(apiUrl)}/${version}${path}`;

interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
}

const graphErrorOf = (answer: JsonAnswer): GraphError | undefined =>
  typeof answer.json?.error === "object" && answer.json.error !== null ? (answer.json.error as GraphError) : undefined;

/** Graph throttling codes (application, user, page and custom rate limits). */
const throttled = new Set([4, 17, 32, 613, 80001, 80002]);
/** Codes that mean "this token (or the permission it carried) no longer works": the founder reconnects. */
const credentialRefused = (error: GraphError | undefined, status: number) =>
  status === 401 ||
  error?.code === 190 ||
  error?.code === 102 ||
  error?.code === 10 ||
  ((error?.code ?? 0) >= 200 && (error?.code ?? 0) < 300);

/** The classification of a Threads answer that is not a success. */
export function classifyThreadsAnswer(answer: JsonAnswer, label: string): NetworkError {
  const error = graphErrorOf(answer);
  const said = typeof error?.message === "string" ? error.message : `HTTP ${answer.status}`;
  const message = `${label}: ${said}`.slice(0, 500);
  const code = error?.code === undefined ? undefined : String(error.code);
  if (answer.status === 429 || (error?.code !== undefined && throttled.has(error.code)))
    return new NetworkError("rate_limit", message, retryAfterMs(answer.headers) ?? 15 * 60_000, code);
  if (answer.status >= 500 || answer.status === 408 || error?.is_transient === true || error?.code === 1 || error?.code === 2)
    return new NetworkError("transient", message, undefined, code);
  if (credentialRefused(error, answer.status)) return new NetworkError("auth", message, undefined, code);
  return new NetworkError("permanent", message, undefined, code);
}

export function checkThreads(answer: JsonAnswer, label: string): Record<string, unknown> {
  if (answer.status >= 200 && answer.status < 300 && answer.json && !graphErrorOf(answer)) return answer.json;
  throw classifyThreadsAnswer(answer, label);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function threadsAuthorizeUrl(client: ThreadsClient, options: { redirectUri: string; state: string }) {
  const query = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: options.redirectUri,
    scope: threadsScopes,
    response_type: "code",
    state: options.state,
  });
  return `${base(client.authUrl)}/oauth/authorize?${query}`;
}

const tokensOf = (body: Record<string, unknown>, now: Date, label: string): ConnectionSecrets => {
  if (typeof body.access_token !== "string" || !body.access_token)
    throw new NetworkError("transient", `${label}: no access token in the answer`);
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    ...(Number.isFinite(expiresIn) && expiresIn > 0 && { expiresAt: new Date(now.getTime() + expiresIn * 1000).toISOString() }),
  };
};

/**
 * The founder came back with a code: it becomes a one-hour token, traded at once for a 60-day
 * one. A refused code is the founder's to retry (`permanent`), never `auth`.
 */
export async function exchangeThreadsCode(
  client: ThreadsClient,
  options: { code: string; redirectUri: string; now: Date },
): Promise<ConnectionSecrets> {
  const label = "Threads authorization";
  const short = await callNetwork(`${base(client.apiUrl)}/oauth/access_token`, {
    method: "POST",
    form: {
      client_id: client.clientId,
      client_secret: client.clientSecret,
      code: options.code,
      grant_type: "authorization_code",
      redirect_uri: options.redirectUri,
    },
  });
  if (short.status < 200 || short.status >= 300 || typeof short.json?.access_token !== "string") {
    const refused = classifyThreadsAnswer(short, label);
    throw refused.kind === "auth" ? new NetworkError("permanent", refused.message, undefined, refused.code) : refused;
  }
  // Meta takes this exchange as a GET with the secret in the query only.
  const query = new URLSearchParams({
    grant_type: "th_exchange_token",
    client_secret: client.clientSecret,
    access_token: short.json.access_token,
  });
  const long = await callNetwork(`${base(client.apiUrl)}/access_token?${query}`, { method: "GET" });
  return tokensOf(checkThreads(long, label), options.now, label);
}

/** Renews the 60-day token with itself; a refusal of a token that has run out or was revoked is `auth`. */
export async function refreshThreadsToken(client: ThreadsClient, options: { accessToken: string; now: Date }) {
  const label = "Threads token renewal";
  const query = new URLSearchParams({ grant_type: "th_refresh_token", access_token: options.accessToken });
  const answer = await callNetwork(`${base(client.apiUrl)}/refresh_access_token?${query}`, { method: "GET" });
  return tokensOf(checkThreads(answer, label), options.now, label);
}

export async function threadsIdentity(apiUrl: string, accessToken: string) {
  const answer = await callNetwork(graphUrl(apiUrl, "/me?fields=id,username"), { method: "GET", headers: bearer(accessToken) });
  const body = checkThreads(answer, "Threads account");
  if (typeof body.id !== "string" || typeof body.username !== "string")
    throw new NetworkError("permanent", "Threads account: the answer named no user");
  return { externalAccountId: body.id, handle: `@${body.username}` };
}

/**
 * Runs `work` with the account's token, renewed first when it is within 30 days of running out
 * (Meta renews only unexpired tokens, so one left to lapse means reconnecting). A renewal that
 * fails for a passing reason leaves the current, still valid token in use.
 */
export async function withThreadsToken<T>(account: ConnectedAccount, now: Date, work: (token: string) => Promise<T>): Promise<T> {
  const { accessToken, expiresAt } = account.secrets;
  if (!accessToken) throw new NetworkError("auth", "Threads: no access token is stored; reconnect the account");
  const left = expiresAt ? Date.parse(expiresAt) - now.getTime() : Number.POSITIVE_INFINITY;
  if (left <= 0) throw new NetworkError("auth", "Threads: the access has expired; reconnect the account");
  if (left < renewWithinMs && account.renewTokens) {
    try {
      account.secrets = await account.renewTokens(account.secrets);
    } catch (error) {
      if (error instanceof NetworkError && error.kind === "auth") throw error;
    }
  }
  return work(account.secrets.accessToken!);
}

export const threadsCall = (url: string, token: string, form?: Record<string, string>) =>
  callNetwork(url, { method: form ? "POST" : "GET", headers: bearer(token), ...(form && { form }) });
