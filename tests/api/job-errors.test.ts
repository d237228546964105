import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jobs } from "@/lib/db/schema";
import { registerJobHandler, runDueJobs } from "@/lib/jobs/run";
import { enqueueJob } from "@/lib/jobs/store";
import { accountOnPlan, addProjects } from "../support/accounts";
import { captureConsole } from "../support/console-capture";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let logged: string[];
beforeAll(async () => {
  app = await createTestApp();
  logged = captureConsole();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await app.close();
});

describe("a job that meets an unexpected database error", () => {
  it("keeps neither the statement's parameters on the job nor in the log", async () => {
    const secret = "sealed-secret-7f3a";
    const reasons: string[] = [];
    registerJobHandler("metrics", {
      // A real failing statement: Drizzle's error message quotes the query and its parameters.
      run: async (_job, { db }) => void (await db.execute(sql`select ${secret}::int`)),
      giveUp: async (_job, reason) => void reasons.push(reason),
    });
    const account = await accountOnPlan(app.db, "pro");
    const [projectId] = await addProjects(app.db, account, 1);
    const job = await enqueueJob(app.db, {
      accountId: account.id,
      projectId: projectId!,
      kind: "metrics",
      subjectId: projectId!,
      dedupeKey: `metrics:${projectId}`,
      runAt: new Date(),
      maxAttempts: 1,
    });

    expect(await runDueJobs(app.db, { ids: [job.id] })).toMatchObject({ failed: 1 });
    const [settled] = await app.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(settled).toMatchObject({ status: "failed", lastError: "An unexpected error stopped this attempt." });
    expect(reasons).toEqual(["An unexpected error stopped this attempt."]);
    const log = logged.join("\n");
    expect(log).toContain(`[jobs] metrics ${job.id} attempt 1 failed`);
    expect(log).not.toContain(secret);
  });
});
