import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyRunUsage, jobs } from "@/lib/db/schema";
import { runDueJobs } from "@/lib/jobs/run";
import "@/lib/services/job-handlers";
import { appWithLaunchedProject } from "../support/pipeline";
import type { TestApp } from "../support/test-app";

// Planning a week is a recorded job: two "Plan my week" at once make one plan (one planner
// call, one run counted) and both answer with it; the event stream lists the job.

let app: TestApp;
let key: string;
let projectId: string;

beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  await app.request("POST", `/api/v1/projects/${projectId}/growth/start`, { key });
}, 240_000);
afterAll(() => app?.close());

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

  it("settles a plan whose request died (its lease ran out): the ticker marks it failed", async () => {
    const [row] = await app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.projectId, projectId), eq(jobs.kind, "plan")));
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
      })
      .returning();
    await runDueJobs(app.db);
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
    await app.db.update(jobs).set({ status: "succeeded", settledAt: new Date() }).where(eq(jobs.id, running!.id));
    await readFor(3000);
    expect(text).toContain('"status":"succeeded"');
    expect(text).toContain("event: end");
    await reader.cancel().catch(() => undefined);
  });
});
