import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import type { ConnectedAccount, PostMedia, PublishRequest } from "@/lib/networks/provider";
import type { ConnectionSecrets } from "@/lib/networks/secrets";
import { threads } from "@/lib/networks/threads";
import type { PublishedPart } from "@/lib/schemas/publishing";
import { type FakeThreads, startFakeThreads } from "../../support/fake-threads";

// The Threads provider on its own against the fake Graph API: how a part goes out, and what a
// lost answer becomes. The whole path (connect, schedule, jobs) is tests/api/publishing-threads.test.ts.

const client = { clientId: "990602627938098", clientSecret: "threads-app-secret-0123456789" };
let network: FakeThreads;
let account: ConnectedAccount;

const request = (parts: string[], extra: Partial<PublishRequest> = {}): PublishRequest => ({
  parts,
  keys: parts.map(() => crypto.randomUUID()),
  posted: [],
  reconcile: false,
  options: {},
  now: new Date(),
  onPart: async () => {},
  onSecrets: async () => {},
  ...extra,
});

beforeAll(async () => {
  network = await startFakeThreads(client);
  Object.assign(process.env, {
    OUTBOUND_ALLOW_HTTP: "1",
    THREADS_CLIENT_ID: client.clientId,
    THREADS_CLIENT_SECRET: client.clientSecret,
    THREADS_AUTH_URL: network.url,
    THREADS_API_URL: network.url,
  });
  reloadConfig();
  const connect = threads.connect;
  if (connect.kind !== "oauth") throw new Error("oauth expected");
  const pending = await connect.authorizeUrl({
    redirectUri: "https://app.example/connections/threads/callback",
    state: "state-0123456789",
    codeChallenge: "c",
    now: new Date(),
  });
  const { code } = network.approve(pending.authorizeUrl);
  const connected = await connect.exchange({
    code,
    redirectUri: "https://app.example/connections/threads/callback",
    serviceUrl: pending.serviceUrl,
    secrets: {},
    now: new Date(),
  });
  expect(connected).toMatchObject({ handle: "@tidyfounder", externalAccountId: network.user.id });
  account = {
    serviceUrl: connected.serviceUrl,
    handle: connected.handle,
    externalAccountId: connected.externalAccountId,
    secrets: connected.secrets,
  };
});

afterAll(async () => {
  for (const name of ["THREADS_CLIENT_ID", "THREADS_CLIENT_SECRET", "THREADS_AUTH_URL", "THREADS_API_URL"])
    delete process.env[name];
  reloadConfig();
  await network?.close();
});

