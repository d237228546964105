import "server-only";
import { channelRules } from "@/lib/channels/rules";
import type { PublishedPart } from "@/lib/schemas/publishing";
import { NetworkError, postOnce } from "./errors";
import { asJsonAnswer, callNetwork, classifyAnswer, type JsonAnswer, sendGuarded } from "./http";
import { oauth2Provider, oauthClient, withAccessToken } from "./oauth2";
import type { ConnectedAccount, MediaUpload, NetworkProvider, PostMedia, PublishRequest, UploadedMedia } from "./provider";

/**
 * LinkedIn's Posts API (`POST /rest/posts`) on the member's own profile, with the member id
 * from OpenID userinfo (`sub`). LinkedIn takes no idempotency key, but refuses a post whose
 * text repeats a recent one (422 `DUPLICATE_POST`, naming the earlier post's URN): a retry
 * after a lost answer posts again and takes that URN. LinkedIn gives apps no numbers for
 * members' posts without partner-only scopes, so none are pulled. Images go up through the
 * Images API first (`POST /rest/images?action=initializeUpload`, then the bytes PUT to the
 * upload address it answers) and the post names them with their alt text (`content.media`
 * for one, `content.multiImage` for more).
 */

const base = (serviceUrl: string) => serviceUrl.replace(/\/+$/, "");
const tokenRefused = (answer: JsonAnswer) => answer.status === 401;
const defaultVersion = "202610";

function check(answer: JsonAnswer, what: string): Record<string, unknown> {
  if (answer.status >= 200 && answer.status < 300) return answer.json ?? {};
  throw classifyAnswer(answer, `LinkedIn ${what}`, tokenRefused);
}

