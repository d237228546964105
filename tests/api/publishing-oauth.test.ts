import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { connections, jobs } from "@/lib/db/schema";
import { openSecrets, sealSecrets } from "@/lib/networks/secrets";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import { renewConnectionTokens } from "@/lib/services/connections";
import "@/lib/services/job-handlers";
import { captureConsole } from "../support/console-capture";
import { poolAnswers } from "../support/database";
import { codeOf as codeOfCall } from "../support/errors";
import type { FakeLinkedIn } from "../support/fake-linkedin";
import type { FakeX } from "../support/fake-x";
import { linkedinClient, startXAndLinkedIn, xClient, xOrLinkedIn } from "../support/oauth-networks";
import { appWithLaunchedProject } from "../support/pipeline";
import { itemsWithTexts, later, minutes, ownerOf, publishingCalls } from "../support/publishing-items";
import type { TestApp } from "../support/test-app";

// LinkedIn and X over OAuth 2.0 against fake servers started here (authorize page, token
// endpoint, API); the job engine's clock is the test's: `tick(at)` runs what is due at `at`.

let app: TestApp;
let key: string;
let projectId: string;
let owner: ServiceContext;
let fakes: Awaited<ReturnType<typeof startXAndLinkedIn>>;
let xNetwork: FakeX;
let linkedinNetwork: FakeLinkedIn;
const responses: string[] = [];
let logged: string[] = [];

type Item = { id: string; status: string; publication: null | Record<string, string>; metrics: null | Record<string, unknown> };
const { call, tick, getItem, publishNow, connectionOf } = publishingCalls<Item>(() => ({ app, key, projectId }), responses);
const reloadConfig = async () => (await import("@/lib/config")).reloadConfig();

const codeOf = (work: Promise<unknown>) => codeOfCall(work, (answer) => responses.push(JSON.stringify(answer)));

const texts = {
  xOne: ["Tidybooks reconciles your books overnight. Try it free."],
  xThread: [
    "Why we built Tidybooks, a thread (1/3)",
    "Freelancers lose a weekend a quarter to bookkeeping. (2/3)",
    "So the books now reconcile overnight: https://tidybooks.example (3/3)",
  ],
  xLost: ["Books & invoices, done while you sleep: https://tidybooks.example/start"],
  xFlaky: ["Five minutes a week is all bookkeeping should take."],
  xBlind: ["Reconciled while you slept, checked before you woke."],
  xRefresh: ["What freelancers told us about tax season."],
  xRevoked: ["This one meets a revoked token."],
  liOne: ["We built Tidybooks because bookkeeping ate our weekends.\n\nWhat would you do with yours? #freelance (really)"],
  liLost: ["A LinkedIn post whose answer gets lost on the way back."],
  liRevoked: ["This LinkedIn post meets a revoked token."],
};
let items: Record<keyof typeof texts, string>;

beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  fakes = await startXAndLinkedIn();
  ({ x: xNetwork, linkedin: linkedinNetwork } = fakes);
  logged = captureConsole();
  owner = await ownerOf(app);

  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  // Texts of our own, each unique (X and LinkedIn refuse a repeated text).
  items = await itemsWithTexts(app, call, projectId, xOrLinkedIn, texts);
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await fakes?.close();
  await app?.close();
});

