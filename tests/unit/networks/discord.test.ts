import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { classifyDiscordAnswer, discord, messageUrl, parseWebhookUrl } from "@/lib/networks/discord";
import type { PublishRequest } from "@/lib/networks/provider";
import { startFakeDiscord } from "../../support/fake-discord";

const id = "1234567890123456789";
const token = "aB3_dE-fGhIjKlMnOpQrStUvWxYz0123456789aBcDeFgHiJkLmNoPqRsTuVwXyZ0123";

describe("a Discord webhook URL", () => {
  it("is taken from discord.com or discordapp.com, with or without an API version", () => {
    for (const url of [
      `https://discord.com/api/webhooks/${id}/${token}`,
      `https://discordapp.com/api/webhooks/${id}/${token}`,
      `https://discord.com/api/v10/webhooks/${id}/${token}/`,
      `  https://discord.com/api/webhooks/${id}/${token}  `,
    ])
      expect(parseWebhookUrl(url)).toEqual({ id, token });
  });

  it("is refused on any other host, scheme, port, path or with credentials, a query or a fragment", () => {
    for (const url of [
      `http://discord.com/api/webhooks/${id}/${token}`,
      `https://evil.example/api/webhooks/${id}/${token}`,
      `https://discord.com.evil.example/api/webhooks/${id}/${token}`,
      `https://ptb.discord.com/api/webhooks/${id}/${token}`,
      `https://discord.com:8443/api/webhooks/${id}/${token}`,
      `https://user:pass@discord.com/api/webhooks/${id}/${token}`,
      `https://discord.com@evil.example/api/webhooks/${id}/${token}`,
      `https://discord.com/api/webhooks/${id}/${token}?wait=true`,
      `https://discord.com/api/webhooks/${id}/${token}#x`,
      `https://discord.com/api/webhooks/${id}`,
      `https://discord.com/api/webhooks/not-a-snowflake/${token}`,
      `https://discord.com/api/webhooks/${id}/${token}/slack`,
      `https://discord.com/api/webhooks/${id}/short`,
      "discord.com/api/webhooks",
      "",
    ])
      expect(parseWebhookUrl(url), url).toBeNull();
  });

  it("is checked by the connect form's schema, with the rule in the message", () => {
    const connect = discord.connect;
    if (connect.kind !== "form") throw new Error("Discord connects with a form");
    expect(connect.schema.safeParse({ webhookUrl: `https://discord.com/api/webhooks/${id}/${token}` }).success).toBe(true);
    const refused = connect.schema.safeParse({ webhookUrl: "https://example.com/hook" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["webhookUrl"],
      message: expect.stringContaining("discord.com/api/webhooks"),
    });
  });
});

describe("Discord's answers", () => {
  const answer = (status: number, json: Record<string, unknown> | null, headers: Record<string, string> = {}) => ({
    status,
    json,
    headers,
  });

  it("a deleted webhook (404) or a reset token (401) disconnects; a 5xx is transient; a 403 or a 400 fails", () => {
    expect(classifyDiscordAnswer(answer(404, { message: "Unknown Webhook", code: 10015 }), "message").kind).toBe("auth");
    expect(classifyDiscordAnswer(answer(401, { message: "Invalid Webhook Token", code: 50027 }), "message").kind).toBe("auth");
    expect(classifyDiscordAnswer(answer(502, null), "message").kind).toBe("transient");
    expect(classifyDiscordAnswer(answer(403, { message: "Missing Permissions" }), "message").kind).toBe("permanent");
    expect(classifyDiscordAnswer(answer(400, { message: "Invalid Form Body" }), "message")).toMatchObject({
      kind: "permanent",
      message: "Discord message: Invalid Form Body",
    });
  });

  it("a 429 waits Discord's retry_after (fractional seconds), else Retry-After", () => {
    expect(
      classifyDiscordAnswer(answer(429, { retry_after: 2.5, global: false }, { "retry-after": "3" }), "message"),
    ).toMatchObject({
      kind: "rate_limit",
      retryAfterMs: 2500,
    });
    expect(classifyDiscordAnswer(answer(429, {}, { "retry-after": "4" }), "message").retryAfterMs).toBe(4000);
  });

  it("links a message in its channel", () => {
    expect(messageUrl("https://discord.com/channels/1/2", "3")).toBe("https://discord.com/channels/1/2/3");
    expect(messageUrl("https://discord.com", "3")).toBe("https://discord.com");
  });

  it("keeps to Discord's limits: 2,000 characters a message, no titles, no numbers", () => {
    expect(discord.limits).toMatchObject({ maxCharacters: 2000, unit: "characters", titles: false });
    expect(discord.idempotency).toBe("none");
    expect(discord.metrics).toBeUndefined();
  });

  it("takes four images of 6 MB with the message itself (no upload step): 4 × 6 MB stays under a request's 25 MiB", () => {
    expect(discord.limits.images).toMatchObject({ maxCount: 4, maxBytes: 6_000_000, withPost: true });
    expect(discord.uploadMedia).toBeUndefined();
    expect(4 * discord.limits.images!.maxBytes).toBeLessThan(25 * 1024 * 1024);
  });
});