export async function linkedinMember(apiUrl: string, accessToken: string) {
  const answer = await callNetwork(`${base(apiUrl)}/v2/userinfo`, {
    method: "GET",
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const body = check(answer, "profile");
  if (typeof body.sub !== "string" || !body.sub) throw new NetworkError("permanent", "LinkedIn profile: no member id (sub)");
  return { id: body.sub, name: typeof body.name === "string" && body.name ? body.name : "LinkedIn member" };
}

/**
 * The commentary in LinkedIn's "little text" format: its reserved characters escaped, and
 * hashtags written as the hashtag template (a bare `#` would show as text).
 */
export function littleText(text: string) {
  const escaped = (value: string) => value.replace(/[\\|{}@[\]()<>#*_~]/g, (character) => `\\${character}`);
  let out = "";
  let last = 0;
  for (const match of text.matchAll(/(^|\s)#([\p{L}\p{N}_]{1,64})/gu)) {
    const start = match.index + match[1]!.length;
    out += `${escaped(text.slice(last, start))}{hashtag|\\#|${escaped(match[2]!)}}`;
    last = start + 1 + match[2]!.length;
  }
  return out + escaped(text.slice(last));
}

/** The headers of LinkedIn's versioned API. */
const versioned = (token: string) => ({
  authorization: `Bearer ${token}`,
  "linkedin-version": oauthClient("linkedin")?.apiVersion ?? defaultVersion,
  "x-restli-protocol-version": "2.0.0",
});

const origin = (value: string) => {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

/**
 * Whether an upload address LinkedIn answered may be sent the image and the founder's token:
 * LinkedIn's own hosts over https (`www.linkedin.com/dms-uploads/…`), or the API server the
 * connection speaks to (the one the operator configured, a fake in tests). Never another host.
 */
export function isLinkedInUploadUrl(value: string, apiUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.origin === origin(apiUrl)) return true;
  return url.protocol === "https:" && (url.hostname === "linkedin.com" || url.hostname.endsWith(".linkedin.com"));
}

/** The post's images as its `content`: one is `media`, two or more `multiImage`, each with its alt text. */
export function imagesContent(media: readonly PostMedia[]) {
  const image = (item: PostMedia) => ({ id: item.media.id, altText: item.alt });
  if (media.length === 0) return undefined;
  if (media.length === 1) return { media: image(media[0]!) };
  return { multiImage: { images: media.map(image) } };
}

/** One image: LinkedIn names it (`urn:li:image:…`) and answers where to PUT its bytes. */
async function uploadToLinkedIn(account: ConnectedAccount, now: Date, media: MediaUpload): Promise<UploadedMedia> {
  return withAccessToken(account, { now, label: "LinkedIn" }, async (token) => {
    media.signal?.throwIfAborted();
    const started = check(
      await callNetwork(`${base(account.serviceUrl)}/rest/images?action=initializeUpload`, {
        method: "POST",
        headers: versioned(token),
        json: { initializeUploadRequest: { owner: `urn:li:person:${account.externalAccountId}` } },
      }),
      "image upload",
    );
    const value = started.value as { uploadUrl?: unknown; image?: unknown } | undefined;
    const image = typeof value?.image === "string" && /^urn:li:image:\S+$/.test(value.image) ? value.image : null;
    const uploadUrl = typeof value?.uploadUrl === "string" ? value.uploadUrl : null;
    if (!image || !uploadUrl)
      throw new NetworkError("transient", "LinkedIn image upload: the answer named no image or upload address");
    if (!isLinkedInUploadUrl(uploadUrl, account.serviceUrl))
      throw new NetworkError("permanent", "LinkedIn image upload: the upload address is not LinkedIn's, so nothing was sent");
    media.signal?.throwIfAborted();
    const sent = asJsonAnswer(
      await sendGuarded(uploadUrl, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": media.mimeType },
        body: media.bytes,
        timeoutMs: 60_000,
      }),
    );
    if (sent.status < 200 || sent.status >= 300) throw classifyAnswer(sent, "LinkedIn image upload", tokenRefused);
    return { id: image };
  });
}

export const linkedinPostUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;
const urnIn = (text: string) => /urn:li:(?:share|ugcPost):\d+/.exec(text)?.[0] ?? null;

const label = "LinkedIn";

export const linkedin: NetworkProvider = {
  network: "linkedin",
  label,
  limits: {
    maxCharacters: channelRules.linkedin.bodyLimit,
    unit: channelRules.linkedin.unit,
    maxParts: 1,
    titles: false,
    // The Images API takes JPEG, PNG and GIF (no WebP) under 36 megapixels; 8 MB keeps a photo sharp.
    images: { maxCount: 4, maxBytes: 8_000_000, types: ["image/png", "image/jpeg", "image/gif"] },
  },
  opensIn: { page: "https://www.linkedin.com/feed/", textParam: "text", keep: { shareActive: "true" } },
  ...oauth2Provider("linkedin", label, async (apiUrl, token) => {
    const member = await linkedinMember(apiUrl, token);
    return { externalAccountId: member.id, handle: member.name };
  }),
  idempotency: "none",
  newPublicationKey: () => crypto.randomUUID(),

  async publish(account, request: PublishRequest) {
    if (request.posted.length > 0) return { parts: [...request.posted] };
    const text = request.parts.join("\n\n");
    const content = imagesContent(request.media ?? []);
    const urn = await withAccessToken(account, { now: request.now, label: "LinkedIn" }, async (token) => {
      request.signal?.throwIfAborted();
      // LinkedIn takes no idempotency key: an answer lost after sending is left to the founder to confirm.
      const answer = await postOnce("LinkedIn post", () =>
        callNetwork(`${base(account.serviceUrl)}/rest/posts`, {
          method: "POST",
          headers: versioned(token),
          json: {
            author: `urn:li:person:${account.externalAccountId}`,
            commentary: littleText(text),
            ...(content && { content }),
            visibility: "PUBLIC",
            distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
            lifecycleState: "PUBLISHED",
            isReshareDisabledByAuthor: false,
          },
        }),
      );
      // The same text went out already (an earlier attempt whose answer was lost): that post is this one.
      const duplicateOf = answer.status === 422 ? urnIn(JSON.stringify(answer.json ?? {})) : null;
      if (duplicateOf) return duplicateOf;
      check(answer, "post");
      const created = answer.headers["x-restli-id"] ?? (typeof answer.json?.id === "string" ? answer.json.id : "");
      if (!created) throw new NetworkError("permanent", "LinkedIn post: the answer named no post (x-restli-id)");
      return created;
    });
    const parts: PublishedPart[] = [{ id: urn, url: linkedinPostUrl(urn) }];
    await request.onPart(parts);
    return { parts };
  },

  // LinkedIn cannot tell a repeated upload: the service keeps the image URN and never uploads it twice itself.
  uploadMedia: (account, media, ctx) => uploadToLinkedIn(account, ctx.now, media),
};
