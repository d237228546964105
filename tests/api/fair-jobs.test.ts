import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { growthItems, jobs } from "@/lib/db/schema";
import { stopJobTicker } from "@/lib/jobs/engine";
import { runDueJobs } from "@/lib/jobs/run";
import { operations } from "@/lib/operations";
import { executeOperation } from "@/lib/operations/execute";
import { startScheduler } from "@/lib/services/job-handlers";
import { authenticatedCall } from "../support/calls";
import { captureConsole } from "../support/console-capture";
import { type FakeBluesky, startFakeBluesky } from "../support/fake-bluesky";
import { launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

// Fair jobs: a founder whose network hangs delays only that founder, on the embedded engine
// (the ticker's pool, kicked by "Publish now"); a job that outlives its lease runs once.

let app: TestApp;
let slowPds: FakeBluesky;
let fastPds: FakeBluesky;
const settings = { JOBS_POOL_SIZE: "4", JOBS_PER_ACCOUNT: "2", SCHEDULER_TICK_S: "15", OUTBOUND_ALLOW_HTTP: "1" };

interface Founder {
  key: string;
  projectId: string;
  items: string[];
  texts: string[];
  accountId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(what: string, check: () => Promise<boolean> | boolean, withinMs: number) {
  const until = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(50);
  }
}

/** A founder on Pro with a launched project, `count` approved Bluesky posts drafted, and a Bluesky account on `pds`. */
async function founderWithPosts(name: string, pds: FakeBluesky, count: number): Promise<Founder> {
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, "pro");
  const projectId = await launchReadyProject(app, founder.key);
  const call = authenticatedCall({ app, key: founder.key });
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const planned = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycle;
  const slugs = Array.from({ length: count }, (_, index) => `${name}-${index + 1}`);
  const plan = {
    ...planned.plan,
    contentPlan: [
      {
        channel: "bluesky",
        count,
        items: slugs.map((slug) => ({
          slug,
          title: `Post ${slug}`,
          angle: "Why we built it",
          keyMessage: "Tidybooks reconciles your books overnight",
          suggestedDay: "Fri",
        })),
      },
    ],
  };
  const approved = (await call("POST", `/api/v1/growth/cycles/${planned.id}/approve`, { plan })).json.cycle;
  const items: string[] = [];
  const texts: string[] = [];
  for (const item of approved.items as { id: string; slug: string }[]) {
    expect((await call("POST", `/api/v1/growth/items/${item.id}/generate`)).status).toBe(200);
    const text = `${name}: post ${item.slug} of the week (${crypto.randomUUID().slice(0, 8)})`;
    const [row] = await app.db.select().from(growthItems).where(eq(growthItems.id, item.id));
    await app.db
      .update(growthItems)
      .set({ draft: { ...row!.draft!, parts: [text], body: text } })
      .where(eq(growthItems.id, item.id));
    items.push(item.id);
    texts.push(text);
  }
  const handle = `${name}.bsky.test`;
  pds.addAccount(handle, "app-pass-1234");
  const session = await app.sessionContext(founder.email);
  await executeOperation(
    operations.connectBluesky,
    { body: { projectId, handle, appPassword: "app-pass-1234", serviceUrl: pds.url } },
    session,
  );
  for (const itemId of items) {
    const approved = await call("PATCH", `/api/v1/growth/items/${itemId}`, { status: "approved" });
    expect(approved.json.item.publication, approved.text).toMatchObject({ status: "scheduled" });
  }
  return { key: founder.key, projectId, items, texts, accountId: session.account.id };
}

const publishNow = async (founder: Founder, itemId: string) => {
  const answer = await app.request("POST", `/api/v1/growth/items/${itemId}/publish`, { key: founder.key });
  expect(answer.status, answer.text).toBe(202);
};
const itemOf = async (founder: Founder, itemId: string) => {
  const cycles = (await app.request("GET", `/api/v1/projects/${founder.projectId}/growth/cycles`, { key: founder.key })).json
    .cycles as { items: { id: string; status: string; publication: { status: string; url: string | null } | null }[] }[];
  return cycles.flatMap((cycle) => cycle.items).find((item) => item.id === itemId)!;
};
const runningJobsOf = async (founder: Founder) =>
  (
    await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.accountId, founder.accountId), eq(jobs.status, "running")))
  ).length;

