import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import "@/lib/services/job-handlers";
import { captureConsole } from "../support/console-capture";
import { codeOf as codeOfCall } from "../support/errors";
import type { FakeThreads } from "../support/fake-threads";
import { startThreads, threadsClient } from "../support/oauth-networks";
import { appWithLaunchedProject } from "../support/pipeline";
import { itemsWithTexts, later, minutes, ownerOf, publishingCalls } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// Threads over Meta's OAuth against a fake Graph API started here (authorization window,
// token exchanges, containers, threads_publish, insights); `tick(at)` runs what is due at `at`.

let app: TestApp;
let key: string;
let projectId: string;
let owner: ServiceContext;
let fakes: Awaited<ReturnType<typeof startThreads>>;
let network: FakeThreads;
const responses: string[] = [];
let logged: string[] = [];

type Item = { id: string; status: string; publication: null | Record<string, string>; metrics: null | Record<string, unknown> };
const { call, tick, getItem, publishNow, connectionOf } = publishingCalls<Item>(() => ({ app, key, projectId }), responses);
const connection = () => connectionOf("threads");
const reloadConfig = async () => (await import("@/lib/config")).reloadConfig();

const codeOf = (work: Promise<unknown>) => codeOfCall(work, (answer) => responses.push(JSON.stringify(answer)));

const texts = {
  one: ["Tidybooks reconciles your books overnight. Try it free."],
  thread: [
    "Why we built Tidybooks, a thread (1/3)",
    "Freelancers lose a weekend a quarter to bookkeeping. (2/3)",
    "So the books now reconcile overnight: https://tidybooks.example (3/3)",
  ],
  lost: ["Books and invoices, done while you sleep."],
  lostBefore: ["An answer lost before Threads published anything."],
  flaky: ["Five minutes a week is all bookkeeping should take."],
  revoked: ["This one meets a revoked token."],
};
let items: Record<keyof typeof texts, string>;

beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  fakes = await startThreads();
  network = fakes.threads;
  logged = captureConsole();
  owner = await ownerOf(app);

  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  items = await itemsWithTexts(app, call, projectId, "threads", texts);
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await fakes?.close();
  await app?.close();
});

describe("connecting Threads", () => {
  it("is offered only when the server has the Threads app's keys", async () => {
    expect((await call("GET", `/api/v1/projects/${projectId}/publishing`)).json.connectable).toContain("threads");
    delete process.env.THREADS_CLIENT_SECRET;
    await reloadConfig();
    try {
      expect((await call("GET", `/api/v1/projects/${projectId}/publishing`)).json.connectable).not.toContain("threads");
      expect(
        await codeOf(executeOperation(operations.startOAuthConnection, { body: { projectId, network: "threads" } }, owner)),
      ).toBe("invalid_request");
    } finally {
      process.env.THREADS_CLIENT_SECRET = threadsClient.clientSecret;
      await reloadConfig();
    }
  });

  it("connects through the authorization window: code, then a 60-day token; the state works once", async () => {
    const started = await executeOperation(operations.startOAuthConnection, { body: { projectId, network: "threads" } }, owner);
    expect(started.connection).toMatchObject({ network: "threads", status: "pending" });
    const authorize = new URL(started.authorizeUrl);
    expect(authorize.pathname).toBe("/oauth/authorize");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: threadsClient.clientId,
      response_type: "code",
      scope: "threads_basic,threads_content_publish,threads_manage_insights,threads_read_replies",
      redirect_uri: expect.stringMatching(/\/connections\/threads\/callback$/),
    });
    const { code, state } = network.approve(started.authorizeUrl);
    const finished = await executeOperation(
      operations.finishOAuthConnection,
      { body: { network: "threads", state, code } },
      owner,
    );
    expect(finished.connection).toMatchObject({ network: "threads", status: "connected", handle: "@tidyfounder" });
    expect(
      await codeOf(executeOperation(operations.finishOAuthConnection, { body: { network: "threads", state, code } }, owner)),
    ).toBe("invalid_request");
    const stored = await connection();
    expect(stored.externalAccountId).toBe(network.user.id);
    for (const token of network.issuedTokens()) expect(stored.sealedSecrets).not.toContain(token);
    // The long-lived exchange was a GET with the app secret, as Meta takes it.
    expect(
      network.requests.some(
        (request) => request.path === "/access_token" && request.query.get("grant_type") === "th_exchange_token",
      ),
    ).toBe(true);
  });
});

