import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { dailyRunUsage, jobs } from "@/lib/db/schema";
import { runDueJobs } from "@/lib/jobs/run";
import { settleJob } from "@/lib/jobs/store";
import "@/lib/services/job-handlers";
import { startFakeOpenAI } from "../support/fake-openai";
import { appWithLaunchedProject } from "../support/pipeline";
import type { TestApp } from "../support/test-app";

// Planning a week and drafting an item are recorded jobs: two requests at once make one
// plan or one draft (one model call, one run counted) and both answer with it; the event
// stream lists the job with its progress; a request that died is settled and gives back its run.

let app: TestApp;
let key: string;
let projectId: string;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  await app.request("POST", `/api/v1/projects/${projectId}/growth/start`, { key });
}, 240_000);
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

const usedRuns = async () =>
  (await app.db.select().from(dailyRunUsage).where(eq(dailyRunUsage.projectId, projectId))).reduce(
    (sum, row) => sum + row.count,
    0,
  );

describe("planning a week as a job", () => {
  it("joins a second request to the running plan: one cycle, one run counted, both answers the same", async () => {
    const runsBefore = await usedRuns();
    const [first, second] = await Promise.all([
      app.request("POST", `/api/v1/projects/${projectId}/growth/cycles`, { key }),
      app.request("POST", `/api/v1/projects/${projectId}/growth/cycles`, { key }),
    ]);
    expect([first.status, second.status], `${first.text} ${second.text}`).toEqual([200, 200]);
    expect(second.json.cycle.id).toBe(first.json.cycle.id);
    expect(await usedRuns()).toBe(runsBefore + 1);
    const planJobs = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.projectId, projectId), eq(jobs.kind, "plan")));
    expect(planJobs).toHaveLength(1);
    expect(planJobs[0]).toMatchObject({ status: "succeeded", payload: { cycleId: first.json.cycle.id } });
    const events = await app.request("GET", `/api/v1/projects/${projectId}/events`, { key });
    expect(events.text).toContain('"kind":"plan"');
    // A third, now that a cycle is open: the rule answers as before.
    expect((await app.request("POST", `/api/v1/projects/${projectId}/growth/cycles`, { key })).json.code).toBe("cycle_open");
  });

  it("settles a plan whose request died (its lease ran out): the ticker marks it failed and gives its counted run back", async () => {
    const [row] = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.projectId, projectId), eq(jobs.kind, "plan")));
    const runsBefore = await usedRuns();
    // What the dead request had done: counted a run for week 99, which it never saved.
    const countedDay = new Date().toISOString().slice(0, 10);
    await app.db
      .insert(dailyRunUsage)
      .values({ accountId: row!.accountId, projectId, day: countedDay, count: 1 })
      .onConflictDoUpdate({
        target: [dailyRunUsage.accountId, dailyRunUsage.projectId, dailyRunUsage.day],
        set: { count: sql`${dailyRunUsage.count} + 1` },
      });
    expect(await usedRuns()).toBe(runsBefore + 1);
    const [stale] = await app.db
      .insert(jobs)
      .values({
        accountId: row!.accountId,
        projectId,
        kind: "plan",
        subjectId: projectId,
        dedupeKey: row!.dedupeKey,
        status: "running",
        runAt: new Date(),
        attempts: 1,
        maxAttempts: 1,
        claimedBy: "dead-worker",
        claimedUntil: new Date(Date.now() - 1000),
        payload: { countedDay, weekNumber: 99, progress: { step: 1, steps: 3, message: "Planning week 99" } },
      })
      .returning();
    await runDueJobs(app.db);
    const [settled] = await app.db.select().from(jobs).where(eq(jobs.id, stale!.id));
    expect(settled).toMatchObject({ status: "failed", lastError: expect.stringMatching(/stopped/) });
    expect(await usedRuns()).toBe(runsBefore);
  });
});