describe("Discord's calls, against the fake", () => {
  let fake: Awaited<ReturnType<typeof startFakeDiscord>>;
  const posted: string[][] = [];
  const request = (parts: string[], overrides: Partial<PublishRequest> = {}): PublishRequest => ({
    parts,
    keys: parts.map(() => discord.newPublicationKey()),
    posted: [],
    reconcile: false,
    options: {},
    now: new Date(),
    onPart: async (done) => void posted.push(done.map((part) => part.id)),
    onSecrets: async () => undefined,
    ...overrides,
  });

  beforeAll(async () => {
    fake = await startFakeDiscord();
    Object.assign(process.env, { OUTBOUND_ALLOW_HTTP: "1", DISCORD_API_URL: fake.url });
    reloadConfig();
  });
  afterAll(async () => {
    delete process.env.DISCORD_API_URL;
    delete process.env.OUTBOUND_ALLOW_HTTP;
    reloadConfig();
    await fake.close();
  });

  it("connects by reading the webhook, then posts each part with ?wait=true and records it as it lands", async () => {
    const hook = fake.createWebhook("Announcements", "1100000000000000042", "1000000000000000007");
    const connect = discord.connect;
    if (connect.kind !== "form") throw new Error("a form");
    const account = await connect.connect({ webhookUrl: hook.url }, { now: new Date() });
    expect(account).toEqual({
      serviceUrl: "https://discord.com/channels/1000000000000000007/1100000000000000042",
      handle: "Announcements",
      externalAccountId: hook.id,
      secrets: { webhookToken: hook.token },
    });
    const connected = { ...account, handle: account.handle };
    const result = await discord.publish(connected, request(["first", "second"]));
    expect(fake.messages().map((message) => message.content)).toEqual(["first", "second"]);
    expect(result.parts.map((part) => part.url)).toEqual(
      fake.messages().map((message) => `https://discord.com/channels/1000000000000000007/1100000000000000042/${message.id}`),
    );
    expect(posted.at(-1)).toEqual(result.parts.map((part) => part.id));
    // A retry posts only what is not posted yet.
    await discord.publish(connected, request(["first", "second", "third"], { posted: result.parts, reconcile: true }));
    expect(fake.messages().map((message) => message.content)).toEqual(["first", "second", "third"]);
  });

  it("a lost answer is `unconfirmed`; a deleted webhook is `auth`", async () => {
    const hook = fake.createWebhook();
    const account = {
      serviceUrl: "https://discord.com",
      handle: "x",
      externalAccountId: hook.id,
      secrets: { webhookToken: hook.token },
    };
    fake.dropAnswerNext(`/api/v10/webhooks/${hook.id}/${hook.token}`);
    await expect(discord.publish(account, request(["lost"]))).rejects.toMatchObject({ kind: "unconfirmed" });
    fake.deleteWebhook(hook.id);
    await expect(discord.publish(account, request(["gone"]))).rejects.toMatchObject({ kind: "auth" });
    await expect(discord.verify(account, { now: new Date() })).rejects.toMatchObject({ kind: "auth" });
  });
});