describe("connecting LinkedIn and X", () => {
  it("offers them only when their OAuth client is configured", async () => {
    expect((await call("GET", `/api/v1/projects/${projectId}/publishing`)).json.connectable).toEqual([
      "bluesky",
      "mastodon",
      "linkedin",
      "x",
      "discord",
      "wordpress",
      "buttondown",
    ]);
    delete process.env.X_CLIENT_SECRET;
    await reloadConfig();
    try {
      expect((await call("GET", `/api/v1/projects/${projectId}/publishing`)).json.connectable).toEqual([
        "bluesky",
        "mastodon",
        "linkedin",
        "discord",
        "wordpress",
        "buttondown",
      ]);
      expect(await codeOf(executeOperation(operations.startOAuthConnection, { body: { projectId, network: "x" } }, owner))).toBe(
        "invalid_request",
      );
    } finally {
      process.env.X_CLIENT_SECRET = xClient.clientSecret;
      await reloadConfig();
    }
  });

  it("connects X with PKCE (S256) through its authorize page; the state works once", async () => {
    const started = await executeOperation(operations.startOAuthConnection, { body: { projectId, network: "x" } }, owner);
    expect(started.connection).toMatchObject({ network: "x", status: "pending" });
    const authorize = new URL(started.authorizeUrl);
    expect(authorize.pathname).toBe("/i/oauth2/authorize");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: "code",
      client_id: xClient.clientId,
      scope: "tweet.read tweet.write users.read media.write offline.access",
      code_challenge_method: "S256",
      redirect_uri: expect.stringMatching(/\/connections\/x\/callback$/),
    });
    const { code, state } = xNetwork.approve(started.authorizeUrl);
    expect(
      await codeOf(
        executeOperation(operations.finishOAuthConnection, { body: { network: "x", state: "s".repeat(40), code } }, owner),
      ),
    ).toBe("invalid_request");
    // The state of an X authorization does not finish a LinkedIn one.
    expect(
      await codeOf(executeOperation(operations.finishOAuthConnection, { body: { network: "linkedin", state, code } }, owner)),
    ).toBe("invalid_request");
    const finished = await executeOperation(operations.finishOAuthConnection, { body: { network: "x", state, code } }, owner);
    expect(finished.connection).toMatchObject({ network: "x", status: "connected", handle: "@tidyfounder" });
    expect(await codeOf(executeOperation(operations.finishOAuthConnection, { body: { network: "x", state, code } }, owner))).toBe(
      "invalid_request",
    );
    const stored = await connectionOf("x");
    expect(stored.externalAccountId).toBe(xNetwork.user.id);
    for (const token of xNetwork.issuedTokens()) expect(stored.sealedSecrets).not.toContain(token);
  });

  it("connects LinkedIn as the member userinfo names", async () => {
    const started = await executeOperation(operations.startOAuthConnection, { body: { projectId, network: "linkedin" } }, owner);
    const authorize = new URL(started.authorizeUrl);
    expect(authorize.pathname).toBe("/oauth/v2/authorization");
    expect(authorize.searchParams.get("scope")).toBe("openid profile w_member_social");
    const { code, state } = linkedinNetwork.approve(started.authorizeUrl);
    const finished = await executeOperation(
      operations.finishOAuthConnection,
      { body: { network: "linkedin", state, code } },
      owner,
    );
    expect(finished.connection).toMatchObject({ network: "linkedin", status: "connected", handle: "Tidy Founder" });
    expect((await connectionOf("linkedin")).externalAccountId).toBe(linkedinNetwork.member.sub);
    const listed = (await call("GET", `/api/v1/projects/${projectId}/connections`)).json.connections;
    expect(listed.map((connection: { network: string }) => connection.network)).toEqual(["x", "linkedin"]);
  });
});

