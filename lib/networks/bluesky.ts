import "server-only";
import type { PostMetrics, PublishedPart } from "@/lib/schemas/publishing";
import { callNetwork, classifyAnswer, type JsonAnswer, NetworkError } from "./errors";
import type { ConnectionSecrets } from "./secrets";
import type { ConnectedAccount, NetworkModule, PublishRequest } from "./types";

/**
 * Bluesky over XRPC at the account's PDS (which also proxies the `app.bsky` reads). A post's
 * record key is a TID we choose and store before the first call: a retry looks the record
 * up with `getRecord` before creating it, and a second create with the same key cannot make
 * a second post.
 */

export const defaultPds = "https://bsky.social";
const collection = "app.bsky.feed.post";

const xrpc = (serviceUrl: string, method: string, query?: Record<string, string>) =>
  `${serviceUrl.replace(/\/+$/, "")}/xrpc/${method}${query ? `?${new URLSearchParams(query)}` : ""}`;

/** XRPC's refusals of our credentials; `ExpiredToken` is only the access token's age (refreshed, not a disconnect). */
const sessionRefused = (answer: JsonAnswer) =>
  answer.status === 401 ||
  (answer.status === 400 &&
    ["ExpiredToken", "InvalidToken", "AuthenticationRequired", "AccountTakedown"].includes(String(answer.json?.error)));

function check(answer: JsonAnswer, label: string): Record<string, unknown> {
  if (answer.status >= 200 && answer.status < 300 && answer.json) return answer.json;
  throw classifyAnswer(answer, `Bluesky ${label}`, sessionRefused);
}

export interface BlueskySession {
  did: string;
  handle: string;
  accessJwt: string;
  refreshJwt: string;
}

/** Signs in with a handle (or e-mail) and an app password: `auth` when the PDS refuses them. */
export async function createBlueskySession(serviceUrl: string, identifier: string, appPassword: string): Promise<BlueskySession> {
  const answer = await callNetwork(xrpc(serviceUrl, "com.atproto.server.createSession"), {
    method: "POST",
    json: { identifier, password: appPassword },
  });
  const body = check(answer, "sign-in");
  const { did, handle, accessJwt, refreshJwt } = body as Record<string, string | undefined>;
  if (!did || !handle || !accessJwt || !refreshJwt)
    throw new NetworkError("permanent", "Bluesky sign-in: the PDS answered without a session");
  return { did, handle, accessJwt, refreshJwt };
}

async function refreshBlueskySession(
  serviceUrl: string,
  refreshJwt: string,
): Promise<Pick<BlueskySession, "accessJwt" | "refreshJwt">> {
  const answer = await callNetwork(xrpc(serviceUrl, "com.atproto.server.refreshSession"), {
    method: "POST",
    headers: { authorization: `Bearer ${refreshJwt}` },
  });
  const body = check(answer, "session refresh") as Record<string, string | undefined>;
  if (!body.accessJwt || !body.refreshJwt)
    throw new NetworkError("transient", "Bluesky session refresh: no tokens in the answer");
  return { accessJwt: body.accessJwt, refreshJwt: body.refreshJwt };
}

/**
 * Runs `work` with a valid access token: on a refused token it refreshes the session, and
 * if that is refused too signs in again with the app password. Only a refused app password
 * is an `auth` failure (the founder revoked it).
 */
async function withSession<T>(
  account: ConnectedAccount,
  onSecrets: (secrets: ConnectionSecrets) => Promise<void>,
  work: (accessJwt: string) => Promise<T>,
): Promise<T> {
  const secrets = { ...account.secrets };
  const isSessionError = (error: unknown) => error instanceof NetworkError && error.kind === "auth";
  if (secrets.accessJwt) {
    try {
      return await work(secrets.accessJwt);
    } catch (error) {
      if (!isSessionError(error)) throw error;
    }
  }
  if (secrets.refreshJwt) {
    try {
      Object.assign(secrets, await refreshBlueskySession(account.serviceUrl, secrets.refreshJwt));
      await onSecrets(secrets);
      return await work(secrets.accessJwt!);
    } catch (error) {
      if (!isSessionError(error)) throw error;
    }
  }
  if (!secrets.appPassword) throw new NetworkError("auth", "Bluesky: no app password is stored; reconnect the account");
  const session = await createBlueskySession(
    account.serviceUrl,
    account.externalAccountId ?? account.handle ?? "",
    secrets.appPassword,
  );
  Object.assign(secrets, { accessJwt: session.accessJwt, refreshJwt: session.refreshJwt });
  await onSecrets(secrets);
  return work(session.accessJwt);
}