describe("publishing on Threads", () => {
  it("posts a post and a three-part thread as replies (a container each, then threads_publish), each once", async () => {
    await publishNow(items.one);
    await publishNow(items.thread);
    await tick(later(1000));
    await tick(later(minutes(1)));
    const posts = network.posts();
    expect(posts.map((post) => post.text).sort()).toEqual([...texts.one, ...texts.thread].sort());
    const thread = texts.thread.map((text) => posts.find((post) => post.text === text)!);
    expect(thread.map((post) => post.replyTo)).toEqual([null, thread[0]!.id, thread[1]!.id]);
    expect(network.publishCalls()).toBe(4);
    const item = await getItem(items.thread);
    expect(item.status).toBe("published");
    expect(item.publication).toMatchObject({
      status: "published",
      externalId: thread[0]!.id,
      url: expect.stringMatching(/^https:\/\/www\.threads\.net\/@tidyfounder\/post\//),
    });
  });

  it("reads views, likes, replies, reposts and quotes from the post's insights", async () => {
    const first = network.posts().find((post) => post.text === texts.one[0])!;
    network.setInsights(first.id, { views: 340, likes: 12, replies: 2, reposts: 3, quotes: 1 });
    expect((await call("POST", `/api/v1/growth/items/${items.one}/metrics`)).status).toBeLessThan(300);
    await tick(later(minutes(2)));
    expect((await getItem(items.one)).metrics).toMatchObject({ likes: 12, reposts: 3, replies: 2, quotes: 1, views: 340 });
  });

  it("a publish whose answer was lost: the container says it went out, and the post is found, never posted twice", async () => {
    network.dropAnswerNext("/v1.0/17841400000000001/threads_publish");
    await publishNow(items.lost);
    await tick(later(1000));
    await tick(later(minutes(10)));
    const posted = network.posts().filter((post) => post.text === texts.lost[0]);
    expect(posted).toHaveLength(1);
    expect((await getItem(items.lost)).publication).toMatchObject({ status: "published", externalId: posted[0]!.id });
  });

  it("an answer lost before Threads published is 'unconfirmed' for the founder, never published again on its own", async () => {
    network.settings.dropPublishUndone = 1;
    const publishes = network.publishCalls();
    await publishNow(items.lostBefore);
    await tick(later(1000));
    await tick(later(minutes(30)));
    expect(network.publishCalls()).toBe(publishes + 1);
    expect(network.posts().some((post) => post.text === texts.lostBefore[0])).toBe(false);
    expect((await getItem(items.lostBefore)).publication).toMatchObject({
      status: "unconfirmed",
      error: expect.stringContaining("may have gone out"),
    });
    // The founder looked: it is not there. Posted again, once.
    const requeued = await call("POST", `/api/v1/growth/items/${items.lostBefore}/publication/confirm`, {
      outcome: "not_posted",
    });
    expect(requeued.status).toBe(200);
    await tick(later(2000));
    expect(network.posts().filter((post) => post.text === texts.lostBefore[0])).toHaveLength(1);
    expect((await getItem(items.lostBefore)).publication?.status).toBe("published");
  });

  it("posts once after two 503s, and the connection stays", async () => {
    network.failNext("/v1.0/17841400000000001/threads_publish", 503, 2);
    await publishNow(items.flaky);
    let at = Date.now() + 1000;
    for (let round = 0; round < 5 && (await getItem(items.flaky)).status !== "published"; round++) {
      await tick(new Date(at));
      at += minutes(10);
    }
    expect(network.posts().filter((post) => post.text === texts.flaky[0])).toHaveLength(1);
    expect((await getItem(items.flaky)).status).toBe("published");
    expect((await connection()).status).toBe("connected");
  });
});

describe("tokens", () => {
  it("renews the 60-day token once fewer than 30 days are left, and keeps the connection", async () => {
    network.ageTokens(31 * 86_400_000);
    const before = network.refreshCalls();
    const sealedBefore = (await connection()).sealedSecrets;
    expect((await call("POST", `/api/v1/growth/items/${items.thread}/metrics`)).status).toBeLessThan(300);
    await tick(later(31 * 86_400_000));
    expect(network.refreshCalls()).toBeGreaterThan(before);
    const renewed = await connection();
    expect(renewed.status).toBe("connected");
    expect(renewed.sealedSecrets).not.toBe(sealedBefore);
  });

  it("disconnects when the founder removed the app (code 190) and fails the publication with the reason", async () => {
    network.revokeAll();
    await publishNow(items.revoked);
    await tick(later(1000));
    expect(await connection()).toMatchObject({
      status: "disconnected",
      statusReason: expect.stringContaining("Invalid OAuth access token"),
    });
    const failed = await getItem(items.revoked);
    expect(failed.publication).toMatchObject({ status: "failed" });
    expect(network.posts().some((post) => post.text === texts.revoked[0])).toBe(false);
  });

  it("never shows a token or the app secret in a response, a log line or an export", async () => {
    const exported = await call("GET", "/api/v1/account/export");
    const everything = [...responses, exported.text, ...logged].join("\n");
    const secrets = [...network.issuedTokens(), threadsClient.clientSecret];
    expect(secrets.length).toBeGreaterThan(2);
    for (const secret of secrets) expect(everything.includes(secret), secret).toBe(false);
  });
});
