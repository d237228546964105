import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { jobs } from "@/lib/db/schema";
import "@/lib/services/job-handlers";
import { captureConsole } from "../support/console-capture";
import { type FakeDiscord, startFakeDiscord } from "../support/fake-discord";
import { appWithLaunchedProject } from "../support/pipeline";
import { connectWithForm, itemsWithTexts, later, minutes, ownerOf, publishingCalls } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// Discord through a channel webhook against a fake Discord started here; the job engine's
// clock is the test's: `tick(at)` runs what is due at `at`.

let app: TestApp;
let key: string;
let projectId: string;
let owner: ServiceContext;
let discord: FakeDiscord;
let webhook: ReturnType<FakeDiscord["createWebhook"]>;
const responses: string[] = [];
let logged: string[] = [];

const { call, tick, getItem, publishNow, connectionOf } = publishingCalls<Item>(() => ({ app, key, projectId }), responses);
const connect = async (fields: Record<string, unknown>) => {
  const answer = await connectWithForm(owner, { projectId, network: "discord", fields });
  responses.push(answer.text);
  return answer;
};

type Item = { id: string; status: string; publication: null | Record<string, string>; metrics: unknown };
const discordConnection = () => connectionOf("discord");

const texts = {
  one: ["Tidybooks 1.0 is out: your books reconcile overnight. Tell us what breaks! @everyone"],
  parts: ["What changed in 1.0, part one: bank feeds.", "Part two: receipts matched by amount and date."],
  limited: ["Rate limited first, then posted."],
  flaky: ["A 502, then posted."],
  lost: ["This message's answer gets lost on the way back."],
  revoked: ["This one meets a deleted webhook."],
};
let items: Record<keyof typeof texts, string>;

beforeAll(async () => {
  discord = await startFakeDiscord();
  webhook = discord.createWebhook("Launchloop announcements", "1100000000000000042", "1000000000000000007");
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  Object.assign(process.env, { OUTBOUND_ALLOW_HTTP: "1", DISCORD_API_URL: discord.url });
  (await import("@/lib/config")).reloadConfig();
  logged = captureConsole();
  owner = await ownerOf(app);
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  items = await itemsWithTexts(app, call, projectId, "discord", texts);
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env.DISCORD_API_URL;
  await discord?.close();
  await app?.close();
});

describe("connecting a Discord channel", () => {
  it("takes only a discord.com or discordapp.com webhook URL: anything else is a 400 at the field, and nothing is called", async () => {
    for (const webhookUrl of [
      `https://evil.example/api/webhooks/${webhook.id}/${webhook.token}`,
      `http://discord.com/api/webhooks/${webhook.id}/${webhook.token}`,
      `${discord.url}/api/webhooks/${webhook.id}/${webhook.token}`,
      "https://discord.com/channels/1/2",
    ]) {
      const refused = await connect({ webhookUrl });
      expect([refused.status, refused.code], webhookUrl).toEqual([400, "invalid_request"]);
      expect(refused.error).toMatch(/webhookUrl/);
    }
    expect(discord.requests).toHaveLength(0);
  });

  it("refuses a webhook Discord does not know (deleted) with a 400 that says so", async () => {
    const gone = discord.createWebhook("Gone");
    discord.deleteWebhook(gone.id);
    const refused = await connect({ webhookUrl: gone.url });
    expect([refused.status, refused.code]).toEqual([400, "connection_refused"]);
  });

  it("connects with the webhook's name and channel, and never shows its token back", async () => {
    const connected = await connect({ webhookUrl: webhook.url.replace("discord.com", "discordapp.com") });
    expect(connected.status).toBe(200);
    expect(connected.connection).toMatchObject({
      network: "discord",
      status: "connected",
      handle: "Launchloop announcements",
      serviceUrl: "https://discord.com/channels/1000000000000000007/1100000000000000042",
    });
    expect(connected.text).not.toContain(webhook.token);
    const stored = await discordConnection();
    expect(stored.externalAccountId).toBe(webhook.id);
    expect(stored.sealedSecrets).not.toContain(webhook.token);
    // The same webhook pasted again keeps its row.
    expect((await connect({ webhookUrl: webhook.url })).connection?.id).toBe(stored.id);
  });
});

