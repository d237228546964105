import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { announceJobChanges, type JobChange, processTag, watchJobs } from "@/lib/jobs/events";

// An embedded database has no LISTEN: a process hears its own changes in memory.
const db = {} as Database;
const change = (jobId: string): JobChange => ({
  jobId,
  accountId: "account",
  projectId: "project",
  kind: "plan",
  status: "running",
  origin: processTag,
});

describe("watchJobs", () => {
  it("wakes a waiter at the matching change, not at others", async () => {
    const watch = watchJobs(db, (seen) => seen.jobId === "mine");
    const woken = watch.next(5_000);
    announceJobChanges([change("other")]);
    announceJobChanges([change("mine")]);
    const startedAt = Date.now();
    expect(await woken).toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    watch.close();
  });

  it("keeps a change that came between two waits, so none is missed", async () => {
    const watch = watchJobs(db, () => true);
    announceJobChanges([change("early")]);
    expect(await watch.next(5_000)).toBe(true);
    watch.close();
  });

  it("answers false after the safety re-check when nothing changed", async () => {
    const watch = watchJobs(db, () => true);
    expect(await watch.next(20)).toBe(false);
    watch.close();
  });

  it("hears nothing once closed (a closed waiter is let go at once)", async () => {
    const watch = watchJobs(db, () => true);
    const waiting = watch.next(5_000);
    watch.close();
    expect(await waiting).toBe(true);
    announceJobChanges([change("late")]);
    expect(await watch.next(20)).toBe(false);
  });
});
