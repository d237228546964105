import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as redirect } from "@/app/r/[code]/route";
import type { ServiceContext } from "@/lib/core/context";
import { accounts, connections, growthItems, jobs } from "@/lib/db/schema";
import { runDueJobs } from "@/lib/jobs/run";
import { flushClicks } from "@/lib/links/click-recorder";
import { openSecrets } from "@/lib/networks/secrets";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import { markDisconnected, saveSecrets } from "@/lib/services/connections";
import "@/lib/services/job-handlers";
import { authenticatedCall } from "../support/calls";
import { captureConsole } from "../support/console-capture";
import { codeOf as codeOfCall } from "../support/errors";
import { type FakeBluesky, startFakeBluesky } from "../support/fake-bluesky";
import { type FakeMastodon, startFakeMastodon } from "../support/fake-mastodon";
import { appWithLaunchedProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import type { TestApp } from "../support/test-app";

// Publishing end to end against fake Bluesky (XRPC) and Mastodon servers started here; the
// job engine's clock is the test's: `tick(at)` runs what is due at `at`.

let app: TestApp;
let key: string;
let projectId: string;
let owner: ServiceContext;
let pds: FakeBluesky;
let instance: FakeMastodon;
const responses: string[] = [];
let logged: string[] = [];

const call = authenticatedCall(
  () => ({ app, key }),
  (response) => responses.push(response.text),
);
const tick = (at: Date) => runDueJobs(app.db, { now: () => at });
const minutes = (count: number) => count * 60_000;
const later = (ms: number) => new Date(Date.now() + ms);

/**
 * The tracked link in a text that went out, followed as a reader's browser would: where it
 * leads, and the link as the project lists it.
 */
async function followTrackedLink(text: string) {
  const found = /http:\/\/launchloop\.test\/r\/([0-9A-Za-z]{8})/.exec(text);
  expect(found, `a tracked link in: ${text}`).not.toBeNull();
  const [shortUrl, code] = found as unknown as [string, string];
  const reader = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
  const answer = await redirect(new Request(shortUrl, { headers: { "user-agent": reader } }), {
    params: Promise.resolve({ code }),
  });
  await flushClicks(app.db);
  expect(answer.status).toBe(302);
  const links = (await call("GET", `/api/v1/projects/${projectId}/links`)).json.links as {
    shortUrl: string;
    growthItemId: string | null;
    clicks: number;
  }[];
  return { location: new URL(answer.headers.get("location")!), link: links.find((entry) => entry.shortUrl === shortUrl) };
}

const codeOf = (work: Promise<unknown>) => codeOfCall(work, (answer) => responses.push(JSON.stringify(answer)));

type Item = {
  id: string;
  channel: string;
  status: string;
  publication: null | Record<string, string>;
  metrics: null | Record<string, number | string | null>;
};

async function getItem(itemId: string): Promise<Item> {
  const cycles = (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles;
  return cycles.flatMap((cycle: { items: Item[] }) => cycle.items).find((item: Item) => item.id === itemId);
}

/** Items of an approved week: two Bluesky and two Mastodon posts, drafted and approved. */
let items: Record<
  "blueskyOne" | "blueskyThread" | "blueskyTwo" | "blueskyAfterPlan" | "mastodonOne" | "mastodonTwo" | "mastodonThree",
  string
>;

beforeAll(async () => {
  pds = await startFakeBluesky();
  instance = await startFakeMastodon();
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  process.env.OUTBOUND_ALLOW_HTTP = "1";
  const { reloadConfig } = await import("@/lib/config");
  reloadConfig();
  logged = captureConsole();

  const [account] = await app.db.select().from(accounts).limit(1);
  owner = await app.sessionContext(account!.email);

  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const planned = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycle;
  const post = (slug: string, day: string) => ({
    slug,
    title: `Post ${slug}`,
    angle: "Why we built it",
    keyMessage: "Tidybooks reconciles your books overnight",
    suggestedDay: day,
  });
  const plan = {
    ...planned.plan,
    contentPlan: [
      {
        channel: "bluesky",
        count: 4,
        items: [post("bsky-one", "Wed"), post("bsky-thread", "Thu"), post("bsky-two", "Fri"), post("bsky-after-plan", "Sat")],
      },
      { channel: "mastodon", count: 3, items: [post("masto-one", "Wed"), post("masto-two", "Thu"), post("masto-three", "Fri")] },
    ],
  };
  const approved = (await call("POST", `/api/v1/growth/cycles/${planned.id}/approve`, { plan })).json.cycle;
  const bySlug = (slug: string) => approved.items.find((item: Item & { slug: string }) => item.slug === slug).id as string;
  items = {
    blueskyOne: bySlug("bsky-one"),
    blueskyThread: bySlug("bsky-thread"),
    blueskyTwo: bySlug("bsky-two"),
    blueskyAfterPlan: bySlug("bsky-after-plan"),
    mastodonOne: bySlug("masto-one"),
    mastodonTwo: bySlug("masto-two"),
    mastodonThree: bySlug("masto-three"),
  };
  for (const id of Object.values(items)) expect((await call("POST", `/api/v1/growth/items/${id}/generate`)).status).toBe(200);
  // A three-part thread, as the founder writes it (the offline writer's drafts are single posts).
  const edited = await call("PATCH", `/api/v1/growth/items/${items.blueskyThread}/draft`, {
    parts: [
      "Why we built Tidybooks, a thread 🧵 (1/3)",
      "Freelancers lose a weekend a quarter to bookkeeping. #freelance (2/3)",
      "So we made the books reconcile overnight: https://tidybooks.example/how-it-works (3/3)",
    ],
  });
  expect(edited.status, edited.text).toBe(200);
}, 240_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await pds?.close();
  await instance?.close();
  await app?.close();
});

describe("connections", () => {
  it("connect Bluesky with an app password (a wrong one is refused) and Mastodon through its OAuth page", async () => {
    pds.addAccount("founder.bsky.test", "app-pass-1234");
    const wrong = await codeOf(
      executeOperation(
        operations.connectBluesky,
        { body: { projectId, handle: "founder.bsky.test", appPassword: "nope-nope", serviceUrl: pds.url } },
        owner,
      ),
    );
    expect(wrong).toBe("connection_refused");
    const connected = await executeOperation(
      operations.connectBluesky,
      { body: { projectId, handle: "@founder.bsky.test", appPassword: "app-pass-1234", serviceUrl: pds.url } },
      owner,
    );
    expect(connected.connection).toMatchObject({ network: "bluesky", status: "connected", handle: "founder.bsky.test" });
    responses.push(JSON.stringify(connected));

    const started = await executeOperation(
      operations.startMastodonConnection,
      { body: { projectId, instanceUrl: instance.url } },
      owner,
    );
    expect(started.connection.status).toBe("pending");
    const { code, state } = instance.approve(started.authorizeUrl);
    expect(
      await codeOf(executeOperation(operations.finishMastodonConnection, { body: { state: "x".repeat(20), code } }, owner)),
    ).toBe("invalid_request");
    const finished = await executeOperation(operations.finishMastodonConnection, { body: { state, code } }, owner);
    expect(finished.connection).toMatchObject({
      network: "mastodon",
      status: "connected",
      handle: `@founder@${new URL(instance.url).host}`,
    });
    // The state works once.
    expect(await codeOf(executeOperation(operations.finishMastodonConnection, { body: { state, code } }, owner))).toBe(
      "invalid_request",
    );

    const listed = (await call("GET", `/api/v1/projects/${projectId}/connections`)).json.connections;
    expect(listed.map((connection: { network: string }) => connection.network)).toEqual(["bluesky", "mastodon"]);
    const [stored] = await app.db.select().from(connections).where(eq(connections.network, "bluesky"));
    expect(stored!.sealedSecrets).not.toContain("app-pass-1234");
  });

  it("keep one row per network account: Bluesky connected twice at once, Mastodon connected again in two tabs at once", async () => {
    const projectConnections = () =>
      app.db.select().from(connections).where(eq(connections.projectId, projectId)).orderBy(connections.network);
    const before = await projectConnections();
    const idOf = (network: string) => before.find((connection) => connection.network === network)!.id;

    const connectBluesky = () =>
      executeOperation(
        operations.connectBluesky,
        { body: { projectId, handle: "founder.bsky.test", appPassword: "app-pass-1234", serviceUrl: pds.url } },
        owner,
      );
    const bluesky = await Promise.all([connectBluesky(), connectBluesky()]);
    expect(bluesky.map((answer) => answer.connection.id)).toEqual([idOf("bluesky"), idOf("bluesky")]);

    const tabs = await Promise.all(
      [1, 2].map(() =>
        executeOperation(operations.startMastodonConnection, { body: { projectId, instanceUrl: instance.url } }, owner),
      ),
    );
    const mastodon = await Promise.all(
      tabs.map((started) =>
        executeOperation(operations.finishMastodonConnection, { body: instance.approve(started.authorizeUrl) }, owner),
      ),
    );
    expect(mastodon.map((answer) => answer.connection.id)).toEqual([idOf("mastodon"), idOf("mastodon")]);
    expect((await projectConnections()).map(({ id, status }) => ({ id, status }))).toEqual(
      before.map(({ id }) => ({ id, status: "connected" })),
    );
  });

  it("leave a connection made again while a job ran as it was made: the job's refusal or refreshed session does not touch it", async () => {
    const row = async () => (await app.db.select().from(connections).where(eq(connections.network, "bluesky")))[0]!;
    const loadedByJob = await row();
    await executeOperation(
      operations.connectBluesky,
      { body: { projectId, handle: "founder.bsky.test", appPassword: "app-pass-1234", serviceUrl: pds.url } },
      owner,
    );
    const reconnected = await row();
    expect(reconnected.generation).toBe(loadedByJob.generation + 1);
    // What the job would do with the old credentials: a 401 disconnects, a refreshed session is written back.
    await markDisconnected(app.db, { connection: loadedByJob, reason: "Token revoked", now: new Date() });
    await saveSecrets(app.db, { connection: loadedByJob, secrets: openSecrets(loadedByJob.sealedSecrets), now: new Date() });
    expect(await row()).toMatchObject({ status: "connected", sealedSecrets: reconnected.sealedSecrets });
    // Against the connection it loaded, the job's news still counts.
    await markDisconnected(app.db, { connection: reconnected, reason: "Token revoked", now: new Date() });
    expect((await row()).status).toBe("disconnected");
    await executeOperation(
      operations.connectBluesky,
      { body: { projectId, handle: "founder.bsky.test", appPassword: "app-pass-1234", serviceUrl: pds.url } },
      owner,
    );
    expect((await row()).status).toBe("connected");
  });

  it("keep one row for a Bluesky account connected through its entryway and through its own PDS", async () => {
    const projectBluesky = and(eq(connections.projectId, projectId), eq(connections.network, "bluesky"));
    const [stored] = await app.db.select().from(connections).where(projectBluesky);
    const entryway = await startFakeBluesky();
    try {
      entryway.addAccount("founder.bsky.test", "app-pass-1234", stored!.externalAccountId!);
      const connectThrough = async (serviceUrl: string) =>
        (
          await executeOperation(
            operations.connectBluesky,
            { body: { projectId, handle: "founder.bsky.test", appPassword: "app-pass-1234", serviceUrl } },
            owner,
          )
        ).connection;
      expect(await connectThrough(entryway.url)).toMatchObject({ id: stored!.id, serviceUrl: entryway.url });
      expect(await connectThrough(pds.url)).toMatchObject({ id: stored!.id, serviceUrl: pds.url });
      expect(await app.db.select({ id: connections.id }).from(connections).where(projectBluesky)).toEqual([{ id: stored!.id }]);
    } finally {
      await entryway.close();
    }
  });

  it("refuse private addresses for a PDS unless OUTBOUND_ALLOW_HTTP is set", async () => {
    process.env.OUTBOUND_ALLOW_HTTP = "";
    (await import("@/lib/config")).reloadConfig();
    try {
      const code = await codeOf(
        executeOperation(
          operations.connectBluesky,
          { body: { projectId, handle: "founder.bsky.test", appPassword: "app-pass-1234", serviceUrl: pds.url } },
          owner,
        ),
      );
      expect(code).toBe("invalid_request");
    } finally {
      process.env.OUTBOUND_ALLOW_HTTP = "1";
      (await import("@/lib/config")).reloadConfig();
    }
  });
});

describe("scheduling and publishing", () => {
  it("gives an approved item its planned day at the channel's hour on the project's only account, and publishes it when due, once", async () => {
    expect((await call("PATCH", `/api/v1/projects/${projectId}/publishing`, { timeZone: "Europe/Berlin" })).json).toEqual({
      timeZone: "Europe/Berlin",
      emailReminders: false,
    });
    expect((await call("PATCH", `/api/v1/projects/${projectId}/publishing`, { timeZone: "Mars/Olympus" })).status).toBe(400);
    const approved = (await call("PATCH", `/api/v1/growth/items/${items.blueskyOne}`, { status: "approved" })).json.item;
    expect(approved.publication).toMatchObject({ status: "scheduled", connectionId: expect.any(String) });
    const scheduledAt = new Date(approved.publication.scheduledAt);
    expect(scheduledAt.getTime()).toBeGreaterThan(Date.now());

    // The founder picks a time: nothing goes out before it.
    const at = later(minutes(30));
    const moved = (await call("PATCH", `/api/v1/growth/items/${items.blueskyOne}`, { scheduledAt: at.toISOString() })).json.item;
    expect(moved.publication.scheduledAt).toBe(at.toISOString());
    await tick(new Date(at.getTime() - 60_000));
    expect(pds.posts()).toHaveLength(0);
    await tick(new Date(at.getTime() + 1000));
    expect(pds.posts()).toHaveLength(1);
    const published = await getItem(items.blueskyOne);
    expect(published.status).toBe("published");
    expect(published.publication).toMatchObject({
      status: "published",
      url: expect.stringMatching(/^https:\/\/bsky\.app\/profile\/founder\.bsky\.test\/post\/[2-7a-z]{13}$/),
      externalId: expect.stringMatching(/^at:\/\//),
    });
    // What went out carries the post's tracked link, and the link leads a reader to the founder's site.
    const sent = pds.posts()[0]!.value;
    const followed = await followTrackedLink(String(sent.text));
    expect(followed.location.origin).toBe("https://tidybooks.example");
    expect(followed.location.searchParams.get("utm_source")).toBe("bluesky");
    expect(followed.location.searchParams.get("ll_click")).toMatch(/^[0-9a-f-]{36}$/);
    expect(followed.link).toMatchObject({ growthItemId: items.blueskyOne, clicks: 1 });
    expect(String(sent.text)).not.toContain("tidybooks.example");
    // Ticking again posts nothing more; the job is settled.
    await tick(new Date(at.getTime() + minutes(5)));
    expect(pds.posts()).toHaveLength(1);
    const publishJobs = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.subjectId, items.blueskyOne), eq(jobs.kind, "publish")));
    expect(publishJobs.map((job) => job.status)).toEqual(["succeeded"]);
    // The project's event stream shows the jobs.
    const events = await app.request("GET", `/api/v1/projects/${projectId}/events`, { key });
    const state = JSON.parse(/event: state\ndata: (.*)\n/.exec(events.text)![1]!);
    expect(state.jobs).toContainEqual(
      expect.objectContaining({ kind: "publish", subjectId: items.blueskyOne, status: "succeeded", attempts: 1 }),
    );
    // Published is final for its time and account.
    expect((await call("PATCH", `/api/v1/growth/items/${items.blueskyOne}`, { scheduledAt: null })).json.code).toBe(
      "not_publishable",
    );
  });

  it("stops what was scheduled once the plan ends: the job gives up with the reason and nothing is posted", async () => {
    const approved = (await call("PATCH", `/api/v1/growth/items/${items.blueskyAfterPlan}`, { status: "approved" })).json.item;
    expect(approved.publication.scheduledAt).toEqual(expect.any(String));
    const posted = pds.posts().length;
    await setPlan(app.db, owner.account.email, "free");
    try {
      await tick(new Date(Date.parse(approved.publication.scheduledAt) + 1000));
      expect(pds.posts()).toHaveLength(posted);
      expect((await getItem(items.blueskyAfterPlan)).publication).toMatchObject({
        status: "failed",
        error: expect.stringContaining("plan no longer includes publishing"),
      });
    } finally {
      await setPlan(app.db, owner.account.email, "pro");
    }
  });

  it("refuses to schedule or publish what is not approved or has no account, and unschedules with null", async () => {
    const draft = await call("POST", `/api/v1/growth/items/${items.blueskyTwo}/publish`);
    expect([draft.status, draft.json.code]).toEqual([409, "not_publishable"]);
    expect(
      (await call("PATCH", `/api/v1/growth/items/${items.blueskyTwo}`, { scheduledAt: later(minutes(5)).toISOString() })).json
        .code,
    ).toBe("not_publishable");
    expect((await call("PATCH", `/api/v1/growth/items/${items.blueskyTwo}`, { scheduledAt: "tomorrow" })).status).toBe(400);
    expect((await call("PATCH", `/api/v1/growth/items/${items.blueskyTwo}`, {})).status).toBe(400);
    const mastodonConnection = (await call("GET", `/api/v1/projects/${projectId}/connections`)).json.connections.find(
      (c: { network: string }) => c.network === "mastodon",
    );
    await call("PATCH", `/api/v1/growth/items/${items.blueskyTwo}`, { status: "approved" });
    expect(
      (await call("PATCH", `/api/v1/growth/items/${items.blueskyTwo}`, { connectionId: mastodonConnection.id })).status,
    ).toBe(400);
    const unscheduled = (await call("PATCH", `/api/v1/growth/items/${items.blueskyTwo}`, { scheduledAt: null })).json.item;
    expect(unscheduled.publication).toBeNull();
    await tick(later(minutes(60 * 24 * 8)));
    expect(pds.posts().length).toBe(1);
  });

  it("publishes a thread as replies, each part once, after 503 twice (Bluesky)", async () => {
    await call("PATCH", `/api/v1/growth/items/${items.blueskyThread}`, { status: "approved" });
    pds.failNext("/xrpc/com.atproto.repo.createRecord", 503, 2);
    const now = (await call("POST", `/api/v1/growth/items/${items.blueskyThread}/publish`)).json.item;
    expect(now.publication.status).toBe("scheduled");
    let at = Date.now() + 1000;
    for (let round = 0; round < 4 && (await getItem(items.blueskyThread)).status !== "published"; round++) {
      await tick(new Date(at));
      at += minutes(10);
    }
    const thread = pds.posts().slice(1);
    expect(thread.map((post) => post.value.text)).toEqual([
      expect.stringContaining("(1/3)"),
      expect.stringContaining("(2/3)"),
      expect.stringContaining("(3/3)"),
    ]);
    expect((thread[1]!.value.reply as { parent: { uri: string } }).parent.uri).toBe(thread[0]!.uri);
    expect(thread[2]!.value.reply as { root: { uri: string }; parent: { uri: string } }).toMatchObject({
      root: { uri: thread[0]!.uri },
      parent: { uri: thread[1]!.uri },
    });
    expect(JSON.stringify(thread[2]!.value.facets)).toContain("app.bsky.richtext.facet#link");
    // The thread's one link to the founder's page went out as its tracked link, in that part only.
    expect(thread.filter((post) => String(post.value.text).includes("/r/")).length).toBe(1);
    const followed = await followTrackedLink(String(thread[2]!.value.text));
    expect(followed.location.origin + followed.location.pathname).toBe("https://tidybooks.example/how-it-works");
    expect(JSON.stringify(thread[2]!.value.facets)).toContain(followed.link!.shortUrl);
    const [connection] = await app.db.select().from(connections).where(eq(connections.network, "bluesky"));
    expect(connection!.status).toBe("connected");
  });

  it("posts once when the network commits the post but the answer is lost (Bluesky: getRecord by the stored key; Mastodon: Idempotency-Key)", async () => {
    await call("PATCH", `/api/v1/growth/items/${items.blueskyTwo}`, { status: "draft" });
    await call("PATCH", `/api/v1/growth/items/${items.blueskyTwo}`, { status: "approved" });
    const before = pds.posts().length;
    pds.dropAnswerNext("/xrpc/com.atproto.repo.createRecord");
    await call("POST", `/api/v1/growth/items/${items.blueskyTwo}/publish`);
    await tick(later(1000));
    expect(pds.posts().length).toBe(before + 1);
    expect((await getItem(items.blueskyTwo)).publication?.status).toBe("publishing");
    await tick(later(minutes(10)));
    expect(pds.posts().length).toBe(before + 1);
    expect((await getItem(items.blueskyTwo)).publication).toMatchObject({
      status: "published",
      externalId: pds.posts().at(-1)!.uri,
    });

    await call("PATCH", `/api/v1/growth/items/${items.mastodonOne}`, { status: "approved" });
    instance.dropAnswerNext("/api/v1/statuses");
    await call("POST", `/api/v1/growth/items/${items.mastodonOne}/publish`);
    await tick(later(1000));
    await tick(later(minutes(10)));
    expect(instance.statuses()).toHaveLength(1);
    const requests = instance.requests.filter((request) => request.path === "/api/v1/statuses");
    expect(requests).toHaveLength(2);
    expect(requests[0]!.headers["idempotency-key"]).toBe(requests[1]!.headers["idempotency-key"]);
    expect((await getItem(items.mastodonOne)).publication).toMatchObject({
      status: "published",
      url: instance.statuses()[0]!.url,
    });
    const followed = await followTrackedLink(instance.statuses()[0]!.status);
    expect(followed.location.origin).toBe("https://tidybooks.example");
    expect(followed.location.searchParams.get("utm_source")).toBe("mastodon");
    expect(followed.link).toMatchObject({ growthItemId: items.mastodonOne, clicks: 1 });
  });

  it("keeps a connection through an expired access token and 5xx, disconnects it on a revoked token, and fails the publication with the reason", async () => {
    // Bluesky: the access token aged out; the session is refreshed, nothing disconnects.
    pds.expireAccessTokens();
    const published = pds.posts()[0]!;
    pds.setCounts(published.uri, { likeCount: 12, repostCount: 3, replyCount: 2, quoteCount: 1 });
    const metrics = (await call("POST", `/api/v1/growth/items/${items.blueskyOne}/metrics`)).json.item.metrics;
    expect(metrics).toMatchObject({ likes: 12, reposts: 3, replies: 2, quotes: 1 });
    const [bluesky] = await app.db.select().from(connections).where(eq(connections.network, "bluesky"));
    expect(bluesky!.status).toBe("connected");

    // Mastodon: a 5xx leaves it connected.
    await call("PATCH", `/api/v1/growth/items/${items.mastodonTwo}`, { status: "approved" });
    instance.failNext("/api/v1/statuses", 502, 1);
    await call("POST", `/api/v1/growth/items/${items.mastodonTwo}/publish`);
    await tick(later(1000));
    let [mastodon] = await app.db.select().from(connections).where(eq(connections.network, "mastodon"));
    expect(mastodon!.status).toBe("connected");
    await tick(later(minutes(10)));
    expect((await getItem(items.mastodonTwo)).publication?.status).toBe("published");

    // The founder revoked the token: the next call disconnects, the publication fails with the reason, the item stays approved.
    instance.revokeAllTokens();
    await call("PATCH", `/api/v1/growth/items/${items.mastodonThree}`, { status: "approved" });
    await call("POST", `/api/v1/growth/items/${items.mastodonThree}/publish`);
    await tick(later(1000));
    [mastodon] = await app.db.select().from(connections).where(eq(connections.network, "mastodon"));
    expect(mastodon).toMatchObject({ status: "disconnected", statusReason: expect.stringContaining("access token is invalid") });
    const failed = await getItem(items.mastodonThree);
    expect(failed.status).toBe("approved");
    expect(failed.publication).toMatchObject({ status: "failed", error: expect.stringContaining("access token is invalid") });
    expect((await call("POST", `/api/v1/growth/items/${items.mastodonThree}/publish`)).json.code).toBe("not_publishable");
  });

  it("pulls the numbers about 1 h after publishing into the items the retro reads", async () => {
    const item = await getItem(items.blueskyTwo);
    expect(item.metrics).toBeNull();
    pds.setCounts(item.publication!.externalId, { likeCount: 40, repostCount: 5, replyCount: 4, quoteCount: 0 });
    const due = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.subjectId, items.blueskyTwo), eq(jobs.kind, "metrics")));
    expect(due.map((job) => [job.dedupeKey.split(":").at(-1), job.status]).sort()).toEqual([
      ["1h", "queued"],
      ["24h", "queued"],
      ["7d", "queued"],
    ]);
    await tick(later(minutes(30)));
    expect((await getItem(items.blueskyTwo)).metrics).toBeNull();
    await tick(later(minutes(75)));
    expect((await getItem(items.blueskyTwo)).metrics).toMatchObject({ likes: 40, reposts: 5, replies: 4, quotes: 0 });
    const cycle = (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles[0];
    expect(cycle.items.find((entry: Item) => entry.id === items.blueskyTwo).metrics.likes).toBe(40);
  });
});