const encoder = new TextEncoder();
const byteOffset = (text: string, index: number) => encoder.encode(text.slice(0, index)).length;

/** Links and hashtags as rich-text facets (byte ranges, as the record needs them). */
export function facetsOf(text: string) {
  const facets: Record<string, unknown>[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')\]]+[^\s<>"')\].,;:!?]/g)) {
    const start = byteOffset(text, match.index);
    facets.push({
      index: { byteStart: start, byteEnd: start + encoder.encode(match[0]).length },
      features: [{ $type: "app.bsky.richtext.facet#link", uri: match[0] }],
    });
  }
  for (const match of text.matchAll(/(^|\s)#([\p{L}\p{N}_]{1,64})/gu)) {
    const start = byteOffset(text, match.index + match[1]!.length);
    facets.push({
      index: { byteStart: start, byteEnd: start + encoder.encode(`#${match[2]}`).length },
      features: [{ $type: "app.bsky.richtext.facet#tag", tag: match[2] }],
    });
  }
  return facets;
}

const rkeyOf = (uri: string) => uri.split("/").pop() ?? "";
export const blueskyPostUrl = (handleOrDid: string, uri: string) => `https://bsky.app/profile/${handleOrDid}/post/${rkeyOf(uri)}`;

async function getRecord(account: ConnectedAccount, rkey: string): Promise<{ uri: string; cid: string } | null> {
  const answer = await callNetwork(
    xrpc(account.serviceUrl, "com.atproto.repo.getRecord", { repo: account.externalAccountId!, collection, rkey }),
    { method: "GET" },
  );
  if (answer.status === 400 && answer.json?.error === "RecordNotFound") return null;
  if (answer.status === 404) return null;
  const body = check(answer, "record lookup");
  return typeof body.uri === "string" && typeof body.cid === "string" ? { uri: body.uri, cid: body.cid } : null;
}

export const bluesky: NetworkModule = {
  async publish(account, request: PublishRequest) {
    const parts: PublishedPart[] = [...request.posted];
    const did = account.externalAccountId!;
    for (let index = parts.length; index < request.parts.length; index++) {
      const rkey = request.keys[index]!;
      let posted = request.reconcile ? await getRecord(account, rkey) : null;
      if (!posted) {
        const root = parts[0];
        const parent = parts[index - 1];
        const text = request.parts[index]!;
        const facets = facetsOf(text);
        const record = {
          $type: collection,
          text,
          createdAt: request.now.toISOString(),
          ...(request.language && { langs: [request.language] }),
          ...(facets.length > 0 && { facets }),
          ...(root &&
            parent && { reply: { root: { uri: root.id, cid: root.cid }, parent: { uri: parent.id, cid: parent.cid } } }),
        };
        try {
          posted = await withSession(account, request.onSecrets, async (accessJwt) => {
            const answer = await callNetwork(xrpc(account.serviceUrl, "com.atproto.repo.createRecord"), {
              method: "POST",
              headers: { authorization: `Bearer ${accessJwt}` },
              json: { repo: did, collection, rkey, record },
            });
            const body = check(answer, "post");
            return { uri: String(body.uri), cid: String(body.cid) };
          });
        } catch (error) {
          // The key is taken: an earlier attempt's post went through. Take it, never post again.
          if (!(error instanceof NetworkError) || error.kind !== "permanent") throw error;
          posted = await getRecord(account, rkey);
          if (!posted) throw error;
        }
      }
      parts.push({ id: posted.uri, cid: posted.cid, url: blueskyPostUrl(account.handle ?? did, posted.uri) });
      await request.onPart(parts);
    }
    return { parts };
  },

  async metrics(account, post, options): Promise<PostMetrics> {
    return withSession(account, options.onSecrets, async (accessJwt) => {
      const answer = await callNetwork(xrpc(account.serviceUrl, "app.bsky.feed.getPosts", { uris: post.id }), {
        method: "GET",
        headers: { authorization: `Bearer ${accessJwt}` },
      });
      const body = check(answer, "numbers");
      const found = (Array.isArray(body.posts) ? body.posts : [])[0] as Record<string, unknown> | undefined;
      if (!found) throw new NetworkError("permanent", "Bluesky: the post is gone (deleted on the network)");
      const count = (field: string) => (typeof found[field] === "number" ? (found[field] as number) : 0);
      return {
        likes: count("likeCount"),
        reposts: count("repostCount"),
        replies: count("replyCount"),
        quotes: count("quoteCount"),
        collectedAt: options.now.toISOString(),
      };
    });
  },
};
