import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { growthItems } from "@/lib/db/schema";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import "@/lib/services/job-handlers";
import { captureConsole } from "../support/console-capture";
import { codeOf as codeOfCall } from "../support/errors";
import { type FakeReddit, startFakeReddit } from "../support/fake-reddit";
import { appWithLaunchedProject } from "../support/pipeline";
import { draftedWeek, later, minutes, ownerOf, publishingCalls } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// Reddit over its OAuth (a permanent grant) against a fake started here (authorize page, token
// endpoint, API on one server); the subreddit, title, kind and flair are the item's publish
// options. `tick(at)` runs what is due at `at`.

const client = { clientId: "reddit-client-id", clientSecret: "reddit-client-secret-0123456789" };
const configured = ["REDDIT_CLIENT_ID", "REDDIT_CLIENT_SECRET", "REDDIT_AUTH_URL", "REDDIT_API_URL", "REDDIT_USER_AGENT"];
const userAgent = "web:launchloop-tests:1.0 (by /u/launchloop-tests)";

let app: TestApp;
let key: string;
let projectId: string;
let owner: ServiceContext;
let network: FakeReddit;
const responses: string[] = [];
let logged: string[] = [];

type Item = {
  id: string;
  status: string;
  publication: null | Record<string, unknown>;
  metrics: null | Record<string, unknown>;
};
// publishNow(itemId, options): an item's Reddit options give it the account and a time.
const { call, tick, getItem, publishNow, connectionOf } = publishingCalls<Item>(() => ({ app, key, projectId }), responses);
const connection = () => connectionOf("reddit");
const reloadConfig = async () => (await import("@/lib/config")).reloadConfig();

const codeOf = (work: Promise<unknown>) => codeOfCall(work, (answer) => responses.push(JSON.stringify(answer)));

const drafts = {
  story: { title: "We built a bookkeeping tool for freelancers: what we learned", body: "Honest numbers from six months." },
  flaired: { title: "How we price a tool for one-person businesses", body: "What worked, what did not." },
  unflaired: { title: "A post that forgot its flair", body: "The subreddit asks for one." },
  link: { title: "Tidybooks: books that reconcile overnight", body: "(a link post)" },
  lost: { title: "The answer to this one gets lost", body: "Reddit made it, the answer never came back." },
  lagging: { title: "Lost, and the listing lags", body: "Reddit made it; its listing does not show it yet." },
  flaky: { title: "Twice a 503, then through", body: "Five minutes a week is all bookkeeping should take." },
  revoked: { title: "This one meets a revoked grant", body: "Never posted." },
};
let items: Record<keyof typeof drafts, string>;

beforeAll(async () => {
  network = await startFakeReddit(client);
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  Object.assign(process.env, {
    OUTBOUND_ALLOW_HTTP: "1",
    REDDIT_CLIENT_ID: client.clientId,
    REDDIT_CLIENT_SECRET: client.clientSecret,
    REDDIT_AUTH_URL: network.url,
    REDDIT_API_URL: network.url,
    REDDIT_USER_AGENT: userAgent,
  });
  await reloadConfig();
  logged = captureConsole();
  owner = await ownerOf(app);

  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  items = await draftedWeek(call, projectId, { reddit: Object.keys(drafts) as (keyof typeof drafts)[] });
  for (const [slug, id] of Object.entries(items) as [keyof typeof drafts, string][]) {
    const [row] = await app.db.select().from(growthItems).where(eq(growthItems.id, id));
    const { title, body } = drafts[slug];
    await app.db
      .update(growthItems)
      .set({ draft: { ...row!.draft!, title, parts: [body], body } })
      .where(eq(growthItems.id, id));
  }
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  for (const name of configured) delete process.env[name];
  await network?.close();
  await app?.close();
});