describe("publishing on X and LinkedIn", () => {
  it("posts an X post and a three-part thread as replies, each once", async () => {
    await publishNow(items.xOne);
    await publishNow(items.xThread);
    await tick(later(1000));
    await tick(later(minutes(1)));
    const posts = xNetwork.posts();
    expect(posts.map((post) => post.text).sort()).toEqual([...texts.xOne, ...texts.xThread].sort());
    const thread = texts.xThread.map((text) => posts.find((post) => post.text === text)!);
    expect(thread.map((post) => post.replyTo)).toEqual([null, thread[0]!.id, thread[1]!.id]);
    expect((await getItem(items.xThread)).publication).toMatchObject({
      status: "published",
      externalId: thread[0]!.id,
      url: `https://x.com/tidyfounder/status/${thread[0]!.id}`,
    });
    expect((await getItem(items.xOne)).status).toBe("published");
  });

  it("posts on LinkedIn with the versioned headers, as the member, hashtags as LinkedIn writes them; no numbers are made up", async () => {
    await publishNow(items.liOne);
    await tick(later(1000));
    const [post] = linkedinNetwork.posts();
    expect(post!.headers).toMatchObject({
      "linkedin-version": expect.stringMatching(/^\d{6}$/),
      "x-restli-protocol-version": "2.0.0",
    });
    expect(post!.body).toMatchObject({ author: "urn:li:person:782bbtaQ", visibility: "PUBLIC", lifecycleState: "PUBLISHED" });
    expect(post!.body.commentary).toBe(
      "We built Tidybooks because bookkeeping ate our weekends.\n\nWhat would you do with yours? {hashtag|\\#|freelance} \\(really\\)",
    );
    const item = await getItem(items.liOne);
    expect(item.publication).toMatchObject({
      status: "published",
      externalId: post!.urn,
      url: `https://www.linkedin.com/feed/update/${post!.urn}/`,
    });
    const metricJobs = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.subjectId, items.liOne), eq(jobs.kind, "metrics")));
    expect(metricJobs).toHaveLength(0);
    const pulled = await call("POST", `/api/v1/growth/items/${items.liOne}/metrics`);
    expect([pulled.status, pulled.json.code]).toEqual([409, "not_publishable"]);
    expect(pulled.text).toMatch(/LinkedIn does not give apps the numbers/);
  });

  it("a post X or LinkedIn committed whose answer was lost goes out once and waits, 'may have gone out', for the founder to say", async () => {
    const confirm = (itemId: string, body: unknown) => call("POST", `/api/v1/growth/items/${itemId}/publication/confirm`, body);
    // X made the post, then the connection dropped before its answer: never posted again on its own.
    xNetwork.dropAnswerNext("/2/tweets");
    await publishNow(items.xLost);
    await tick(later(1000));
    await tick(later(minutes(10)));
    await tick(later(minutes(30)));
    const posted = xNetwork.posts().filter((post) => post.text === texts.xLost[0]);
    expect(posted).toHaveLength(1);
    expect((await getItem(items.xLost)).publication).toMatchObject({
      status: "unconfirmed",
      error: expect.stringContaining("may have gone out"),
    });
    const publishJobs = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.subjectId, items.xLost), eq(jobs.kind, "publish")));
    expect(publishJobs.map((job) => job.status)).toEqual(["failed"]);
    // Neither Publish now nor a new time posts it behind the founder's back.
    const again = await call("POST", `/api/v1/growth/items/${items.xLost}/publish`);
    expect([again.status, again.json.code]).toEqual([409, "not_publishable"]);
    expect(again.text).toMatch(/may already have gone out/);
    const moved = await call("PATCH", `/api/v1/growth/items/${items.xLost}`, { scheduledAt: later(minutes(30)).toISOString() });
    expect([moved.status, moved.json.code]).toEqual([409, "not_publishable"]);
    // A closed input: a link only with `posted`, an https one, nothing else.
    for (const body of [
      { outcome: "posted" },
      { outcome: "posted", url: "javascript:alert(1)" },
      { outcome: "not_posted", url: "https://x.com/a/status/1" },
      { outcome: "posted", url: "https://x.com/a/status/1", status: "published" },
      { outcome: "maybe" },
    ]) {
      const refused = await confirm(items.xLost, body);
      expect([refused.status, refused.json.code], JSON.stringify(body)).toEqual([400, "invalid_request"]);
    }
    // The founder found it: "It went out", with its link; of two such answers at once, one applies.
    const url = `https://x.com/tidyfounder/status/${posted[0]!.id}`;
    const answers = await Promise.all([
      confirm(items.xLost, { outcome: "posted", url }),
      confirm(items.xLost, { outcome: "posted", url }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await getItem(items.xLost)).publication).toMatchObject({ status: "published", url, externalId: posted[0]!.id });
    expect((await getItem(items.xLost)).status).toBe("published");
    const pulls = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.subjectId, items.xLost), eq(jobs.kind, "metrics")));
    expect(pulls).toHaveLength(3);
    expect(xNetwork.posts().filter((post) => post.text === texts.xLost[0])).toHaveLength(1);

    // LinkedIn the same way; the founder says it did not go out: it is posted again, and LinkedIn's
    // duplicate refusal names the post it already has, so there is still one.
    linkedinNetwork.dropAnswerNext("/rest/posts");
    await publishNow(items.liLost);
    await tick(later(1000));
    await tick(later(minutes(10)));
    const isLost = (post: { body: Record<string, unknown> }) => String(post.body.commentary).startsWith("A LinkedIn post whose");
    expect(linkedinNetwork.posts().filter(isLost)).toHaveLength(1);
    expect((await getItem(items.liLost)).publication?.status).toBe("unconfirmed");
    const requeued = await confirm(items.liLost, { outcome: "not_posted" });
    expect([requeued.status, requeued.json.item?.publication?.status]).toEqual([200, "scheduled"]);
    await tick(later(1000));
    const linkedinPosts = linkedinNetwork.posts().filter(isLost);
    expect(linkedinPosts).toHaveLength(1);
    expect((await getItem(items.liLost)).publication).toMatchObject({ status: "published", externalId: linkedinPosts[0]!.urn });

    // A wrong "did not go out" on X, where the app may not read timelines: X's duplicate refusal
    // is the guard; no second post, and the failure says so.
    xNetwork.access.timelineForbidden = true;
    xNetwork.dropAnswerNext("/2/tweets");
    await publishNow(items.xBlind);
    await tick(later(1000));
    expect((await getItem(items.xBlind)).publication?.status).toBe("unconfirmed");
    expect((await confirm(items.xBlind, { outcome: "not_posted" })).status).toBe(200);
    await tick(later(2000));
    xNetwork.access.timelineForbidden = false;
    expect(xNetwork.posts().filter((post) => post.text === texts.xBlind[0])).toHaveLength(1);
    expect((await getItem(items.xBlind)).publication).toMatchObject({
      status: "failed",
      error: expect.stringContaining("duplicate of one it already has"),
    });
  });

  it("posts once after 503 twice, and the connection stays", async () => {
    xNetwork.failNext("/2/tweets", 503, 2);
    await publishNow(items.xFlaky);
    let at = Date.now() + 1000;
    for (let round = 0; round < 4 && (await getItem(items.xFlaky)).status !== "published"; round++) {
      await tick(new Date(at));
      at += minutes(10);
    }
    expect(xNetwork.posts().filter((post) => post.text === texts.xFlaky[0])).toHaveLength(1);
    expect((await getItem(items.xFlaky)).status).toBe("published");
    expect((await connectionOf("x")).status).toBe("connected");
  });
});

