import { randomBytes } from "node:crypto";
import { type FakeAnswer, startFakeNetwork } from "./fake-network";
import { multipart } from "./multipart";

interface FakeWebhook {
  id: string;
  token: string;
  name: string;
  channelId: string;
  guildId: string;
}

/**
 * Discord's webhook endpoints at the network edge (what a channel webhook URL reaches): the
 * webhook read with its token (`GET /api/v10/webhooks/:id/:token`), messages executed with
 * `?wait=true` (the message comes back; over 2,000 characters is refused as Discord does), a
 * webhook a test deletes (404 Unknown Webhook), a token that never was (401), and a rate limit
 * answered with Discord's `retry_after` body. A message with files comes as multipart/form-data
 * (`payload_json` and `files[n]`, each named in `attachments` with its `description`).
 */
export async function startFakeDiscord() {
  const webhooks = new Map<string, FakeWebhook>();
  const messages: {
    id: string;
    webhookId: string;
    channelId: string;
    content: string;
    allowedMentions: unknown;
    attachments: FakeAttachment[];
  }[] = [];
  const rateLimits: { count: number; retryAfter: number }[] = [];
  let nextMessage = 1_300_000_000_000_000_000n;

  const unknownWebhook: FakeAnswer = { status: 404, json: { message: "Unknown Webhook", code: 10015 } };
  const invalidToken: FakeAnswer = { status: 401, json: { message: "Invalid Webhook Token", code: 50027 } };

  const network = await startFakeNetwork((request) => {
    const match = /^\/api(?:\/v\d+)?\/webhooks\/(\d+)\/([A-Za-z0-9_-]+)$/.exec(request.path);
    if (!match) return { status: 404, json: { message: "404: Not Found", code: 0 } };
    const webhook = webhooks.get(match[1]!);
    if (!webhook) return unknownWebhook;
    if (webhook.token !== match[2]) return invalidToken;
    if (request.method === "GET")
      return {
        status: 200,
        json: {
          id: webhook.id,
          type: 1,
          name: webhook.name,
          avatar: null,
          channel_id: webhook.channelId,
          guild_id: webhook.guildId,
          application_id: null,
          token: webhook.token,
        },
      };
    if (request.method !== "POST") return { status: 405, json: { message: "405: Method Not Allowed", code: 0 } };
    const limit = rateLimits.find((candidate) => candidate.count > 0);
    if (limit) {
      limit.count--;
      return {
        status: 429,
        headers: { "retry-after": String(Math.ceil(limit.retryAfter)) },
        json: { message: "You are being rate limited.", retry_after: limit.retryAfter, global: false },
      };
    }
    const sent = messageOf(request.raw, String(request.headers["content-type"] ?? ""), request.json);
    if ("error" in sent) return { status: 400, json: { message: sent.error, code: 50035 } };
    const content = String(sent.payload?.content ?? "");
    if (!content.trim() && sent.attachments.length === 0)
      return { status: 400, json: { message: "Cannot send an empty message", code: 50006 } };
    if (content.length > 2000)
      return {
        status: 400,
        json: {
          message: "Invalid Form Body",
          code: 50035,
          errors: { content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 2000 or fewer in length." }] } },
        },
      };
    const id = String(nextMessage++);
    messages.push({
      id,
      webhookId: webhook.id,
      channelId: webhook.channelId,
      content,
      allowedMentions: sent.payload?.allowed_mentions,
      attachments: sent.attachments,
    });
    const message = {
      id,
      type: 0,
      content,
      channel_id: webhook.channelId,
      webhook_id: webhook.id,
      attachments: sent.attachments.map((file, index) => ({
        id: `${id}${index}`,
        filename: file.filename,
        description: file.description,
        content_type: file.contentType,
        size: file.bytes.length,
      })),
    };
    // Without `wait=true` Discord answers 204 and no message.
    return request.query.get("wait") === "true" ? { status: 200, json: message } : { status: 204 };
  });

  /** A webhook in a channel, as "Copy Webhook URL" would give it (discord.com, with the fake's id and token). */
  function createWebhook(name = "Launchloop", channelId = "1100000000000000001", guildId = "1000000000000000001") {
    const webhook: FakeWebhook = {
      id: String(1_200_000_000_000_000_000n + BigInt(webhooks.size)),
      token: randomBytes(51).toString("base64url").slice(0, 68),
      name,
      channelId,
      guildId,
    };
    webhooks.set(webhook.id, webhook);
    return { ...webhook, url: `https://discord.com/api/webhooks/${webhook.id}/${webhook.token}` };
  }

  return {
    ...network,
    createWebhook,
    /** The webhook is deleted in the channel's settings: every call answers 404 Unknown Webhook. */
    deleteWebhook: (id: string) => void webhooks.delete(id),
    /** The next `count` messages are refused with 429 and `retry_after` seconds. */
    rateLimitNext: (retryAfter: number, count = 1) => void rateLimits.push({ count, retryAfter }),
    messages: () => [...messages],
  };
}

interface FakeAttachment {
  filename: string;
  description: string | null;
  contentType: string;
  bytes: Buffer;
}

/** A message as Discord reads it: JSON, or multipart with `payload_json` and each `files[n]` matched to `attachments[n]`. */
function messageOf(
  raw: Buffer,
  contentType: string,
  json: Record<string, unknown> | null,
): { payload: Record<string, unknown> | null; attachments: FakeAttachment[] } | { error: string } {
  if (!contentType.startsWith("multipart/form-data")) return { payload: json, attachments: [] };
  const parts = multipart(raw, contentType);
  const payloadPart = parts.find((part) => part.name === "payload_json");
  const payload = payloadPart ? (JSON.parse(payloadPart.body.toString("utf8")) as Record<string, unknown>) : null;
  const described = (payload?.attachments as { id: number | string; description?: string }[] | undefined) ?? [];
  const attachments: FakeAttachment[] = [];
  for (const part of parts) {
    const index = /^files\[(\d+)\]$/.exec(part.name)?.[1];
    if (index === undefined) continue;
    if (!part.filename) return { error: `files[${index}] has no filename` };
    const entry = described.find((candidate) => String(candidate.id) === index);
    attachments.push({
      filename: part.filename,
      description: entry?.description ?? null,
      contentType: part.contentType,
      bytes: part.body,
    });
  }
  return { payload, attachments };
}

export type FakeDiscord = Awaited<ReturnType<typeof startFakeDiscord>>;
