import "server-only";
import { channelRules } from "@/lib/channels/rules";
import type { PostMetrics, PublishedPart } from "@/lib/schemas/publishing";
import { NetworkError, postOnce } from "./errors";
import { asJsonAnswer, callNetwork, classifyAnswer, type JsonAnswer, sendGuarded } from "./http";
import { multipartBody } from "./multipart";
import { oauth2Provider, withAccessToken } from "./oauth2";
import type { ConnectedAccount, MediaUpload, NetworkProvider, PublishRequest, UploadedMedia } from "./provider";

/**
 * X over its v2 API with the founder's OAuth 2.0 user token. X takes no idempotency key:
 * the claim is recorded before the call, and a retry first looks for the part among the
 * account's recent posts (`GET /2/users/:id/tweets`, same text, same parent); X's own refusal
 * of duplicate content is the second guard, after which the post is looked up again.
 * Images go up first (`POST /2/media/upload`, one request each, then their alt text with
 * `POST /2/media/metadata`) and ride on the first part as `media.media_ids`.
 */

const base = (serviceUrl: string) => serviceUrl.replace(/\/+$/, "");
const tokenRefused = (answer: JsonAnswer) => answer.status === 401;

function check(answer: JsonAnswer, what: string): Record<string, unknown> {
  if (answer.status >= 200 && answer.status < 300 && answer.json) return answer.json;
  throw classifyAnswer(answer, `X ${what}`, tokenRefused);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function verifyXAccount(apiUrl: string, accessToken: string) {
  const answer = await callNetwork(`${base(apiUrl)}/2/users/me`, { method: "GET", headers: bearer(accessToken) });
  const data = check(answer, "account").data as Record<string, unknown> | undefined;
  if (typeof data?.id !== "string" || typeof data.username !== "string")
    throw new NetworkError("permanent", "X account: the answer named no user");
  return { id: data.id, username: data.username };
}

export const xPostUrl = (handle: string | null, id: string) =>
  handle ? `https://x.com/${handle.replace(/^@/, "")}/status/${id}` : `https://x.com/i/web/status/${id}`;

/** X shortens links (t.co) and escapes `&`, `<` and `>` in the text it returns: compare what survives. */
const comparable = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/https?:\/\/\S+/g, "<link>")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A post's text as it was written, from X's answer: a post with images ends with the link X
 * added for them (`https://t.co/…`, after the text), which is dropped.
 */
export function textAsWritten(post: { text: string; attachments?: { media_keys?: string[] } }) {
  if (!post.attachments?.media_keys?.length) return post.text;
  return post.text.replace(/\s*https:\/\/t\.co\/\S+\s*$/, "");
}