describe("connecting Reddit", () => {
  it("is offered only when the server has a Reddit app's keys", async () => {
    expect((await call("GET", `/api/v1/projects/${projectId}/publishing`)).json.connectable).toContain("reddit");
    delete process.env.REDDIT_CLIENT_SECRET;
    await reloadConfig();
    try {
      expect((await call("GET", `/api/v1/projects/${projectId}/publishing`)).json.connectable).not.toContain("reddit");
      expect(
        await codeOf(executeOperation(operations.startOAuthConnection, { body: { projectId, network: "reddit" } }, owner)),
      ).toBe("invalid_request");
    } finally {
      process.env.REDDIT_CLIENT_SECRET = client.clientSecret;
      await reloadConfig();
    }
  });

  it("connects with a permanent grant through Reddit's authorize page; the state works once", async () => {
    const started = await executeOperation(operations.startOAuthConnection, { body: { projectId, network: "reddit" } }, owner);
    const authorize = new URL(started.authorizeUrl);
    expect(authorize.pathname).toBe("/api/v1/authorize");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: client.clientId,
      response_type: "code",
      duration: "permanent",
      scope: "identity submit read flair history",
      redirect_uri: expect.stringMatching(/\/connections\/reddit\/callback$/),
    });
    const { code, state } = network.approve(started.authorizeUrl);
    const finished = await executeOperation(
      operations.finishOAuthConnection,
      { body: { network: "reddit", state, code } },
      owner,
    );
    expect(finished.connection).toMatchObject({ network: "reddit", status: "connected", handle: "u/tidyfounder" });
    expect(
      await codeOf(executeOperation(operations.finishOAuthConnection, { body: { network: "reddit", state, code } }, owner)),
    ).toBe("invalid_request");
    const stored = await connection();
    for (const token of network.issuedTokens()) expect(stored.sealedSecrets).not.toContain(token);
    // Every request to Reddit says who it is, as Reddit's API rules require.
    for (const request of network.requests.filter((entry) => entry.path !== "/api/v1/authorize"))
      expect(request.headers["user-agent"]).toBe(userAgent);
  });
});

describe("publishing on Reddit", () => {
  it("takes the subreddit, title, kind and flair per item: without them an approved item waits, bad ones are a 400", async () => {
    const approved = await call("PATCH", `/api/v1/growth/items/${items.story}`, { status: "approved" });
    expect(approved.json.item.publication?.scheduledAt ?? null).toBeNull();
    for (const publishOptions of [
      { subreddit: "not a subreddit" },
      { subreddit: "SideProject", kind: "link" },
      { subreddit: "SideProject", nsfw: true },
    ]) {
      const refused = await call("PATCH", `/api/v1/growth/items/${items.story}`, { publishOptions });
      expect([refused.status, refused.json.code], JSON.stringify(publishOptions)).toEqual([400, "invalid_request"]);
      expect(refused.json.error).toMatch(/^publishOptions/);
    }
    const set = await call("PATCH", `/api/v1/growth/items/${items.story}`, { publishOptions: { subreddit: "r/SideProject" } });
    expect(set.json.item.publication).toMatchObject({ status: "scheduled", scheduledAt: expect.any(String) });
  });

  it("submits a text post to the subreddit with the draft's title, and a link post with its url, each once", async () => {
    expect((await call("POST", `/api/v1/growth/items/${items.story}/publish`)).status).toBe(202);
    await publishNow(items.link, { subreddit: "SideProject", kind: "link", url: "https://tidybooks.example/" });
    await tick(later(1000));
    await tick(later(minutes(1)));
    const story = network.submissions().find((submission) => submission.title === drafts.story.title)!;
    expect(story).toMatchObject({ subreddit: "SideProject", kind: "self", text: drafts.story.body });
    expect(network.submissions().find((submission) => submission.title === drafts.link.title)).toMatchObject({
      kind: "link",
      url: "https://tidybooks.example/",
    });
    expect(network.submissions()).toHaveLength(2);
    expect((await getItem(items.story)).publication).toMatchObject({
      status: "published",
      externalId: `t3_${story.id}`,
      url: expect.stringContaining(`/r/SideProject/comments/${story.id}/`),
    });
  });

  it("picks the flair a subreddit requires by its text; without one it fails before submitting, naming the flairs", async () => {
    await publishNow(items.flaired, { subreddit: "smallbusiness", flair: "Marketing" });
    await publishNow(items.unflaired, { subreddit: "smallbusiness" });
    await tick(later(1000));
    expect(network.submissions().find((submission) => submission.title === drafts.flaired.title)).toMatchObject({
      subreddit: "smallbusiness",
      flairId: "5f1c1a6e-0000-4000-8000-000000000001",
    });
    expect(network.submissions().some((submission) => submission.title === drafts.unflaired.title)).toBe(false);
    expect((await getItem(items.unflaired)).publication).toMatchObject({
      status: "failed",
      error: expect.stringContaining('r/smallbusiness requires a flair: set one of "Marketing", "Tools"'),
    });
    expect((await connection()).status).toBe("connected");
  });

  it("reads score and comments as numbers", async () => {
    const story = network.submissions().find((submission) => submission.title === drafts.story.title)!;
    network.setScore(story.id, { score: 57, num_comments: 12 });
    expect((await call("POST", `/api/v1/growth/items/${items.story}/metrics`)).status).toBeLessThan(300);
    await tick(later(minutes(2)));
    expect((await getItem(items.story)).metrics).toMatchObject({ likes: 57, replies: 12, quotes: null });
  });

  it("a submission whose answer was lost is found among the account's submissions: posted once", async () => {
    network.dropAnswerNext("/api/submit");
    await publishNow(items.lost, { subreddit: "SideProject" });
    await tick(later(1000));
    await tick(later(minutes(10)));
    const found = network.submissions().filter((submission) => submission.title === drafts.lost.title);
    expect(found).toHaveLength(1);
    expect((await getItem(items.lost)).publication).toMatchObject({ status: "published", externalId: `t3_${found[0]!.id}` });
  });

  it("a lost answer the listing does not show yet is 'unconfirmed' for the founder, never submitted again on its own", async () => {
    network.settings.submittedLag = 1;
    network.dropAnswerNext("/api/submit");
    await publishNow(items.lagging, { subreddit: "SideProject" });
    await tick(later(1000));
    await tick(later(minutes(30)));
    network.settings.submittedLag = 0;
    const made = network.submissions().filter((submission) => submission.title === drafts.lagging.title);
    expect(made).toHaveLength(1);
    expect((await getItem(items.lagging)).publication).toMatchObject({
      status: "unconfirmed",
      error: expect.stringContaining("may have gone out"),
    });
    // The founder found it: "It went out", with its link.
    const url = `https://www.reddit.com/r/SideProject/comments/${made[0]!.id}/`;
    const confirmed = await call("POST", `/api/v1/growth/items/${items.lagging}/publication/confirm`, { outcome: "posted", url });
    expect(confirmed.status).toBe(200);
    expect((await getItem(items.lagging)).publication).toMatchObject({ status: "published", url });
    expect(network.submissions().filter((submission) => submission.title === drafts.lagging.title)).toHaveLength(1);
  });

  it("submits once after two 503s, and the connection stays", async () => {
    network.failNext("/api/submit", 503, 2);
    await publishNow(items.flaky, { subreddit: "SideProject" });
    let at = Date.now() + 1000;
    for (let round = 0; round < 5 && (await getItem(items.flaky)).status !== "published"; round++) {
      await tick(new Date(at));
      at += minutes(10);
    }
    expect(network.submissions().filter((submission) => submission.title === drafts.flaky.title)).toHaveLength(1);
    expect((await getItem(items.flaky)).status).toBe("published");
    expect((await connection()).status).toBe("connected");
  });
});