describe("tokens", () => {
  it("renews an expired X token once for jobs that need it at the same time, and reads the numbers", async () => {
    const before = xNetwork.refreshCalls();
    const sealedBefore = (await connectionOf("x")).sealedSecrets;
    const firstPost = xNetwork.posts().find((post) => post.text === texts.xOne[0])!;
    xNetwork.setCounts(firstPost.id, { like_count: 12, retweet_count: 3, reply_count: 2, quote_count: 1 });
    // Three hours on (X access tokens last two): every X item's 1 h pull is due at once.
    await tick(later(minutes(180)));
    expect(xNetwork.refreshCalls()).toBe(before + 1);
    expect((await getItem(items.xOne)).metrics).toMatchObject({ likes: 12, reposts: 3, replies: 2, quotes: 1 });
    expect((await getItem(items.xThread)).metrics).toMatchObject({ likes: 0 });
    const renewed = await connectionOf("x");
    expect(renewed.status).toBe("connected");
    expect(renewed.sealedSecrets).not.toBe(sealedBefore);
  });

  it("keeps the connection when the token endpoint answers 503, and renews on the next attempt", async () => {
    xNetwork.expireAccessTokens();
    xNetwork.failNext("/2/oauth2/token", 503, 1);
    await publishNow(items.xRefresh);
    await tick(later(1000));
    expect((await connectionOf("x")).status).toBe("connected");
    expect(xNetwork.posts().some((post) => post.text === texts.xRefresh[0])).toBe(false);
    await tick(later(minutes(10)));
    expect((await getItem(items.xRefresh)).status).toBe("published");
    expect((await connectionOf("x")).status).toBe("connected");
  });

  it("renews twelve connections while the token endpoint hangs and the database still answers every other request", async () => {
    // Six more X accounts on the project, each renewed twice at once: refresh tokens X never issued, so each renewal ends refused.
    const { id: originalId, ...original } = await connectionOf("x");
    const copies = await app.db
      .insert(connections)
      .values(
        Array.from({ length: 6 }, (_, index) => ({
          ...original,
          externalAccountId: `15000000000000001${index}0`,
          sealedSecrets: sealSecrets({ ...openSecrets(original.sealedSecrets), refreshToken: `x-refresh-never-issued-${index}` }),
        })),
      )
      .returning();
    let release!: () => void;
    xNetwork.holdAnswersUntil("/2/oauth2/token", new Promise<void>((resolve) => (release = resolve)), 12);
    const before = xNetwork.refreshCalls();
    const renewals = copies.flatMap((copy) =>
      [0, 1].map(() =>
        renewConnectionTokens({ db: app.db, connection: copy, stale: openSecrets(copy.sealedSecrets), now: new Date() }),
      ),
    );
    try {
      await vi.waitFor(() => expect(xNetwork.refreshCalls()).toBeGreaterThan(before));
      // Well within the token call's 15 s timeout.
      expect(await poolAnswers(app.db), "stalled while the token endpoint hangs").toBe(true);
      // On Postgres a renewal holds a pooled connection; on the embedded database it holds nothing across the call.
      if (app.kind === "postgres") expect(xNetwork.refreshCalls() - before).toBeLessThanOrEqual(3);
    } finally {
      release();
      const settled = await Promise.allSettled(renewals);
      await app.db.delete(connections).where(
        inArray(
          connections.id,
          copies.map((copy) => copy.id),
        ),
      );
      expect(settled.map((result) => result.status)).toEqual(renewals.map(() => "rejected"));
    }
    expect((await connectionOf("x")).id).toBe(originalId);
  }, 30_000);

  it("disconnects on a revoked grant (X: the refresh token refused; LinkedIn: a 401) and fails the publication with the reason", async () => {
    xNetwork.revokeAll();
    await publishNow(items.xRevoked);
    await tick(later(1000));
    const x = await connectionOf("x");
    expect(x).toMatchObject({
      status: "disconnected",
      statusReason: expect.stringContaining("Value passed for the token was invalid"),
    });
    const failed = await getItem(items.xRevoked);
    expect(failed.status).toBe("approved");
    expect(failed.publication).toMatchObject({ status: "failed", error: expect.stringContaining("X token refresh") });

    linkedinNetwork.revokeAll();
    await publishNow(items.liRevoked);
    await tick(later(1000));
    expect(await connectionOf("linkedin")).toMatchObject({
      status: "disconnected",
      statusReason: expect.stringContaining("Invalid access token"),
    });
    expect((await getItem(items.liRevoked)).publication).toMatchObject({ status: "failed" });
  });

  it("never shows a token or client secret in a response, a log line or an export", async () => {
    const exported = await call("GET", "/api/v1/account/export");
    const everything = [...responses, exported.text, ...logged].join("\n");
    const secrets = [
      ...xNetwork.issuedTokens(),
      ...linkedinNetwork.issuedTokens(),
      xClient.clientSecret,
      linkedinClient.clientSecret,
    ];
    expect(secrets.length).toBeGreaterThan(6);
    for (const secret of secrets) expect(everything.includes(secret), secret).toBe(false);
  });
});