let slow: Founder;
let fast: Founder;

beforeAll(async () => {
  slowPds = await startFakeBluesky();
  fastPds = await startFakeBluesky();
  app = await createTestApp(settings);
  captureConsole();
  slow = await founderWithPosts("slow", slowPds, 6);
  fast = await founderWithPosts("fast", fastPds, 4);
}, 300_000);

afterAll(async () => {
  await stopJobTicker();
  await slowPds?.close();
  await fastPds?.close();
  await app?.close();
});

describe("fair jobs", () => {
  it("a founder whose network hangs (each call 20 s) delays only that founder: another's Publish now is posted within seconds", async () => {
    startScheduler();
    // From now on every call to the slow founder's PDS is answered after 20 s (past the 15 s call timeout).
    slowPds.settings.delayMs = 20_000;
    for (const itemId of slow.items) await publishNow(slow, itemId);
    const postsSent = () => slowPds.requests.filter((request) => request.path.endsWith("repo.createRecord")).length;
    await waitFor("the slow founder's posts are on their way", () => postsSent() >= 2, 10_000);
    // Of the slow founder's six, only JOBS_PER_ACCOUNT run; the other slots stay free for everyone else.
    expect(await runningJobsOf(slow)).toBe(2);

    const started = Date.now();
    await publishNow(fast, fast.items[0]!);
    await waitFor(
      "the other founder's post is published",
      async () => (await itemOf(fast, fast.items[0]!)).status === "published",
      5_000,
    );
    const latencyMs = Date.now() - started;
    process.stderr.write(`[fair-jobs] Publish now → published for the other founder: ${latencyMs} ms\n`);
    expect(latencyMs).toBeLessThan(5_000);
    expect(fastPds.posts().filter((post) => post.value.text === fast.texts[0])).toHaveLength(1);
    // The slow founder's calls still hang: none of theirs has gone out, and still only two of theirs run.
    expect(postsSent()).toBe(2);
    expect(await runningJobsOf(slow)).toBeLessThanOrEqual(2);
    // Nothing more is claimed; the hanging calls are cut (the server goes away) and the pool drains.
    const stopped = stopJobTicker();
    await slowPds.close();
    await stopped;
  }, 60_000);

  it("a job that outlives its lease is run by one worker: the other does not claim it while the first extends its lease", async () => {
    Object.assign(process.env, { JOB_LEASE_S: "1" });
    reloadConfig();
    try {
      let release!: () => void;
      fastPds.holdAnswersUntil(
        "/xrpc/com.atproto.repo.createRecord",
        new Promise<void>((resolve) => {
          release = resolve;
        }),
        1,
      );
      await publishNow(fast, fast.items[1]!);
      // Both workers look for this job only (the slow founder's are still queued from above).
      const [queued] = await app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.subjectId, fast.items[1]!), eq(jobs.status, "queued")));
      const ids = [queued!.id];
      const first = runDueJobs(app.db, { worker: "worker-one", ids });
      await waitFor("the post is on its way", () => fastPds.posts().some((post) => post.value.text === fast.texts[1]), 10_000);
      // Three leases long, the post's answer is held; a second worker looks for due work meanwhile.
      await sleep(3_000);
      const second = await runDueJobs(app.db, { worker: "worker-two", ids });
      expect(second.claimed).toBe(0);
      release();
      expect(await first).toMatchObject({ claimed: 1, succeeded: 1, fenced: 0 });
      expect(fastPds.posts().filter((post) => post.value.text === fast.texts[1])).toHaveLength(1);
      expect((await itemOf(fast, fast.items[1]!)).publication?.status).toBe("published");
      const [job] = await app.db.select().from(jobs).where(eq(jobs.id, ids[0]!));
      expect(job).toMatchObject({ status: "succeeded", attempts: 1, claimedBy: "worker-one" });
    } finally {
      delete process.env.JOB_LEASE_S;
      reloadConfig();
    }
  }, 60_000);

  it("a job past its deadline stops before its next post and is retried from what it recorded: each part once", async () => {
    Object.assign(process.env, { JOB_DEADLINE_S: "1" });
    reloadConfig();
    try {
      const itemId = fast.items[3]!;
      const parts = [
        "A thread that runs out of time (1/3)",
        "Its second part goes out on the retry (2/3)",
        "And its third (3/3)",
      ];
      const [row] = await app.db.select().from(growthItems).where(eq(growthItems.id, itemId));
      await app.db
        .update(growthItems)
        .set({ draft: { ...row!.draft!, parts, body: parts.join("\n\n") } })
        .where(eq(growthItems.id, itemId));
      // The first part's answer comes after 1.5 s: past the job's 1 s deadline.
      fastPds.holdAnswerNext("/xrpc/com.atproto.repo.createRecord", 1_500);
      await publishNow(fast, itemId);
      const [queued] = await app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.subjectId, itemId), eq(jobs.status, "queued")));
      const first = await runDueJobs(app.db, { ids: [queued!.id] });
      expect(first).toMatchObject({ claimed: 1, retried: 1, succeeded: 0 });
      const ours = () => fastPds.posts().filter((post) => parts.includes(String(post.value.text)));
      expect(ours().map((post) => post.value.text)).toEqual([parts[0]]);
      const [stopped] = await app.db.select().from(jobs).where(eq(jobs.id, queued!.id));
      expect(stopped).toMatchObject({ status: "queued", lastError: expect.stringContaining("took longer than 1 s") });
      expect((await itemOf(fast, itemId)).publication?.status).toBe("publishing");

      const retried = await runDueJobs(app.db, { ids: [queued!.id], now: () => new Date(Date.now() + 10 * 60_000) });
      expect(retried).toMatchObject({ claimed: 1, succeeded: 1 });
      expect(ours().map((post) => post.value.text)).toEqual(parts);
      expect((await itemOf(fast, itemId)).publication?.status).toBe("published");
    } finally {
      delete process.env.JOB_DEADLINE_S;
      reloadConfig();
    }
  }, 60_000);

  it("a worker whose claim was taken over stops before its next post (the fence), and settles nothing", async () => {
    Object.assign(process.env, { JOB_LEASE_S: "1" });
    reloadConfig();
    try {
      const itemId = fast.items[2]!;
      const parts = ["Part one of a thread that loses its worker (1/2)", "Part two, which that worker must not post (2/2)"];
      const [row] = await app.db.select().from(growthItems).where(eq(growthItems.id, itemId));
      await app.db
        .update(growthItems)
        .set({ draft: { ...row!.draft!, parts, body: parts.join("\n\n") } })
        .where(eq(growthItems.id, itemId));
      let release!: () => void;
      fastPds.holdAnswersUntil(
        "/xrpc/com.atproto.repo.createRecord",
        new Promise<void>((resolve) => {
          release = resolve;
        }),
        1,
      );
      await publishNow(fast, itemId);
      const [queued] = await app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.subjectId, itemId), eq(jobs.status, "queued")));
      const first = runDueJobs(app.db, { worker: "worker-one", ids: [queued!.id] });
      await waitFor("part one is on its way", () => fastPds.posts().some((post) => post.value.text === parts[0]), 10_000);
      // Another worker holds the claim now (as after a lease that lapsed while this one was stalled).
      await app.db
        .update(jobs)
        .set({ claimedBy: "worker-two", claimedUntil: new Date(Date.now() + 60_000) })
        .where(eq(jobs.id, queued!.id));
      await sleep(1_000);
      release();
      expect(await first).toMatchObject({ claimed: 1, fenced: 1, succeeded: 0 });
      expect(fastPds.posts().filter((post) => parts.includes(String(post.value.text)))).toHaveLength(1);
      const [job] = await app.db.select().from(jobs).where(eq(jobs.id, queued!.id));
      expect(job).toMatchObject({ status: "running", claimedBy: "worker-two" });
    } finally {
      delete process.env.JOB_LEASE_S;
      reloadConfig();
    }
  }, 60_000);
});
