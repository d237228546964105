import "server-only";
import { z } from "zod";
import { channelRules } from "@/lib/channels/rules";
import { config } from "@/lib/config";
import type { PostMetrics, PublishedPart } from "@/lib/schemas/publishing";
import { NetworkError } from "./errors";
import { callNetwork, classifyAnswer, type JsonAnswer, sendGuarded } from "./http";
import { multipartBody } from "./multipart";
import type { MediaUpload, NetworkProvider, PublishRequest } from "./provider";
import { serviceOrigin } from "./service-url";

/**
 * Mastodon over its REST API at the founder's instance. The app registers itself on the
 * instance (`POST /api/v1/apps`), the founder authorizes it there (OAuth with PKCE), and
 * every status carries an `Idempotency-Key` chosen before the first call, so a retry
 * after a lost answer returns the status already made.
 */

export const mastodonScopes = "read:statuses write:statuses write:media read:accounts";
const base = (instanceUrl: string) => instanceUrl.replace(/\/+$/, "");

/** A revoked or expired token is a 401; anything else is not a reason to disconnect. */
const tokenRefused = (answer: JsonAnswer) => answer.status === 401;

function check(answer: JsonAnswer, label: string): Record<string, unknown> {
  if (answer.status >= 200 && answer.status < 300 && answer.json) return answer.json;
  throw classifyAnswer(answer, `Mastodon ${label}`, tokenRefused);
}

export async function registerMastodonApp(instanceUrl: string, redirectUri: string, website: string) {
  const answer = await callNetwork(`${base(instanceUrl)}/api/v1/apps`, {
    method: "POST",
    json: { client_name: "Launchloop", redirect_uris: redirectUri, scopes: mastodonScopes, website },
  });
  const body = check(answer, "app registration");
  if (typeof body.client_id !== "string" || typeof body.client_secret !== "string")
    throw new NetworkError("permanent", "Mastodon app registration: the instance answered without client credentials");
  return { clientId: body.client_id, clientSecret: body.client_secret };
}

export function mastodonAuthorizeUrl(
  instanceUrl: string,
  options: { clientId: string; redirectUri: string; state: string; codeChallenge: string },
) {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    scope: mastodonScopes,
    state: options.state,
    code_challenge: options.codeChallenge,
    code_challenge_method: "S256",
  });
  return `${base(instanceUrl)}/oauth/authorize?${query}`;
}

export async function exchangeMastodonCode(
  instanceUrl: string,
  options: { clientId: string; clientSecret: string; code: string; redirectUri: string; codeVerifier: string },
) {
  const answer = await callNetwork(`${base(instanceUrl)}/oauth/token`, {
    method: "POST",
    form: {
      grant_type: "authorization_code",
      code: options.code,
      client_id: options.clientId,
      client_secret: options.clientSecret,
      redirect_uri: options.redirectUri,
      code_verifier: options.codeVerifier,
      scope: mastodonScopes,
    },
  });
  // A refused code (reused, expired) is the founder's to retry, not a broken connection.
  const body = check({ ...answer, status: answer.status === 401 ? 400 : answer.status }, "authorization");
  if (typeof body.access_token !== "string")
    throw new NetworkError("permanent", "Mastodon authorization: no access token in the answer");
  return body.access_token;
}

