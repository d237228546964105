import "server-only";
import type { AtpAgent, AtpSessionData } from "@atproto/api";
import { z } from "zod";
import { channelRules } from "@/lib/channels/rules";
import type { PostMetrics, PublishedPart } from "@/lib/schemas/publishing";
import { NetworkError, retryAfterMs } from "./errors";
import { guardedFetch } from "./http";
import type { ConnectedAccount, NetworkProvider, PostMedia, PublishRequest } from "./provider";
import type { ConnectionSecrets } from "./secrets";
import { serviceOrigin } from "./service-url";
import { newTid } from "./tid";

/**
 * Bluesky through `@atproto/api`'s agent at the account's PDS (which also proxies the
 * `app.bsky` reads), every request through the outbound guard (`guardedFetch`). A post's
 * record key is a TID we choose and store before the first call: a retry looks the record
 * up with `getRecord` before creating it, and a second create with the same key cannot make
 * a second post.
 */

export const defaultPds = "https://bsky.social";
const collection = "app.bsky.feed.post";

/** `@atproto/api`, loaded with the first Bluesky call rather than with every request the server answers. */
const atproto = () => import("@atproto/api");

/** XRPC's refusals of our credentials; `ExpiredToken` is only the access token's age (the agent refreshes it). */
const refusals = ["ExpiredToken", "InvalidToken", "AuthenticationRequired", "AccountTakedown"];

/** The agent's failure as a classified network error (a transport failure arrives classified already). */
async function classified(error: unknown, label: string): Promise<unknown> {
  if (error instanceof NetworkError) return error;
  const { XRPCError } = await atproto();
  if (!(error instanceof XRPCError)) return error;
  if (error.cause instanceof NetworkError) return error.cause;
  const message = `Bluesky ${label}: ${error.message || error.error || `HTTP ${error.status}`}`.slice(0, 500);
  const status = Number(error.status);
  if (status === 429)
    return new NetworkError(
      "rate_limit",
      message,
      retryAfterMs(
        Object.fromEntries(
          Object.entries(error.headers ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
        ),
      ) ?? 60_000,
      error.error,
    );
  // 1 and 0: an answer that was not XRPC (or none) — the PDS is not itself; try again later.
  if (status >= 500 || status === 408 || status < 100) return new NetworkError("transient", message, undefined, error.error);
  if (status === 401 || (status === 400 && refusals.includes(error.error)))
    return new NetworkError("auth", message, undefined, error.error);
  return new NetworkError("permanent", message, undefined, error.error);
}

async function call<T>(label: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw await classified(error, label);
  }
}

export interface BlueskySession {
  did: string;
  handle: string;
  accessJwt: string;
  refreshJwt: string;
}

/** An agent at the PDS whose session changes are handed to `onSession` (awaited before the caller goes on). */
async function agentAt(serviceUrl: string, onSession?: (session: AtpSessionData) => Promise<void>) {
  const { AtpAgent } = await atproto();
  const saves: Promise<void>[] = [];
  const agent = new AtpAgent({
    service: serviceUrl,
    fetch: guardedFetch,
    persistSession: (event, session) => {
      if (session && onSession && (event === "create" || event === "update")) saves.push(onSession(session));
    },
  });
  return { agent, saved: () => Promise.all(saves) };
}

/** Signs in with a handle (or e-mail) and an app password: `auth` when the PDS refuses them. */
export async function createBlueskySession(serviceUrl: string, identifier: string, appPassword: string): Promise<BlueskySession> {
  const { agent } = await agentAt(serviceUrl);
  const { data } = await call("sign-in", () => agent.login({ identifier, password: appPassword }));
  return { did: data.did, handle: data.handle, accessJwt: data.accessJwt, refreshJwt: data.refreshJwt };
}

/**
 * Runs `work` with a signed-in agent: the stored session first (the agent refreshes an
 * expired access token itself), then a new sign-in with the app password if the session is
 * refused. Only a refused app password is an `auth` failure (the founder revoked it).
 */
async function withSession<T>(
  account: ConnectedAccount,
  onSecrets: (secrets: ConnectionSecrets) => Promise<void>,
  label: string,
  work: (agent: AtpAgent) => Promise<T>,
): Promise<T> {
  const secrets = { ...account.secrets };
  const { agent, saved } = await agentAt(account.serviceUrl, async (session) => {
    Object.assign(secrets, { accessJwt: session.accessJwt, refreshJwt: session.refreshJwt });
    await onSecrets({ ...secrets });
  });
  const run = async () => {
    try {
      return await call(label, () => work(agent));
    } finally {
      await saved();
    }
  };
  if (secrets.accessJwt && secrets.refreshJwt) {
    agent.sessionManager.session = {
      did: account.externalAccountId!,
      handle: account.handle ?? "",
      accessJwt: secrets.accessJwt,
      refreshJwt: secrets.refreshJwt,
      active: true,
    };
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof NetworkError) || error.kind !== "auth") throw error;
    }
  }
  if (!secrets.appPassword) throw new NetworkError("auth", "Bluesky: no app password is stored; reconnect the account");
  const identifier = account.externalAccountId ?? account.handle ?? "";
  await call("sign-in", () => agent.login({ identifier, password: secrets.appPassword! })).finally(saved);
  return run();
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

async function getRecord(agent: AtpAgent, did: string, rkey: string): Promise<{ uri: string; cid: string } | null> {
  try {
    const { data } = await agent.com.atproto.repo.getRecord({ repo: did, collection, rkey });
    return data.cid ? { uri: data.uri, cid: data.cid } : null;
  } catch (error) {
    const { XRPCError } = await atproto();
    if (error instanceof XRPCError && (error.error === "RecordNotFound" || Number(error.status) === 404)) return null;
    throw error;
  }
}

