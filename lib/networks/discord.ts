import "server-only";
import { z } from "zod";
import { channelRules } from "@/lib/channels/rules";
import { config } from "@/lib/config";
import type { PublishedPart } from "@/lib/schemas/publishing";
import { NetworkError, postOnce } from "./errors";
import { asJsonAnswer, callNetwork, classifyAnswer, type JsonAnswer, sendGuarded } from "./http";
import { multipartBody } from "./multipart";
import type { AccountIdentity, ConnectedAccount, NetworkProvider, PostMedia, PublishRequest } from "./provider";
import { badInput } from "./service-url";

/**
 * A Discord channel through the webhook the founder created in it (Channel settings →
 * Integrations → Webhooks → Copy Webhook URL). The URL is the credential: its token is sealed,
 * its id names the connection. Messages go out with `?wait=true`, so Discord answers with the
 * message (its id); a thread's parts are consecutive messages. Webhooks take no idempotency key
 * and cannot list a channel's messages, so an answer lost after sending is left to the founder
 * ("may have posted, check it"). A post's images go as files of its first message (one
 * multipart request, each with its alt text as the attachment's description): there is no
 * upload step, so they are sent exactly as often as that message. Webhooks give no numbers.
 */

const hosts = new Set(["discord.com", "discordapp.com"]);
const webhookPath = /^\/api(?:\/v\d{1,2})?\/webhooks\/(\d{17,20})\/([A-Za-z0-9_-]{60,100})\/?$/;

export const webhookUrlRule =
  "a Discord webhook URL: https://discord.com/api/webhooks/<id>/<token> (Channel settings → Integrations → Webhooks → Copy Webhook URL)";

/** The webhook's id and token, if `value` is a Discord channel webhook URL on discord.com or discordapp.com (nothing else is called). */
export function parseWebhookUrl(value: string): { id: string; token: string } | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || !hosts.has(url.hostname) || url.port || url.username || url.password) return null;
  if (url.search || url.hash) return null;
  const match = webhookPath.exec(url.pathname);
  return match ? { id: match[1]!, token: match[2]! } : null;
}

const connectInput = z.object({
  webhookUrl: z
    .string()
    .max(300)
    .refine((value) => parseWebhookUrl(value) !== null, { message: `Not ${webhookUrlRule}` }),
});

/** Where the calls go: always Discord's API (`DISCORD_API_URL` moves it only for tests), whichever of its hosts was pasted. */
const webhookEndpoint = (id: string, token: string) =>
  `${config().discordApiUrl}/api/v10/webhooks/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;

/** A deleted webhook (404 Unknown Webhook) or a reset token (401) will never work again: the connection is disconnected. */
const webhookGone = (answer: JsonAnswer) => answer.status === 401 || answer.status === 404;

/** Discord's 429 says how long in `retry_after` (seconds, fractional) as well as `Retry-After`. */
export function classifyDiscordAnswer(answer: JsonAnswer, what: string): NetworkError {
  const error = classifyAnswer(answer, `Discord ${what}`, webhookGone);
  const retryAfter = answer.json?.retry_after;
  if (error.kind === "rate_limit" && typeof retryAfter === "number" && retryAfter >= 0)
    return new NetworkError("rate_limit", error.message, Math.ceil(retryAfter * 1000), error.code);
  if (error.kind === "auth")
    return new NetworkError(
      "auth",
      `Discord ${what}: the webhook was deleted or its URL reset (${error.message.replace(/^[^:]*: /, "")})`,
    );
  return error;
}

function check(answer: JsonAnswer, what: string): Record<string, unknown> {
  if (answer.status >= 200 && answer.status < 300 && answer.json) return answer.json;
  throw classifyDiscordAnswer(answer, what);
}

const text = (value: unknown) => (typeof value === "string" && value ? value : null);

/** The webhook as Discord describes it to its token: its name, channel and server. */
async function readWebhook(id: string, token: string): Promise<AccountIdentity> {
  const body = check(await callNetwork(webhookEndpoint(id, token), { method: "GET" }), "webhook");
  const channel = text(body.channel_id);
  const guild = text(body.guild_id);
  return {
    // The channel's page: each message's link is this plus its id.
    serviceUrl: channel && guild ? `https://discord.com/channels/${guild}/${channel}` : "https://discord.com",
    handle: text(body.name) ?? "Discord webhook",
    externalAccountId: id,
  };
}