describe("publishing to Discord", () => {
  it("posts a message with ?wait=true at its time, mentions off, and links it in its channel; no numbers are pulled", async () => {
    await publishNow(items.one);
    await tick(later(1000));
    const [message] = discord.messages();
    expect(message).toMatchObject({ content: texts.one[0], allowedMentions: { parse: [] } });
    expect(discord.requests.find((request) => request.method === "POST")!.query.get("wait")).toBe("true");
    expect((await getItem(items.one)).publication).toMatchObject({
      status: "published",
      externalId: message!.id,
      url: `https://discord.com/channels/1000000000000000007/1100000000000000042/${message!.id}`,
    });
    const pulls = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.subjectId, items.one), eq(jobs.kind, "metrics")));
    expect(pulls).toHaveLength(0);
    const pulled = await call("POST", `/api/v1/growth/items/${items.one}/metrics`);
    expect([pulled.status, pulled.json.code]).toEqual([409, "not_publishable"]);
  });

  it("posts a thread's parts as consecutive messages", async () => {
    await publishNow(items.parts);
    await tick(later(1000));
    expect(
      discord
        .messages()
        .slice(-2)
        .map((message) => message.content),
    ).toEqual(texts.parts);
    expect((await getItem(items.parts)).publication?.status).toBe("published");
  });

  it("waits Discord's retry_after on a 429, and retries a 5xx without disconnecting", async () => {
    discord.rateLimitNext(2.5);
    await publishNow(items.limited);
    await tick(later(1000));
    const [job] = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.subjectId, items.limited), eq(jobs.kind, "publish")));
    expect(job!.status).toBe("queued");
    expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(1000);
    await tick(later(minutes(1)));
    expect((await getItem(items.limited)).status).toBe("published");

    discord.failNext(`/api/v10/webhooks/${webhook.id}/${webhook.token}`, 502);
    await publishNow(items.flaky);
    await tick(later(1000));
    expect((await discordConnection()).status).toBe("connected");
    for (let round = 1; round < 4 && (await getItem(items.flaky)).status !== "published"; round++)
      await tick(later(minutes(10 * round)));
    expect(discord.messages().filter((message) => message.content === texts.flaky[0])).toHaveLength(1);
    expect((await getItem(items.flaky)).status).toBe("published");
  });

  it("never posts twice after a lost answer: the item waits, 'may have posted', for the founder", async () => {
    discord.dropAnswerNext(`/api/v10/webhooks/${webhook.id}/${webhook.token}`);
    await publishNow(items.lost);
    await tick(later(1000));
    await tick(later(minutes(10)));
    await tick(later(minutes(30)));
    expect(discord.messages().filter((message) => message.content === texts.lost[0])).toHaveLength(1);
    expect((await getItem(items.lost)).publication).toMatchObject({
      status: "unconfirmed",
      error: expect.stringContaining("may have"),
    });
    const again = await call("POST", `/api/v1/growth/items/${items.lost}/publish`);
    expect([again.status, again.json.code]).toEqual([409, "not_publishable"]);
  });

  it("disconnects when the webhook is deleted, and fails the post with the reason", async () => {
    discord.deleteWebhook(webhook.id);
    await publishNow(items.revoked);
    await tick(later(1000));
    expect(await discordConnection()).toMatchObject({
      status: "disconnected",
      statusReason: expect.stringContaining("webhook was deleted"),
    });
    expect((await getItem(items.revoked)).publication).toMatchObject({ status: "failed" });
  });

  it("never shows the webhook token in a response, a log line or an export", async () => {
    const exported = await call("GET", "/api/v1/account/export");
    const everything = [...responses, exported.text, ...logged].join("\n");
    expect(everything).not.toContain(webhook.token);
  });
});