/** The account's post with this text (replying to `parentId`, if any) from the last week, or null. */
async function findPosted(account: ConnectedAccount, now: Date, text: string, parentId: string | undefined) {
  const since = new Date(now.getTime() - 7 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");
  const query = new URLSearchParams({
    max_results: "100",
    exclude: "retweets",
    "tweet.fields": "created_at,referenced_tweets,attachments",
    start_time: since,
  });
  const body = await withAccessToken(account, { now, label: "X" }, async (token) =>
    check(
      await callNetwork(`${base(account.serviceUrl)}/2/users/${encodeURIComponent(account.externalAccountId!)}/tweets?${query}`, {
        method: "GET",
        headers: bearer(token),
      }),
      "post lookup",
    ),
  );
  const wanted = comparable(text);
  const posts = (Array.isArray(body.data) ? body.data : []) as {
    id: string;
    text: string;
    referenced_tweets?: { type: string; id: string }[];
    attachments?: { media_keys?: string[] };
  }[];
  const found = posts.find((post) => {
    const repliedTo = post.referenced_tweets?.find((reference) => reference.type === "replied_to")?.id;
    return comparable(textAsWritten(post)) === wanted && repliedTo === parentId;
  });
  return found?.id ?? null;
}

/**
 * The look-up of a part an earlier attempt may have posted. An app whose X access level may
 * not read timelines is refused for good (403): then X's refusal of duplicate text is the
 * only guard, so the retry posts and sees.
 */
async function lookUpBeforeRetry(account: ConnectedAccount, now: Date, text: string, parentId: string | undefined) {
  try {
    return await findPosted(account, now, text, parentId);
  } catch (error) {
    if (error instanceof NetworkError && error.kind === "permanent") return null;
    throw error;
  }
}

async function createPost(account: ConnectedAccount, now: Date, text: string, parentId: string | undefined, mediaIds: string[]) {
  return withAccessToken(account, { now, label: "X" }, async (token) => {
    // X takes no idempotency key: an answer lost after sending is left to the founder to confirm.
    const answer = await postOnce("X post", () =>
      callNetwork(`${base(account.serviceUrl)}/2/tweets`, {
        method: "POST",
        headers: bearer(token),
        json: {
          text,
          ...(parentId && { reply: { in_reply_to_tweet_id: parentId } }),
          ...(mediaIds.length > 0 && { media: { media_ids: mediaIds } }),
        },
      }),
    );
    if (answer.status === 403 && /duplicate/i.test(String(answer.json?.detail ?? ""))) return "duplicate" as const;
    const data = check(answer, "post").data as Record<string, unknown> | undefined;
    if (typeof data?.id !== "string") throw new NetworkError("transient", "X post: the answer named no post");
    return data.id;
  });
}

/**
 * One image in one request (`media_category=tweet_image`), then its alt text. A refusal (403)
 * is most often a token granted before Launchloop asked for `media.write`: the founder
 * connects X again. X forgets an upload no post used after `expires_after_secs` (a day).
 */
async function uploadToX(account: ConnectedAccount, now: Date, media: MediaUpload): Promise<UploadedMedia> {
  return withAccessToken(account, { now, label: "X" }, async (token) => {
    const extension = media.mimeType === "image/jpeg" ? "jpg" : (media.mimeType.split("/")[1] ?? "png");
    const form = multipartBody(
      { media_category: "tweet_image", media_type: media.mimeType },
      { name: "media", filename: `image.${extension}`, contentType: media.mimeType, bytes: media.bytes },
    );
    media.signal?.throwIfAborted();
    const answer = asJsonAnswer(
      await sendGuarded(`${base(account.serviceUrl)}/2/media/upload`, {
        method: "POST",
        headers: { accept: "application/json", ...bearer(token), "content-type": form.contentType },
        body: form.body,
        timeoutMs: 60_000,
      }),
    );
    if (answer.status === 403) {
      const refused = classifyAnswer(answer, "X image upload", tokenRefused);
      throw new NetworkError(
        "permanent",
        `${refused.message.replace(/\.$/, "")}. If X was connected before Launchloop sent images, connect it again in project settings (the app now asks to upload media), then retry.`,
      );
    }
    const data = check(answer, "image upload").data as Record<string, unknown> | undefined;
    if (typeof data?.id !== "string" || !data.id)
      throw new NetworkError("transient", "X image upload: the answer named no media");
    const id = data.id;
    if (media.alt) {
      media.signal?.throwIfAborted();
      check(
        await callNetwork(`${base(account.serviceUrl)}/2/media/metadata`, {
          method: "POST",
          headers: bearer(token),
          json: { id, metadata: { alt_text: { text: media.alt } } },
        }),
        "image alt text",
      );
    }
    const lasts = Number(data.expires_after_secs);
    return {
      id,
      ...(Number.isFinite(lasts) && lasts > 0 && { expiresAt: new Date(now.getTime() + lasts * 1000).toISOString() }),
    };
  });
}

const label = "X";

export const x: NetworkProvider = {
  network: "x",
  label,
  limits: {
    maxCharacters: channelRules.x.bodyLimit,
    unit: channelRules.x.unit,
    maxParts: 25,
    titles: false,
    // The one-request upload takes these (a GIF goes another way); 5 MB an image, alt text up to 1,000 characters.
    images: { maxCount: 4, maxBytes: 5_000_000, types: ["image/png", "image/jpeg", "image/webp"], maxAltLength: 1000 },
  },
  opensIn: { page: "https://x.com/intent/post", textParam: "text" },
  ...oauth2Provider("x", label, async (apiUrl, token) => {
    const user = await verifyXAccount(apiUrl, token);
    return { externalAccountId: user.id, handle: `@${user.username}` };
  }),
  idempotency: "none",
  newPublicationKey: () => crypto.randomUUID(),

  async publish(account, request: PublishRequest) {
    const parts: PublishedPart[] = [...request.posted];
    for (let index = parts.length; index < request.parts.length; index++) {
      const text = request.parts[index]!;
      const parentId = parts[index - 1]?.id;
      const mediaIds = index === 0 ? (request.media ?? []).map((item) => item.media.id) : [];
      request.signal?.throwIfAborted();
      let id = request.reconcile ? await lookUpBeforeRetry(account, request.now, text, parentId) : null;
      if (!id) {
        request.signal?.throwIfAborted();
        const created = await createPost(account, request.now, text, parentId, mediaIds);
        id = created === "duplicate" ? await lookUpBeforeRetry(account, request.now, text, parentId) : created;
        if (!id)
          throw new NetworkError(
            "permanent",
            "X refused the post as a duplicate of one it already has, which Launchloop could not find: check the account before retrying",
          );
      }
      parts.push({ id, url: xPostUrl(account.handle, id) });
      await request.onPart(parts);
    }
    return { parts };
  },

  // X cannot tell a repeated upload: the service keeps the media id and never uploads it twice itself.
  uploadMedia: (account, media, ctx) => uploadToX(account, ctx.now, media),

  async metrics(account, post, options): Promise<PostMetrics> {
    const body = await withAccessToken(account, { now: options.now, label: "X" }, async (token) =>
      check(
        await callNetwork(`${base(account.serviceUrl)}/2/tweets/${encodeURIComponent(post.id)}?tweet.fields=public_metrics`, {
          method: "GET",
          headers: bearer(token),
        }),
        "numbers",
      ),
    );
    const data = body.data as { public_metrics?: Record<string, unknown> } | undefined;
    // A deleted post is a 200 whose `errors` name it and whose `data` is missing.
    if (!data) throw new NetworkError("permanent", "X: the post is gone (deleted on the network)");
    const count = (field: string) =>
      typeof data.public_metrics?.[field] === "number" ? (data.public_metrics[field] as number) : 0;
    return {
      likes: count("like_count"),
      reposts: count("retweet_count"),
      replies: count("reply_count"),
      quotes: count("quote_count"),
      collectedAt: options.now.toISOString(),
    };
  },
};
