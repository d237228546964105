import "server-only";
import { channelRules } from "@/lib/channels/rules";
import type { PostMetrics, PublishedPart } from "@/lib/schemas/publishing";
import { NetworkError } from "./errors";
import type { ConnectedAccount, NetworkProvider, PostMedia, PublishRequest } from "./provider";
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
 * first as replies to the one before through `reply_to_id`) published by `threads_publish`;
 * the first part's images make it an IMAGE container or a CAROUSEL of IMAGE items, which
 * Threads fetches from signed addresses on APP_URL (`limits.images.byUrl`).
 * Threads takes no idempotency key. A container publishes once and tells whether it was
 * (`status` PUBLISHED): when the answer to `threads_publish` is lost, the container is asked,
 * and the post looked up among the account's own; what cannot be confirmed that way is
 * `unconfirmed` (the founder checks), never published again on its own. A retry after a
 * crash looks the part up among the account's recent posts or replies before posting.
 */

const label = "Threads";
/** Status reads of a container before an attempt gives up on it (text is ready at once; Threads fetches an image first). */
const textPolls = 4;
const imagePolls = 10;
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

/** Creates a container (nothing is visible yet) and answers its id. */
async function newContainer(account: ConnectedAccount, now: Date, fields: Record<string, string>, label: string) {
  const userId = account.externalAccountId ?? "me";
  const body = await withThreadsToken(account, now, async (token) =>
    checkThreads(await threadsCall(graphUrl(account.serviceUrl, `/${encodeURIComponent(userId)}/threads`), token, fields), label),
  );
  if (typeof body.id !== "string") throw new NetworkError("transient", `${label}: the answer named no container`);
  return body.id;
}

/**
 * Waits, briefly, until Threads has every container ready; an image's takes longer (Threads
 * fetches the image first). One still processing at the end fails this attempt: a later one
 * makes new containers (an unpublished container is never shown, and expires on its own).
 */
async function untilReady(
  account: ConnectedAccount,
  now: Date,
  containers: { id: string; label: string; hint?: string }[],
  polls: number,
  signal: AbortSignal | undefined,
) {
  let waiting = containers;
  for (let poll = 0; ; poll++) {
    const still: typeof containers = [];
    for (const container of waiting) {
      const { status, error } = await containerStatus(account, now, container.id);
      if (status === "FINISHED") continue;
      if (status === "ERROR" || status === "EXPIRED") {
        const said = error ? ` (${error})` : "";
        throw new NetworkError("transient", `${container.label}: the container ended as ${status}${said}${container.hint ?? ""}`);
      }
      still.push(container);
    }
    waiting = still;
    if (waiting.length === 0) return;
    if (poll + 1 >= polls) break;
    await wait(pollDelayMs * (poll + 1));
    signal?.throwIfAborted();
  }
  throw new NetworkError("transient", `${waiting[0]!.label}: the container is still processing`);
}

async function containerStatus(account: ConnectedAccount, now: Date, containerId: string) {
  const body = await withThreadsToken(account, now, async (token) =>
    checkThreads(
      await threadsCall(graphUrl(account.serviceUrl, `/${encodeURIComponent(containerId)}?fields=status,error_message`), token),
      "Threads post status",
    ),
  );
  return { status: String(body.status ?? ""), error: typeof body.error_message === "string" ? body.error_message : "" };
}

const fetchHint = "; Threads fetches each image from this server's APP_URL, which must be reachable from the internet";

/**
 * The part's container, ready to publish: text (a reply to `parentId` after the first part),
 * or on the first part with the post's images an IMAGE container (one image) or a CAROUSEL
 * of IMAGE items (two or more), each image fetched by Threads from its signed address with
 * its alt text. Made anew on every attempt: nothing that may have expired is reused.
 */
async function readyContainer(
  account: ConnectedAccount,
  request: PublishRequest,
  text: string,
  parentId: string | undefined,
  media: readonly PostMedia[],
) {
  const { now, signal } = request;
  if (media.length === 0) {
    const fields = { media_type: "TEXT", text, ...(parentId && { reply_to_id: parentId }) };
    const id = await newContainer(account, now, fields, "Threads post");
    await untilReady(account, now, [{ id, label: "Threads post" }], textPolls, signal);
    return id;
  }
  const imageFields = (item: PostMedia) => {
    if (!item.url) throw new NetworkError("permanent", "Threads: an image of the post has no address to fetch it from");
    return { media_type: "IMAGE", image_url: item.url, ...(item.alt.trim() && { alt_text: item.alt }) };
  };
  if (media.length === 1) {
    const id = await newContainer(account, now, { ...imageFields(media[0]!), text }, "Threads post");
    await untilReady(account, now, [{ id, label: "Threads post", hint: fetchHint }], imagePolls, signal);
    return id;
  }
  const children: { id: string; label: string; hint: string }[] = [];
  for (const [index, item] of media.entries()) {
    const label = `Threads image ${index + 1}`;
    signal?.throwIfAborted();
    children.push({
      id: await newContainer(account, now, { ...imageFields(item), is_carousel_item: "true" }, label),
      label,
      hint: fetchHint,
    });
  }
  await untilReady(account, now, children, imagePolls, signal);
  const fields = { media_type: "CAROUSEL", children: children.map((child) => child.id).join(","), text };
  const id = await newContainer(account, now, fields, "Threads carousel");
  await untilReady(account, now, [{ id, label: "Threads carousel" }], imagePolls, signal);
  return id;
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
    const status = (await containerStatus(account, now, containerId).catch(() => null))?.status;
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
  limits: {
    maxCharacters: channelRules.threads.bodyLimit,
    unit: channelRules.threads.unit,
    maxParts: 20,
    titles: false,
    // Threads takes JPEG and PNG up to 8 MB, by URL only; a carousel takes up to 20, a post here carries at most 4.
    images: { maxCount: 4, maxBytes: 8_000_000, types: ["image/jpeg", "image/png"], byUrl: true },
  },
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
        // The images go on the first part (the service hands them over only while it is not out).
        const media = index === 0 ? (request.media ?? []) : [];
        const containerId = await readyContainer(account, request, text, parentId, media);
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