function credentials(account: ConnectedAccount) {
  const token = account.secrets.webhookToken;
  if (!token || !account.externalAccountId)
    throw new NetworkError("auth", "Discord: no webhook is stored; connect the channel again");
  return { id: account.externalAccountId, token };
}

export const messageUrl = (serviceUrl: string, messageId: string) =>
  serviceUrl.startsWith("https://discord.com/channels/") ? `${serviceUrl}/${messageId}` : serviceUrl;

const missingBytes = (index: number): never => {
  throw new NetworkError("permanent", `Discord message: image ${index + 1} came without its file`);
};

/**
 * One message: JSON alone, or with images a multipart body (`payload_json` and `files[n]`),
 * each file named in `attachments` with its alt text as `description`.
 */
function sendMessage(url: string, content: string, media: readonly PostMedia[]) {
  // Never pings: a draft that says @everyone stays text.
  const payload = { content, allowed_mentions: { parse: [] } };
  if (media.length === 0) return callNetwork(url, { method: "POST", json: payload });
  const files = media.map((image, index) => ({
    name: `files[${index}]`,
    filename: `image-${index + 1}.${image.mimeType.split("/")[1] ?? "png"}`,
    contentType: image.mimeType,
    bytes: image.bytes ?? missingBytes(index),
  }));
  const attachments = files.map((file, index) => ({ id: index, filename: file.filename, description: media[index]!.alt }));
  const form = multipartBody({ payload_json: JSON.stringify({ ...payload, attachments }) }, ...files);
  return sendGuarded(url, {
    method: "POST",
    headers: { accept: "application/json", "content-type": form.contentType },
    body: form.body,
    timeoutMs: 60_000,
  }).then(asJsonAnswer);
}

export const discord: NetworkProvider = {
  network: "discord",
  label: "Discord",
  limits: {
    maxCharacters: channelRules.discord.bodyLimit,
    unit: channelRules.discord.unit,
    maxParts: 10,
    titles: false,
    // A message takes 10 files of 10 MB, in a request of 25 MiB at most: four of 6 MB always fit.
    images: { maxCount: 4, maxBytes: 6_000_000, types: ["image/png", "image/jpeg", "image/webp", "image/gif"], withPost: true },
  },
  connect: {
    kind: "form",
    schema: connectInput as z.ZodType<Record<string, unknown>>,
    fields: [
      {
        name: "webhookUrl",
        label: "Channel webhook URL",
        kind: "password",
        placeholder: "https://discord.com/api/webhooks/…",
        help: "In Discord: the channel's settings → Integrations → Webhooks → New Webhook → Copy Webhook URL. Launchloop posts there as the webhook.",
      },
    ],
    async connect(raw) {
      const parsed = parseWebhookUrl(String((raw as { webhookUrl?: unknown }).webhookUrl ?? ""));
      if (!parsed) throw new NetworkError("permanent", `fields.webhookUrl: not ${webhookUrlRule}.`, undefined, badInput);
      const identity = await readWebhook(parsed.id, parsed.token);
      return { ...identity, secrets: { webhookToken: parsed.token } };
    },
  },

  async verify(account) {
    const { id, token } = credentials(account);
    return readWebhook(id, token);
  },

  idempotency: "none",
  newPublicationKey: () => crypto.randomUUID(),

  async publish(account, request: PublishRequest) {
    const { id, token } = credentials(account);
    const parts: PublishedPart[] = [...request.posted];
    for (let index = parts.length; index < request.parts.length; index++) {
      request.signal?.throwIfAborted();
      // No idempotency key and no way to look a message up: a lost answer is the founder's to check.
      const media = index === 0 ? (request.media ?? []) : [];
      const answer = await postOnce("Discord message", () =>
        sendMessage(`${webhookEndpoint(id, token)}?wait=true`, request.parts[index]!, media),
      );
      const message = check(answer, "message");
      const messageId = text(message.id);
      if (!messageId) throw new NetworkError("unconfirmed", "Discord message: the answer named no message; it may have gone out");
      parts.push({ id: messageId, url: messageUrl(account.serviceUrl, messageId) });
      await request.onPart(parts);
    }
    return { parts };
  },
};
