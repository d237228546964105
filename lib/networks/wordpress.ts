import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { channelRules } from "@/lib/channels/rules";
import { escapeHtml } from "@/lib/mail/html";
import type { PublishedPart } from "@/lib/schemas/publishing";
import { checkOutboundUrl, OutboundUrlError } from "@/lib/security/outbound-url";
import { NetworkError } from "./errors";
import { asJsonAnswer, callNetwork, classifyAnswer, type JsonAnswer, sendGuarded } from "./http";
import { postHtml, slugOf } from "./post-html";
import type {
  AccountIdentity,
  ConnectedAccount,
  MediaUpload,
  NetworkProvider,
  PostMedia,
  PublishRequest,
  UploadedMedia,
} from "./provider";
import { badInput } from "./service-url";

/**
 * A self-hosted WordPress site (or any host that serves WordPress's REST API) through an
 * application password (Users → Profile → Application Passwords), sent as HTTP Basic. The
 * site is the founder's: every call goes through the outbound guard (https, public address,
 * no redirects, 15 s and 1 MB at most), at connect and at every publish. A post is created
 * with a slug chosen before the first call (the title's words and the stored key), so a retry
 * first asks for that slug (`status=any`) and takes the post it finds instead of posting
 * again. A post's images go to the media library first (`POST /media` with the bytes, then
 * their alt text), their ids kept by the service so a retry never uploads one twice; the
 * first is the post's featured image and all of them follow its text. WordPress's core API
 * shares no views or likes, so no numbers are pulled.
 */

const apiPath = "/wp-json/wp/v2";

/** The site's address as the founder may paste it (its home, or a page of its admin), down to where WordPress lives. */
export function siteBase(value: string): string {
  let url: URL;
  try {
    url = checkOutboundUrl(value.trim());
  } catch (error) {
    throw new NetworkError(
      "permanent",
      `fields.siteUrl: that address cannot be used: ${error instanceof OutboundUrlError ? error.message : "not a URL"}.`,
      undefined,
      badInput,
    );
  }
  const path = url.pathname.replace(/\/(wp-admin|wp-json|wp-login\.php)(\/.*)?$/, "").replace(/\/+$/, "");
  return `${url.origin}${path}`;
}

const connectInput = z.object({
  siteUrl: z.string().trim().min(1).max(300),
  username: z.string().trim().min(1).max(100),
  applicationPassword: z.string().trim().min(8).max(200),
});

const itemOptions = z.object({
  title: z.string().trim().max(200).optional().describe("The post's title; the item's title when absent"),
  status: z
    .enum(["draft", "publish"])
    .default("publish")
    .describe("publish: live at the item's time; draft: left for you to publish"),
});

/** A wrong password, a revoked application password, a host that strips the Authorization header: 401. */
const passwordRefused = (answer: JsonAnswer) => answer.status === 401;

function check(answer: JsonAnswer, what: string): Record<string, unknown> | unknown[] {
  if (answer.status >= 200 && answer.status < 300 && answer.json) return answer.json;
  if (answer.status === 404 && answer.json?.code === undefined)
    throw new NetworkError(
      "permanent",
      `WordPress ${what}: the site has no REST API at ${apiPath} (is it WordPress, with permalinks on?)`,
    );
  throw classifyAnswer(answer, `WordPress ${what}`, passwordRefused);
}

const basic = (account: { username?: string; appPassword?: string }) => {
  if (!account.username || !account.appPassword)
    throw new NetworkError("auth", "WordPress: no application password is stored; connect the site again");
  return { authorization: `Basic ${Buffer.from(`${account.username}:${account.appPassword}`).toString("base64")}` };
};

async function whoAmI(site: string, secrets: { username?: string; appPassword?: string }): Promise<AccountIdentity> {
  const body = check(
    await callNetwork(`${site}${apiPath}/users/me?context=edit`, { method: "GET", headers: basic(secrets) }),
    "sign-in",
  ) as Record<string, unknown>;
  const capabilities = body.capabilities as Record<string, unknown> | undefined;
  if (capabilities && capabilities.edit_posts !== true)
    throw new NetworkError(
      "permanent",
      "WordPress sign-in: this user may not write posts (an Author, Editor or Administrator can)",
    );
  if (typeof body.id !== "number" && typeof body.id !== "string")
    throw new NetworkError("permanent", "WordPress sign-in: the site answered without a user");
  return {
    serviceUrl: site,
    handle: typeof body.name === "string" && body.name ? body.name : String(body.slug ?? secrets.username),
    externalAccountId: String(body.id),
  };
}

interface WordPressPost {
  id: number | string;
  link?: string;
  slug?: string;
}

const asPart = (post: WordPressPost): PublishedPart => ({ id: String(post.id), url: String(post.link ?? "") });

/** The post an earlier attempt made with this slug (drafts included), if any. */
async function findBySlug(account: ConnectedAccount, slug: string): Promise<WordPressPost | null> {
  const query = new URLSearchParams({ slug, status: "any", context: "edit", per_page: "1" });
  const found = check(
    await callNetwork(`${account.serviceUrl}${apiPath}/posts?${query}`, { method: "GET", headers: basic(account.secrets) }),
    "post lookup",
  );
  const first = Array.isArray(found) ? (found[0] as WordPressPost | undefined) : undefined;
  return first && (typeof first.id === "number" || typeof first.id === "string") ? first : null;
}

