import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import "@/lib/services/job-handlers";
import { captureConsole } from "../support/console-capture";
import { type FakeDiscord, startFakeDiscord } from "../support/fake-discord";
import { type FakeWordPress, startFakeWordPress } from "../support/fake-wordpress";
import { alts, itemImages, sizesOf } from "../support/item-images";
import { appWithLaunchedProject } from "../support/pipeline";
import { connectWithForm, draftedWeek, later, minutes, ownerOf, publishingCalls } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// A post's images on Discord (files of the webhook message, alt text as their description)
// and WordPress (media library uploads with alt text, the first one featured), against fakes
// started here: each image reaches the network once, also across a refused or lost answer.

const password = "abcd EFGH 1234 ijkl MNOP 5678";
let app: TestApp;
let key: string;
let projectId: string;
let owner: ServiceContext;
let discord: FakeDiscord;
let webhook: ReturnType<FakeDiscord["createWebhook"]>;
let site: FakeWordPress;
const responses: string[] = [];

type Item = { id: string; status: string; publication: null | Record<string, string> };
const { call, tick, getItem, publishNow } = publishingCalls<Item>(() => ({ app, key, projectId }), responses);

const { twoImages } = itemImages(call);

let items: Record<"discord" | "discordLost" | "blog", string>;

beforeAll(async () => {
  discord = await startFakeDiscord();
  webhook = discord.createWebhook("Launchloop announcements", "1100000000000000042", "1000000000000000007");
  site = await startFakeWordPress({ username: "ada", applicationPassword: password });
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  Object.assign(process.env, { OUTBOUND_ALLOW_HTTP: "1", DISCORD_API_URL: discord.url });
  (await import("@/lib/config")).reloadConfig();
  captureConsole();
  owner = await ownerOf(app);

  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const ids = await draftedWeek(call, projectId, { discord: ["discord", "discord-lost"], blog: ["blog"] });
  items = { discord: ids.discord, discordLost: ids["discord-lost"], blog: ids.blog };

  for (const [network, fields] of [
    ["discord", { webhookUrl: webhook.url }],
    ["wordpress", { siteUrl: site.url, username: "ada", applicationPassword: password }],
  ] as const) {
    const connected = await connectWithForm(owner, { projectId, network, fields });
    expect(connected.status, connected.text).toBe(200);
  }
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  delete process.env.DISCORD_API_URL;
  await discord?.close();
  await site?.close();
  await app?.close();
});

describe("a post's images on Discord", () => {
  const hook = () => `/api/v10/webhooks/${webhook.id}/${webhook.token}`;

  it("sends two images as files of the first message with their alt text, once, also after a refused first try", async () => {
    await twoImages(items.discord);
    discord.failNext(hook(), 503);
    await publishNow(items.discord);
    await tick(later(1000));
    for (let round = 1; round < 4 && (await getItem(items.discord)).status !== "published"; round++)
      await tick(later(minutes(10 * round)));
    expect((await getItem(items.discord)).status).toBe("published");

    const sent = discord.messages().filter((message) => message.attachments.length > 0);
    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message!.allowedMentions).toEqual({ parse: [] });
    expect(message!.attachments.map((file) => [file.description, file.contentType])).toEqual(
      alts.map((alt) => [alt, "image/png"]),
    );
    expect(await sizesOf(message!.attachments)).toEqual([
      [800, 600],
      [600, 800],
    ]);
    // The refused try, then the one that posted.
    expect(discord.requests.filter((request) => request.method === "POST")).toHaveLength(2);
  });

  it("never sends the images twice after a lost answer: the item waits, 'may have posted', for the founder", async () => {
    await twoImages(items.discordLost);
    const before = discord.messages().length;
    discord.dropAnswerNext(hook());
    await publishNow(items.discordLost);
    await tick(later(1000));
    await tick(later(minutes(10)));
    await tick(later(minutes(30)));
    const sent = discord.messages().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.attachments.map((file) => file.description)).toEqual(alts);
    expect((await getItem(items.discordLost)).publication).toMatchObject({ status: "unconfirmed" });
  });
});

describe("a post's images on WordPress", () => {
  it("uploads each image once with its alt text, features the first, shows both in the post, also across a lost answer", async () => {
    await twoImages(items.blog);
    site.dropAnswerNext("/wp-json/wp/v2/posts");
    await publishNow(items.blog);
    await tick(later(1000));
    for (let round = 1; round < 4 && (await getItem(items.blog)).status !== "published"; round++)
      await tick(later(minutes(10 * round)));
    expect((await getItem(items.blog)).status).toBe("published");

    const media = site.media();
    expect(media.map((item) => [item.alt, item.mimeType])).toEqual(alts.map((alt) => [alt, "image/png"]));
    expect(media.every((item) => /^launchloop-[0-9a-f]{12}\.png$/.test(item.filename))).toBe(true);
    expect(await sizesOf(media)).toEqual([
      [800, 600],
      [600, 800],
    ]);
    expect(site.requests.filter((request) => request.path === "/wp-json/wp/v2/media")).toHaveLength(2);

    const posts = site.posts();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.featuredMedia).toBe(media[0]!.id);
    for (const [index, item] of media.entries())
      expect(posts[0]!.content).toContain(`<img src="${item.url}" alt="${alts[index]}"`);
  });
});