describe("tokens", () => {
  it("renews an expired access token with the permanent refresh token, which stays the same", async () => {
    const before = network.refreshCalls();
    network.expireAccessTokens();
    const story = network.submissions().find((submission) => submission.title === drafts.story.title)!;
    network.setScore(story.id, { score: 60, num_comments: 13 });
    expect((await call("POST", `/api/v1/growth/items/${items.story}/metrics`)).status).toBeLessThan(300);
    await tick(later(minutes(3)));
    expect(network.refreshCalls()).toBeGreaterThan(before);
    expect((await getItem(items.story)).metrics).toMatchObject({ likes: 60, replies: 13 });
    expect((await connection()).status).toBe("connected");
  });

  it("disconnects when the founder removed the app (the refresh token refused) and fails the publication with the reason", async () => {
    network.revokeAll();
    await publishNow(items.revoked, { subreddit: "SideProject" });
    await tick(later(1000));
    expect(await connection()).toMatchObject({ status: "disconnected", statusReason: expect.stringContaining("invalid_grant") });
    expect((await getItem(items.revoked)).publication).toMatchObject({ status: "failed" });
    expect(network.submissions().some((submission) => submission.title === drafts.revoked.title)).toBe(false);
  });

  it("never shows a token or the client secret in a response, a log line or an export", async () => {
    const exported = await call("GET", "/api/v1/account/export");
    const everything = [...responses, exported.text, ...logged].join("\n");
    const secrets = [...network.issuedTokens(), client.clientSecret];
    expect(secrets.length).toBeGreaterThan(2);
    for (const secret of secrets) expect(everything.includes(secret), secret).toBe(false);
  });
});