export async function verifyMastodonAccount(instanceUrl: string, accessToken: string) {
  const answer = await callNetwork(`${base(instanceUrl)}/api/v1/accounts/verify_credentials`, {
    method: "GET",
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const body = check(answer, "account");
  return { id: String(body.id), acct: String(body.acct ?? body.username ?? "") };
}

/** Best effort: tells the instance to forget the token when the founder disconnects. */
export async function revokeMastodonToken(
  instanceUrl: string,
  options: { clientId: string; clientSecret: string; token: string },
) {
  await callNetwork(`${base(instanceUrl)}/oauth/revoke`, {
    method: "POST",
    form: { client_id: options.clientId, client_secret: options.clientSecret, token: options.token },
    timeoutMs: 5000,
  }).catch(() => undefined);
}

/** How long an upload may take to be processed before the post is tried again later, and how often it is asked. */
const processingWaitMs = 30_000;
const pollEveryMs = (attempt: number) => Math.min(250 * 2 ** attempt, 2000);

const parsed = (answer: { status: number; headers: Record<string, string>; body: string }): JsonAnswer => {
  let json: Record<string, unknown> | null = null;
  try {
    const value = JSON.parse(answer.body) as unknown;
    json = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {}
  return { status: answer.status, headers: answer.headers, json };
};

/**
 * `POST /api/v2/media` with its description, then, while the instance is still processing it
 * (202, or 206 from `GET /api/v1/media/:id`, or no `url` yet), asks again until it is ready.
 */
async function uploadToMastodon(serviceUrl: string, token: string, media: MediaUpload) {
  const extension = media.mimeType.split("/")[1] ?? "bin";
  const form = multipartBody(media.alt ? { description: media.alt } : {}, {
    name: "file",
    filename: `image.${extension}`,
    contentType: media.mimeType,
    bytes: media.bytes,
  });
  media.signal?.throwIfAborted();
  const answer = parsed(
    await sendGuarded(`${base(serviceUrl)}/api/v2/media`, {
      method: "POST",
      headers: { accept: "application/json", authorization: `Bearer ${token}`, "content-type": form.contentType },
      body: form.body,
      timeoutMs: 60_000,
    }),
  );
  let body = check(answer, "image upload");
  const id = String(body.id);
  const started = Date.now();
  for (let attempt = 0; !body.url; attempt++) {
    if (Date.now() - started > processingWaitMs)
      throw new NetworkError("transient", "Mastodon is still processing the image; trying again later");
    await new Promise((resolve) => setTimeout(resolve, pollEveryMs(attempt)));
    media.signal?.throwIfAborted();
    const polled = await callNetwork(`${base(serviceUrl)}/api/v1/media/${encodeURIComponent(id)}`, {
      method: "GET",
      headers: { authorization: `Bearer ${token}` },
    });
    if (polled.status === 206) continue;
    body = check(polled, "image processing");
  }
  return { id, url: String(body.url) };
}

const itemOptions = z.strictObject({
  visibility: z.enum(["public", "unlisted"]).default("public"),
  contentWarning: z.string().trim().max(500).optional(),
});

const instanceInput = z.object({ instanceUrl: z.string().min(1).max(300) });

const handleOn = (serviceUrl: string, acct: string) => `@${acct.includes("@") ? acct : `${acct}@${new URL(serviceUrl).host}`}`;

export const mastodon: NetworkProvider = {
  network: "mastodon",
  label: "Mastodon",
  limits: {
    maxCharacters: channelRules.mastodon.bodyLimit,
    unit: channelRules.mastodon.unit,
    maxParts: 25,
    titles: false,
    // Instances take 8 MB images (older versions) to 16 MB (4.x): 8 MB fits every one.
    images: { maxCount: 4, maxBytes: 8_000_000, types: ["image/png", "image/jpeg", "image/webp", "image/gif"] },
  },
  opensIn: {
    page: "https://mastodonshare.com/",
    textParam: "text",
    hint: "Pick your instance on that page, or connect Mastodon in project settings to publish from here.",
  },
  connect: {
    kind: "oauth",
    configured: () => true,
    instanceStep: {
      schema: instanceInput as z.ZodType<Record<string, unknown>>,
      fields: [
        { name: "instanceUrl", label: "Your instance", kind: "url", placeholder: "https://mastodon.social", server: "instance" },
      ],
    },
    // Launchloop registers itself on the founder's instance, then sends them to its authorize page.
    async authorizeUrl(request) {
      const serviceUrl = serviceOrigin(instanceInput.parse(request.instance ?? {}).instanceUrl);
      const app = await registerMastodonApp(serviceUrl, request.redirectUri, config().appUrl);
      return {
        serviceUrl,
        secrets: { clientId: app.clientId, clientSecret: app.clientSecret },
        authorizeUrl: mastodonAuthorizeUrl(serviceUrl, {
          clientId: app.clientId,
          redirectUri: request.redirectUri,
          state: request.state,
          codeChallenge: request.codeChallenge,
        }),
      };
    },
    async exchange(request) {
      const { clientId, clientSecret, codeVerifier } = request.secrets;
      const accessToken = await exchangeMastodonCode(request.serviceUrl, {
        clientId: clientId!,
        clientSecret: clientSecret!,
        code: request.code,
        redirectUri: request.redirectUri,
        codeVerifier: codeVerifier!,
      });
      const account = await verifyMastodonAccount(request.serviceUrl, accessToken);
      return {
        serviceUrl: request.serviceUrl,
        handle: handleOn(request.serviceUrl, account.acct),
        externalAccountId: account.id,
        secrets: { clientId, clientSecret, accessToken },
      };
    },
  },

  async verify(account) {
    const token = account.secrets.accessToken;
    if (!token) throw new NetworkError("auth", "Mastodon: no access token is stored; reconnect the account");
    const found = await verifyMastodonAccount(account.serviceUrl, token);
    return { serviceUrl: account.serviceUrl, handle: handleOn(account.serviceUrl, found.acct), externalAccountId: found.id };
  },

  async revoke(account) {
    const { accessToken, clientId, clientSecret } = account.secrets;
    if (accessToken && clientId && clientSecret)
      await revokeMastodonToken(account.serviceUrl, { clientId, clientSecret, token: accessToken });
  },

  itemOptions: {
    schema: itemOptions as z.ZodType<Record<string, unknown>>,
    fields: [
      {
        name: "visibility",
        label: "Visibility",
        kind: "select",
        optional: true,
        choices: [
          { value: "public", label: "Public" },
          { value: "unlisted", label: "Unlisted (not in public timelines)" },
        ],
      },
      { name: "contentWarning", label: "Content warning", kind: "text", optional: true, help: "Shown before the post" },
    ],
  },

  idempotency: "idempotency-key",
  newPublicationKey: () => crypto.randomUUID(),

  async publish(account, request: PublishRequest) {
    const token = account.secrets.accessToken;
    if (!token) throw new NetworkError("auth", "Mastodon: no access token is stored; reconnect the account");
    const options = itemOptions.parse(request.options);
    const parts: PublishedPart[] = [...request.posted];
    for (let index = parts.length; index < request.parts.length; index++) {
      const parent = parts[index - 1];
      request.signal?.throwIfAborted();
      const answer = await callNetwork(`${base(account.serviceUrl)}/api/v1/statuses`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "idempotency-key": request.keys[index]! },
        json: {
          status: request.parts[index],
          visibility: options.visibility,
          ...(options.contentWarning && { spoiler_text: options.contentWarning }),
          ...(request.language && { language: request.language.slice(0, 2) }),
          ...(parent && { in_reply_to_id: parent.id }),
          ...(index === 0 && request.media?.length && { media_ids: request.media.map((item) => item.media.id) }),
        },
      });
      const body = check(answer, "post");
      parts.push({ id: String(body.id), url: String(body.url ?? body.uri ?? "") });
      await request.onPart(parts);
    }
    return { parts };
  },

  // The instance cannot tell a repeated upload: the service keeps the media id and never uploads it twice itself.
  async uploadMedia(account, media) {
    const token = account.secrets.accessToken;
    if (!token) throw new NetworkError("auth", "Mastodon: no access token is stored; reconnect the account");
    return uploadToMastodon(account.serviceUrl, token, media);
  },

  async metrics(account, post, options): Promise<PostMetrics> {
    const token = account.secrets.accessToken;
    if (!token) throw new NetworkError("auth", "Mastodon: no access token is stored; reconnect the account");
    const answer = await callNetwork(`${base(account.serviceUrl)}/api/v1/statuses/${encodeURIComponent(post.id)}`, {
      method: "GET",
      headers: { authorization: `Bearer ${token}` },
    });
    if (answer.status === 404) throw new NetworkError("permanent", "Mastodon: the post is gone (deleted on the network)");
    const body = check(answer, "numbers");
    const count = (field: string) => (typeof body[field] === "number" ? (body[field] as number) : 0);
    return {
      likes: count("favourites_count"),
      reposts: count("reblogs_count"),
      replies: count("replies_count"),
      quotes: typeof body.quotes_count === "number" ? body.quotes_count : null,
      collectedAt: options.now.toISOString(),
    };
  },
};
