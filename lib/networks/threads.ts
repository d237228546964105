import "server-only";
import { channelRules } from "@/lib/channels/rules";
import type { PostMetrics, PublishedPart } from "@/lib/schemas/publishing";
import { NetworkError } from "./errors";
import type { ConnectedAccount, NetworkProvider, PublishRequest } from "./provider";
import {
  checkThreads,
  exchangeThreadsCode,
  graphUrl,
  refreshThreadsToken,
  threadsAuthorizeUrl,
  threadsCall,
  threadsClient,
  threadsClientOrFail,
  threadsIdentity,
  withThreadsToken,
} from "./threads-api";

/**
 * Threads: each part is a TEXT media container (`POST /{user}/threads`, the parts after the
 * first as replies to the one before through `reply_to_id`) published by `threads_publish`.
 * Threads takes no idempotency key. A container publishes once and tells whether it was
 * (`status` PUBLISHED): when the answer to `threads_publish` is lost, the container is asked,
 * and the post looked up among the account's own; what cannot be confirmed that way is
 * `unconfirmed` (the founder checks), never published again on its own. A retry after a
 * crash looks the part up among the account's recent posts or replies before posting.
 */

const label = "Threads";
const statusPolls = 4;
const pollDelayMs = 750;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const comparable = (text: string) => text.replace(/\s+/g, " ").trim();

export const threadsPostUrl = (handle: string | null) =>
  handle ? `https://www.threads.net/@${handle.replace(/^@/, "")}` : "https://www.threads.net/";

/** The account's post (or reply to `parentId`) with this text from the last week, or null; a refused look-up is null. */
async function findPosted(account: ConnectedAccount, now: Date, text: string, parentId: string | undefined) {
  const since = Math.floor((now.getTime() - 7 * 86_400_000) / 1000);
  const fields = parentId ? "id,text,timestamp,permalink,replied_to" : "id,text,timestamp,permalink";
  const path = `/me/${parentId ? "replies" : "threads"}?${new URLSearchParams({ fields, since: String(since), limit: "50" })}`;
  try {
    const body = await withThreadsToken(account, now, async (token) =>
      checkThreads(await threadsCall(graphUrl(account.serviceUrl, path), token), "Threads post lookup"),
    );
    const posts = (Array.isArray(body.data) ? body.data : []) as {
      id: string;
      text?: string;
      permalink?: string;
      replied_to?: { id?: string };
    }[];
    const wanted = comparable(text);
    const found = posts.find((post) => comparable(post.text ?? "") === wanted && (!parentId || post.replied_to?.id === parentId));
    return found ? { id: found.id, url: found.permalink } : null;
  } catch (error) {
    if (error instanceof NetworkError && error.kind === "permanent") return null;
    throw error;
  }
}

/** Creates the part's container (nothing is visible yet) and waits, briefly, until Threads has it ready. */
async function createContainer(account: ConnectedAccount, now: Date, text: string, parentId: string | undefined) {
  const userId = account.externalAccountId ?? "me";
  const body = await withThreadsToken(account, now, async (token) =>
    checkThreads(
      await threadsCall(graphUrl(account.serviceUrl, `/${encodeURIComponent(userId)}/threads`), token, {
        media_type: "TEXT",
        text,
        ...(parentId && { reply_to_id: parentId }),
      }),
      "Threads post",
    ),
  );
  if (typeof body.id !== "string") throw new NetworkError("transient", "Threads post: the answer named no container");
  for (let poll = 0; poll < statusPolls; poll++) {
    const status = await containerStatus(account, now, body.id);
    if (status === "FINISHED") return body.id;
    if (status === "ERROR" || status === "EXPIRED")
      throw new NetworkError("transient", `Threads post: the container ended as ${status}`);
    await wait(pollDelayMs * (poll + 1));
  }
  // Still processing: a later attempt makes a new one (an unpublished container is never shown).
  throw new NetworkError("transient", "Threads post: the container is still processing");
}

async function containerStatus(account: ConnectedAccount, now: Date, containerId: string) {
  const body = await withThreadsToken(account, now, async (token) =>
    checkThreads(
      await threadsCall(graphUrl(account.serviceUrl, `/${encodeURIComponent(containerId)}?fields=status,error_message`), token),
      "Threads post status",
    ),
  );
  return String(body.status ?? "");
}

/** The live post's link; the post is out either way, so a failure here falls back to the profile. */
async function permalinkOf(account: ConnectedAccount, now: Date, id: string) {
  try {
    const body = await withThreadsToken(account, now, async (token) =>
      checkThreads(
        await threadsCall(graphUrl(account.serviceUrl, `/${encodeURIComponent(id)}?fields=id,permalink`), token),
        "Threads link",
      ),
    );
    return typeof body.permalink === "string" ? body.permalink : threadsPostUrl(account.handle);
  } catch {
    return threadsPostUrl(account.handle);
  }
}

/**
 * Publishes the container. Its answer lost after sending: the container says whether it went
 * out, and the post is found among the account's; anything short of that is `unconfirmed`.
 */