describe("secrets", () => {
  it("never appear in a response, a log line or an export", async () => {
    const exported = await call("GET", "/api/v1/account/export");
    const everything = [...responses, exported.text, ...logged].join("\n");
    const secrets = [...pds.issuedTokens(), ...instance.issuedTokens(), "app-pass-1234"];
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(everything.includes(secret), secret).toBe(false);
  });

  it("forgets a deleted connection and unschedules its items", async () => {
    const listed = (await call("GET", `/api/v1/projects/${projectId}/connections`)).json.connections;
    const mastodon = listed.find((connection: { network: string }) => connection.network === "mastodon");
    expect((await call("DELETE", `/api/v1/connections/${mastodon.id}`)).status).toBe(200);
    expect((await call("DELETE", `/api/v1/connections/${mastodon.id}`)).status).toBe(404);
    expect((await getItem(items.mastodonThree)).publication?.connectionId ?? null).toBeNull();
  });
});

describe("a post waiting to retry", () => {
  it("stays approved until it ends, and fails with the reason (never stays publishing) when its account is removed", async () => {
    const itemId = items.blueskyAfterPlan;
    pds.failNext("/xrpc/com.atproto.repo.createRecord", 503, 1);
    expect((await call("POST", `/api/v1/growth/items/${itemId}/publish`)).status).toBe(202);
    await tick(later(1000));
    expect((await getItem(itemId)).publication?.status).toBe("publishing");

    const moved = await call("PATCH", `/api/v1/growth/items/${itemId}`, { status: "draft" });
    expect([moved.status, moved.json.code]).toEqual([409, "not_publishable"]);
    expect((await getItem(itemId)).status).toBe("approved");
    const [{ cycleId }] = (await app.db
      .select({ cycleId: growthItems.cycleId })
      .from(growthItems)
      .where(eq(growthItems.id, itemId))) as [{ cycleId: string }];
    const retro = await call("POST", `/api/v1/growth/cycles/${cycleId}/retro`, {
      overall: "",
      items: [{ itemId, result: "skipped" }],
    });
    expect([retro.status, retro.json.code]).toEqual([409, "not_publishable"]);
    expect((await getItem(itemId)).status).toBe("approved");

    const listed = (await call("GET", `/api/v1/projects/${projectId}/connections`)).json.connections;
    const bluesky = listed.find((connection: { network: string }) => connection.network === "bluesky");
    expect((await call("DELETE", `/api/v1/connections/${bluesky.id}`)).status).toBe(200);
    expect((await getItem(itemId)).publication).toMatchObject({
      status: "failed",
      error: expect.stringContaining("account was removed"),
    });
    const posted = pds.posts().length;
    await tick(later(minutes(10)));
    expect(pds.posts()).toHaveLength(posted);
    expect((await call("PATCH", `/api/v1/growth/items/${itemId}`, { status: "draft" })).json.item.status).toBe("draft");
  });

  it("closing the week unschedules what Launchloop has not posted: a post skipped in the retro never goes out", async () => {
    const itemId = items.blueskyAfterPlan;
    await executeOperation(
      operations.connectBluesky,
      { body: { projectId, handle: "founder.bsky.test", appPassword: "app-pass-1234", serviceUrl: pds.url } },
      owner,
    );
    const approved = (await call("PATCH", `/api/v1/growth/items/${itemId}`, { status: "approved" })).json.item;
    expect(approved.publication.scheduledAt).toEqual(expect.any(String));
    const [{ cycleId }] = (await app.db
      .select({ cycleId: growthItems.cycleId })
      .from(growthItems)
      .where(eq(growthItems.id, itemId))) as [{ cycleId: string }];
    const retro = await call("POST", `/api/v1/growth/cycles/${cycleId}/retro`, {
      overall: "",
      items: [{ itemId, result: "skipped" }],
    });
    expect(retro.status).toBe(200);
    const skipped = await getItem(itemId);
    expect([skipped.status, skipped.publication?.scheduledAt ?? null]).toEqual(["skipped", null]);
    const posted = pds.posts().length;
    await tick(new Date(Date.parse(approved.publication.scheduledAt) + 1000));
    expect(pds.posts()).toHaveLength(posted);
  });
});

describe("housekeeping", () => {
  it("forgets a Mastodon authorization the founder never finished, after an hour", async () => {
    const started = await executeOperation(
      operations.startMastodonConnection,
      { body: { projectId, instanceUrl: instance.url } },
      owner,
    );
    const { sweepOnce } = await import("@/lib/services/housekeeping");
    await sweepOnce(new Date(Date.now() + 30 * 60_000));
    expect(await app.db.select().from(connections).where(eq(connections.id, started.connection.id))).toHaveLength(1);
    await sweepOnce(new Date(Date.now() + 61 * 60_000));
    expect(await app.db.select().from(connections).where(eq(connections.id, started.connection.id))).toHaveLength(0);
  });
});