/** An image into the site's media library with its alt text: the media id, and its address for the post's HTML. */
async function uploadToWordPress(account: ConnectedAccount, media: MediaUpload): Promise<UploadedMedia> {
  const site = siteBase(account.serviceUrl);
  const extension = media.mimeType === "image/jpeg" ? "jpg" : (media.mimeType.split("/")[1] ?? "png");
  media.signal?.throwIfAborted();
  // The alt text rides on the upload itself (WordPress reads a raw-body upload's fields from the
  // query): one call, so no failure between two leaves an image without it, or a copy a retry made.
  const alt = media.alt ? `?${new URLSearchParams({ alt_text: media.alt })}` : "";
  const answer = asJsonAnswer(
    await sendGuarded(`${site}${apiPath}/media${alt}`, {
      method: "POST",
      headers: {
        accept: "application/json",
        ...basic(account.secrets),
        "content-type": media.mimeType,
        "content-disposition": `attachment; filename="launchloop-${randomBytes(6).toString("hex")}.${extension}"`,
      },
      body: media.bytes,
      timeoutMs: 60_000,
    }),
  );
  const uploaded = check(answer, "image upload") as Record<string, unknown>;
  if (typeof uploaded.id !== "number" && typeof uploaded.id !== "string")
    throw new NetworkError("transient", "WordPress image upload: the answer named no media");
  const id = String(uploaded.id);
  const url = typeof uploaded.source_url === "string" ? uploaded.source_url : "";
  return { id, data: { url } };
}

/** The post's images after its text, each with its alt text (only web addresses are written). */
export function imagesHtml(media: readonly PostMedia[]): string {
  return media
    .map((image) => {
      const url = image.media.data?.url;
      if (typeof url !== "string" || !/^https?:\/\//i.test(url)) return "";
      return `<figure class="wp-block-image"><img src="${escapeHtml(url)}" alt="${escapeHtml(image.alt)}" width="${image.width}" height="${image.height}" /></figure>`;
    })
    .filter(Boolean)
    .join("\n");
}

export const wordpress: NetworkProvider = {
  network: "wordpress",
  label: "WordPress",
  limits: {
    maxCharacters: channelRules.blog.bodyLimit,
    unit: channelRules.blog.unit,
    maxParts: 1,
    titles: true,
    // Sites cap uploads themselves (often 2 to 64 MB): 10 MB keeps a photo sharp and most sites willing.
    images: { maxCount: 4, maxBytes: 10_000_000, types: ["image/png", "image/jpeg", "image/webp"] },
  },
  channels: ["blog"],
  connect: {
    kind: "form",
    schema: connectInput as z.ZodType<Record<string, unknown>>,
    fields: [
      { name: "siteUrl", label: "Site address", kind: "url", placeholder: "https://blog.example.com", server: "site" },
      { name: "username", label: "Username", kind: "text", help: "The WordPress user the posts are written as." },
      {
        name: "applicationPassword",
        label: "Application password",
        kind: "password",
        help: "In WordPress: Users → Profile → Application Passwords → Add New. Never your login password.",
      },
    ],
    async connect(raw) {
      const input = connectInput.parse(raw);
      const site = siteBase(input.siteUrl);
      const secrets = { username: input.username, appPassword: input.applicationPassword };
      return { ...(await whoAmI(site, secrets)), secrets };
    },
  },

  async verify(account) {
    return whoAmI(siteBase(account.serviceUrl), account.secrets);
  },

  idempotency: "record-key",
  /** Eight letters and digits: with the title's words, the post's slug. */
  newPublicationKey: () =>
    BigInt(`0x${randomBytes(6).toString("hex")}`)
      .toString(36)
      .padStart(8, "0")
      .slice(-8),

  itemOptions: {
    schema: itemOptions as z.ZodType<Record<string, unknown>>,
    fields: [
      { name: "title", label: "Title", kind: "text", optional: true, help: "The item's title when left empty." },
      {
        name: "status",
        label: "On WordPress",
        kind: "select",
        optional: true,
        choices: [
          { value: "publish", label: "Publish at the item's time" },
          { value: "draft", label: "Save as a draft" },
        ],
      },
    ],
  },

  async publish(account, request: PublishRequest) {
    if (request.posted.length > 0) return { parts: [...request.posted] };
    const options = itemOptions.parse(request.options ?? {});
    const body = request.parts.join("\n\n");
    const title =
      options.title ||
      request.title?.trim() ||
      body
        .split("\n")[0]!
        .replace(/^#+\s*/, "")
        .slice(0, 120);
    const slug = `${slugOf(title)}-${request.keys[0]}`;
    const media = request.media ?? [];
    request.signal?.throwIfAborted();
    let post = request.reconcile ? await findBySlug(account, slug) : null;
    if (!post) {
      request.signal?.throwIfAborted();
      // The site is checked again by the outbound guard on this call (its address may resolve elsewhere now).
      const answer = await callNetwork(`${siteBase(account.serviceUrl)}${apiPath}/posts`, {
        method: "POST",
        headers: basic(account.secrets),
        json: {
          title,
          content: [postHtml(body), imagesHtml(media)].filter(Boolean).join("\n"),
          status: options.status,
          slug,
          ...(media[0] && { featured_media: Number(media[0].media.id) }),
        },
      });
      post = check(answer, "post") as unknown as WordPressPost;
      if (typeof post.id !== "number" && typeof post.id !== "string")
        throw new NetworkError("transient", "WordPress post: the answer named no post");
    }
    const parts = [asPart(post)];
    await request.onPart(parts);
    return { parts };
  },

  // The site cannot tell a repeated upload: the service keeps the media id and never uploads it twice itself.
  async uploadMedia(account, media) {
    return uploadToWordPress(account, media);
  },
};