async function publishContainer(
  account: ConnectedAccount,
  now: Date,
  containerId: string,
  text: string,
  parentId: string | undefined,
): Promise<{ id: string; url?: string }> {
  const userId = account.externalAccountId ?? "me";
  try {
    const body = await withThreadsToken(account, now, async (token) =>
      checkThreads(
        await threadsCall(graphUrl(account.serviceUrl, `/${encodeURIComponent(userId)}/threads_publish`), token, {
          creation_id: containerId,
        }),
        "Threads publish",
      ),
    );
    if (typeof body.id !== "string")
      throw new NetworkError("unconfirmed", "Threads publish: the answer named no post; it may have gone out");
    return { id: body.id };
  } catch (error) {
    if (!(error instanceof NetworkError && error.kind === "transient")) throw error;
    const status = await containerStatus(account, now, containerId).catch(() => null);
    const lost = error.mayHaveArrived
      ? `Threads publish: the post was sent but its answer was lost (${error.message})`
      : `Threads publish: ${error.message}`;
    if (status === "PUBLISHED") {
      const found = await findPosted(account, now, text, parentId).catch(() => null);
      if (found) return { id: found.id, url: found.url };
      throw new NetworkError("unconfirmed", `${lost}; Threads says it went out, but Launchloop could not find it`);
    }
    // A failure Threads answered (a 5xx) left the container unpublished: a retry is safe.
    if (error.mayHaveArrived) throw new NetworkError("unconfirmed", `${lost}; it may have gone out`);
    throw error;
  }
}

export const threads: NetworkProvider = {
  network: "threads",
  label,
  limits: { maxCharacters: channelRules.threads.bodyLimit, unit: channelRules.threads.unit, maxParts: 20, titles: false },
  opensIn: { page: "https://www.threads.net/intent/post", textParam: "text" },
  connect: {
    kind: "oauth",
    configured: () => Boolean(threadsClient()),
    async authorizeUrl(request) {
      const client = threadsClientOrFail();
      return { serviceUrl: client.apiUrl, secrets: {}, authorizeUrl: threadsAuthorizeUrl(client, request) };
    },
    async exchange(request) {
      const client = threadsClientOrFail();
      const secrets = await exchangeThreadsCode(client, {
        code: request.code,
        redirectUri: request.redirectUri,
        now: request.now,
      });
      return { serviceUrl: client.apiUrl, ...(await threadsIdentity(client.apiUrl, secrets.accessToken!)), secrets };
    },
  },
  async verify(account, ctx) {
    const identity = await withThreadsToken(account, ctx.now, (token) => threadsIdentity(account.serviceUrl, token));
    return { serviceUrl: account.serviceUrl, ...identity };
  },
  async refresh(account, ctx) {
    if (!account.secrets.accessToken) throw new NetworkError("auth", "Threads: no access token is stored; reconnect the account");
    const renewed = await refreshThreadsToken(threadsClientOrFail(), { accessToken: account.secrets.accessToken, now: ctx.now });
    return { ...account.secrets, ...renewed };
  },
  idempotency: "none",
  newPublicationKey: () => crypto.randomUUID(),

  async publish(account, request: PublishRequest) {
    const parts: PublishedPart[] = [...request.posted];
    for (let index = parts.length; index < request.parts.length; index++) {
      const text = request.parts[index]!;
      const parentId = parts[index - 1]?.id;
      request.signal?.throwIfAborted();
      let posted: { id: string; url?: string } | null = request.reconcile
        ? await findPosted(account, request.now, text, parentId)
        : null;
      if (!posted) {
        const containerId = await createContainer(account, request.now, text, parentId);
        request.signal?.throwIfAborted();
        posted = await publishContainer(account, request.now, containerId, text, parentId);
      }
      parts.push({ id: posted.id, url: posted.url ?? (await permalinkOf(account, request.now, posted.id)) });
      await request.onPart(parts);
    }
    return { parts };
  },

  async metrics(account, post, ctx): Promise<PostMetrics> {
    const metric = "views,likes,replies,reposts,quotes";
    const body = await withThreadsToken(account, ctx.now, async (token) =>
      checkThreads(
        await threadsCall(graphUrl(account.serviceUrl, `/${encodeURIComponent(post.id)}/insights?metric=${metric}`), token),
        "Threads numbers",
      ),
    );
    const data = (Array.isArray(body.data) ? body.data : []) as {
      name?: string;
      values?: { value?: unknown }[];
      total_value?: { value?: unknown };
    }[];
    const count = (name: string) => {
      const entry = data.find((candidate) => candidate.name === name);
      const value = entry?.values?.[0]?.value ?? entry?.total_value?.value;
      return typeof value === "number" ? value : 0;
    };
    return {
      likes: count("likes"),
      reposts: count("reposts"),
      replies: count("replies"),
      quotes: count("quotes"),
      views: count("views"),
      collectedAt: ctx.now.toISOString(),
    };
  },
};