describe("drafting an item as a job", () => {
  it("joins a second request for the same item: one model call, one draft, both answers the same; the events show the job", async () => {
    const cycle = (await app.request("GET", `/api/v1/projects/${projectId}/growth/cycles`, { key })).json.cycles[0];
    const approved = await app.request("POST", `/api/v1/growth/cycles/${cycle.id}/approve`, { key });
    expect(approved.status, approved.text).toBe(200);
    const item = approved.json.cycle.items[0];
    process.env.OPENAI_API_KEY = "sk-test";
    process.env.OPENAI_BASE_URL = fake.baseUrl;
    process.env.AI_MODEL = "fake-model";
    reloadConfig();
    try {
      // The model takes a second: long enough for the second request to find the first one's job.
      fake.answer({
        kind: "json",
        value: { title: null, body: "One draft, written once.\n\nTry it: https://tidybooks.example", hashtags: [], script: null },
        delayMs: 1000,
      });
      const generate = () => app.request("POST", `/api/v1/growth/items/${item.id}/generate`, { key });
      const [first, second] = await Promise.all([generate(), generate()]);
      expect([first.status, second.status], `${first.text} ${second.text}`).toEqual([200, 200]);
      expect(fake.requests).toHaveLength(1);
      expect(second.json.item.draft).toEqual(first.json.item.draft);
      expect(first.json.item.usage.calls).toBe(1);
      expect(first.json.item.previousDrafts).toEqual([]);
    } finally {
      for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_MODEL"]) delete process.env[name];
      reloadConfig();
    }
    const draftJobs = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.projectId, projectId), eq(jobs.kind, "draft")));
    expect(draftJobs).toHaveLength(1);
    expect(draftJobs[0]).toMatchObject({ subjectId: item.id, status: "succeeded", payload: { itemId: item.id } });
    const events = await app.request("GET", `/api/v1/projects/${projectId}/events`, { key });
    const state = JSON.parse(/event: state\ndata: (.*)\n/.exec(events.text)![1]!);
    expect(state.jobs.find((job: { kind: string }) => job.kind === "draft")).toMatchObject({
      subjectId: item.id,
      status: "succeeded",
      progress: { step: 1, steps: 1, message: "Draft ready" },
    });
    // Once settled, the next request is a rewrite of its own.
    const again = await app.request("POST", `/api/v1/growth/items/${item.id}/generate`, { key, body: { feedback: "shorter" } });
    expect(again.status, again.text).toBe(200);
    expect(again.json.item.previousDrafts).toHaveLength(1);
  });

  it("settles a draft whose request died (its lease ran out), and the item can be drafted again", async () => {
    const cycle = (await app.request("GET", `/api/v1/projects/${projectId}/growth/cycles`, { key })).json.cycles[0];
    const item = cycle.items[1];
    const [owner] = await app.db.select().from(jobs).where(eq(jobs.projectId, projectId)).limit(1);
    const [stale] = await app.db
      .insert(jobs)
      .values({
        accountId: owner!.accountId,
        projectId,
        kind: "draft",
        subjectId: item.id,
        dedupeKey: `draft:${owner!.accountId}:${item.id}`,
        status: "running",
        runAt: new Date(),
        attempts: 1,
        maxAttempts: 1,
        claimedBy: "dead-worker",
        claimedUntil: new Date(Date.now() - 1000),
      })
      .returning();
    // The next request for the item finds the dead one, settles it, and writes the draft itself.
    const drafted = await app.request("POST", `/api/v1/growth/items/${item.id}/generate`, { key });
    expect(drafted.status, drafted.text).toBe(200);
    expect(drafted.json.item.status).toBe("draft");
    const [settled] = await app.db.select().from(jobs).where(eq(jobs.id, stale!.id));
    expect(settled).toMatchObject({ status: "failed", lastError: expect.stringMatching(/stopped/) });
  });
});

describe("the event stream and jobs", () => {
  it("stays open while a job runs and ends once it settles", async () => {
    const { dispatch } = await import("../support/dispatch");
    const [row] = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.projectId, projectId), eq(jobs.kind, "plan")));
    const [running] = await app.db
      .insert(jobs)
      .values({
        accountId: row!.accountId,
        projectId,
        kind: "publish",
        subjectId: projectId,
        dedupeKey: `publish:stream-test`,
        status: "running",
        runAt: new Date(),
        attempts: 1,
        claimedBy: "test",
        claimedUntil: new Date(Date.now() + 60_000),
      })
      .returning();
    const response = await dispatch(
      new Request(`http://launchloop.test/api/v1/projects/${projectId}/events`, { headers: { authorization: `Bearer ${key}` } }),
    );
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readFor = async (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const next = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), until - Date.now())),
        ]);
        if (!next || next.done) return next?.done ?? false;
        text += decoder.decode(next.value);
      }
      return false;
    };
    expect(await readFor(2500)).toBe(false);
    expect(text).toContain("event: state");
    expect(text).toContain('"status":"running"');
    expect(text).not.toContain("event: end");
    // Settled through the store, which tells the stream (it does not poll): the next `state` follows at once.
    await settleJob(app.db, running!, { status: "succeeded" }, new Date());
    await readFor(1000);
    expect(text).toContain('"status":"succeeded"');
    expect(text).toContain("event: end");
    await reader.cancel().catch(() => undefined);
  });
});