const connectInput = z.object({
  handle: z.string().trim().min(3).max(253),
  appPassword: z.string().min(4).max(100),
  serviceUrl: z.string().max(300).optional(),
});

/** The post's images as `app.bsky.embed.images`: each blob with its alt text and aspect ratio. */
export function imagesEmbed(media: readonly PostMedia[]) {
  return {
    $type: "app.bsky.embed.images",
    images: media.map((item) => ({
      image: {
        $type: "blob",
        ref: { $link: item.media.id },
        mimeType: String(item.media.data?.mimeType ?? item.mimeType),
        size: Number(item.media.data?.size ?? 0),
      },
      alt: item.alt,
      aspectRatio: { width: item.width, height: item.height },
    })),
  };
}

export const bluesky: NetworkProvider = {
  network: "bluesky",
  label: "Bluesky",
  limits: {
    maxCharacters: channelRules.bluesky.bodyLimit,
    unit: channelRules.bluesky.unit,
    maxParts: 25,
    titles: false,
    images: { maxCount: 4, maxBytes: 1_000_000, types: ["image/png", "image/jpeg", "image/webp"] },
  },
  opensIn: { page: "https://bsky.app/intent/compose", textParam: "text" },
  connect: {
    kind: "form",
    schema: connectInput as z.ZodType<Record<string, unknown>>,
    fields: [
      { name: "handle", label: "Handle", kind: "text", placeholder: "you.bsky.social" },
      {
        name: "appPassword",
        label: "App password",
        kind: "password",
        help: "Use an app password (Bluesky → Settings → Privacy and security → App passwords), never your main password.",
      },
      {
        name: "serviceUrl",
        label: "Hosting provider",
        kind: "url",
        placeholder: defaultPds,
        optional: true,
        server: "hosting provider",
      },
    ],
    async connect(raw) {
      const input = connectInput.parse(raw);
      const serviceUrl = serviceOrigin(input.serviceUrl || defaultPds);
      const session = await createBlueskySession(serviceUrl, input.handle.replace(/^@/, ""), input.appPassword);
      return {
        serviceUrl,
        handle: session.handle,
        externalAccountId: session.did,
        secrets: { appPassword: input.appPassword, accessJwt: session.accessJwt, refreshJwt: session.refreshJwt },
      };
    },
  },

  async verify(account, ctx) {
    const profile = await withSession(account, ctx.onSecrets ?? (async () => undefined), "account", async (agent) => {
      const { data } = await agent.com.atproto.server.getSession();
      return data;
    });
    return { serviceUrl: account.serviceUrl, handle: profile.handle, externalAccountId: profile.did };
  },

  idempotency: "record-key",
  newPublicationKey: () => newTid(),

  async publish(account, request: PublishRequest) {
    const parts: PublishedPart[] = [...request.posted];
    const did = account.externalAccountId!;
    for (let index = parts.length; index < request.parts.length; index++) {
      const rkey = request.keys[index]!;
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
        ...(index === 0 && request.media?.length && { embed: imagesEmbed(request.media) }),
        ...(root &&
          parent && { reply: { root: { uri: root.id, cid: root.cid! }, parent: { uri: parent.id, cid: parent.cid! } } }),
      };
      request.signal?.throwIfAborted();
      const posted = await withSession(account, request.onSecrets, "post", async (agent) => {
        const found = request.reconcile ? await getRecord(agent, did, rkey) : null;
        if (found) return found;
        request.signal?.throwIfAborted();
        try {
          const { data } = await agent.com.atproto.repo.createRecord({ repo: did, collection, rkey, record });
          return { uri: data.uri, cid: data.cid };
        } catch (error) {
          // The key is taken: an earlier attempt's post went through. Take it, never post again.
          const { XRPCError } = await atproto();
          if (!(error instanceof XRPCError) || Number(error.status) !== 400 || refusals.includes(error.error)) throw error;
          const taken = await getRecord(agent, did, rkey);
          if (!taken) throw error;
          return taken;
        }
      });
      parts.push({ id: posted.uri, cid: posted.cid, url: blueskyPostUrl(account.handle ?? did, posted.uri) });
      await request.onPart(parts);
    }
    return { parts };
  },

  // A blob is named by its content (CID): uploading the same bytes again gives the same one.
  async uploadMedia(account, media, ctx) {
    media.signal?.throwIfAborted();
    const blob = await withSession(account, ctx.onSecrets ?? (async () => undefined), "image upload", async (agent) => {
      const { data } = await agent.uploadBlob(media.bytes, { encoding: media.mimeType });
      return data.blob;
    });
    return { id: blob.ref.toString(), data: { mimeType: blob.mimeType, size: blob.size } };
  },

  async metrics(account, post, options): Promise<PostMetrics> {
    const found = await withSession(account, options.onSecrets ?? (async () => undefined), "numbers", async (agent) => {
      const { data } = await agent.app.bsky.feed.getPosts({ uris: [post.id] });
      return data.posts[0];
    });
    if (!found) throw new NetworkError("permanent", "Bluesky: the post is gone (deleted on the network)");
    return {
      likes: found.likeCount ?? 0,
      reposts: found.repostCount ?? 0,
      replies: found.replyCount ?? 0,
      quotes: found.quoteCount ?? 0,
      collectedAt: options.now.toISOString(),
    };
  },
};