describe("publishing on Threads", () => {
  it("posts a thread as replies, each part a container published once, waiting for a container still processing", async () => {
    network.settings.containerInProgressFor = 1;
    const saved: PublishedPart[][] = [];
    const { parts } = await threads.publish(
      account,
      request(["first part", "second part"], { onPart: async (p) => void saved.push(p) }),
    );
    network.settings.containerInProgressFor = 0;
    const posts = network.posts();
    expect(posts.map((post) => [post.text, post.replyTo])).toEqual([
      ["first part", null],
      ["second part", posts[0]!.id],
    ]);
    expect(parts.map((part) => part.id)).toEqual(posts.map((post) => post.id));
    expect(parts[0]!.url).toMatch(/^https:\/\/www\.threads\.net\/@tidyfounder\/post\//);
    expect(saved).toHaveLength(2);
  });

  it("puts the images on the first part only: a carousel made once every item is ready, each with its alt text", async () => {
    const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#ff8800" } })
      .png()
      .toBuffer();
    const images = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "image/png" }).end(picture);
    });
    await new Promise<void>((resolve) => images.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
    const media: PostMedia[] = ["one", "two"].map((name) => ({
      media: { id: name },
      url: `${base}/${name}.png`,
      alt: `Picture ${name}`,
      width: 320,
      height: 240,
      mimeType: "image/png",
    }));
    network.settings.containerInProgressFor = 1;
    try {
      await threads.publish(account, request(["a carousel first", "then a text reply"], { media }));
    } finally {
      network.settings.containerInProgressFor = 0;
    }
    const [first, reply] = ["a carousel first", "then a text reply"].map(
      (text) => network.posts().find((post) => post.text === text)!,
    );
    expect(first!.mediaType).toBe("CAROUSEL");
    expect(first!.images.map((image) => [image.url, image.alt, image.bytes.equals(picture)])).toEqual(
      media.map((item) => [item.url, item.alt, true]),
    );
    expect([reply!.mediaType, reply!.replyTo, reply!.images]).toEqual(["TEXT", first!.id, []]);

    const single = await threads.publish(account, request(["one picture"], { media: media.slice(0, 1) }));
    const posted = network.posts().find((post) => post.id === single.parts[0]!.id)!;
    expect([posted.mediaType, posted.text, posted.images.map((image) => image.alt)]).toEqual([
      "IMAGE",
      "one picture",
      ["Picture one"],
    ]);
    await new Promise((resolve) => images.close(resolve));
  });

  it("a lost answer after publishing: the container says PUBLISHED and the post is found among the account's", async () => {
    network.dropAnswerNext(`/v1.0/${network.user.id}/threads_publish`);
    const { parts } = await threads.publish(account, request(["lost after publishing"]));
    const posted = network.posts().filter((post) => post.text === "lost after publishing");
    expect(posted).toHaveLength(1);
    expect(parts[0]!.id).toBe(posted[0]!.id);
  });

  it("a lost answer before publishing is `unconfirmed`, and nothing is published again", async () => {
    network.settings.dropPublishUndone = 1;
    const calls = network.publishCalls();
    await expect(threads.publish(account, request(["lost before publishing"]))).rejects.toMatchObject({
      kind: "unconfirmed",
      message: expect.stringContaining("may have gone out"),
    });
    expect(network.publishCalls()).toBe(calls + 1);
    expect(network.posts().some((post) => post.text === "lost before publishing")).toBe(false);
  });

  it("a retry finds a part an earlier attempt posted (same text, same parent) instead of posting it again", async () => {
    const first = await threads.publish(account, request(["posted by a crashed attempt"]));
    const again = await threads.publish(account, request(["posted by a crashed attempt"], { reconcile: true }));
    expect(again.parts[0]!.id).toBe(first.parts[0]!.id);
    expect(network.posts().filter((post) => post.text === "posted by a crashed attempt")).toHaveLength(1);
  });

  it("reads insights as numbers, and a revoked token as `auth`", async () => {
    const [post] = network.posts();
    network.setInsights(post!.id, { views: 90, likes: 5, replies: 2, reposts: 1, quotes: 1 });
    expect(await threads.metrics!(account, { id: post!.id, url: "" }, { now: new Date() })).toMatchObject({
      likes: 5,
      replies: 2,
      reposts: 1,
      quotes: 1,
      views: 90,
    });
  });

  it("renews the 60-day token when fewer than 30 days are left", async () => {
    network.ageTokens();
    const renewed: ConnectionSecrets[] = [];
    const aging: ConnectedAccount = {
      ...account,
      secrets: { ...account.secrets, expiresAt: new Date(Date.now() + 10 * 86_400_000).toISOString() },
      renewTokens: async (stale) => {
        const next = await threads.refresh!({ ...account, secrets: stale }, { now: new Date() });
        renewed.push(next);
        return next;
      },
    };
    await threads.verify(aging, { now: new Date() });
    expect(renewed).toHaveLength(1);
    expect(renewed[0]!.accessToken).not.toBe(account.secrets.accessToken);
    account = { ...account, secrets: renewed[0]! };
  });

  it("takes a revoked token as `auth`", async () => {
    network.revokeAll();
    await expect(threads.verify(account, { now: new Date() })).rejects.toMatchObject({ kind: "auth" });
  });
});
