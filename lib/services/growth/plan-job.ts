import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { jobs } from "@/lib/db/schema";
import { AppError, type ErrorCode } from "@/lib/errors";
import { GiveUp } from "@/lib/jobs/outcome";
import type { JobHandler } from "@/lib/jobs/run";
import { workerId } from "@/lib/jobs/run";
import { getOwnedProject } from "../project-records";
import { cycleWithContents, getOwnedCycle } from "./load";

/** How long a planning request may hold its job before another may take over: the model's longest call and some. */
const planLeaseMs = 6 * 60_000;
const joinPollMs = 400;
const joinLimitMs = 290_000;

type Planned = Awaited<ReturnType<typeof cycleWithContents>>;

/**
 * Plans a week as a recorded job, so the work is visible (the project's event stream lists
 * it) and one at a time: a second "Plan my week" of the same project while one runs joins
 * it and answers with the same cycle, instead of calling the planner again. The request
 * that records the job does the work itself, keeping the synchronous answer.
 */
export async function planAsJob(
  ctx: ServiceContext,
  { projectId, work }: { projectId: string; work: () => Promise<Planned> },
): Promise<Planned> {
  const { db, account } = ctx;
  await getOwnedProject(db, { accountId: account.id, projectId });
  const dedupeKey = `plan:${account.id}:${projectId}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    const [mine] = await db
      .insert(jobs)
      .values({
        accountId: account.id,
        projectId,
        kind: "plan",
        subjectId: projectId,
        dedupeKey,
        status: "running",
        runAt: now,
        attempts: 1,
        maxAttempts: 1,
        claimedBy: workerId,
        claimedUntil: new Date(now.getTime() + planLeaseMs),
      })
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('queued', 'running')` })
      .returning();
    if (mine) return runPlanJob(ctx, mine.id, work);
    const [running] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.accountId, account.id), sql`${jobs.status} in ('queued', 'running')`));
    if (!running) continue;
    if (running.claimedUntil && running.claimedUntil.getTime() < now.getTime()) {
      // Its request died: settle it, then plan here.
      await db
        .update(jobs)
        .set({ status: "failed", lastError: "The server stopped while planning.", settledAt: now, updatedAt: now })
        .where(and(eq(jobs.id, running.id), eq(jobs.status, "running")));
      continue;
    }
    return joinPlanJob(ctx, running.id);
  }
  throw new AppError("cycle_open", "Another plan of this project was just started; read the project's cycles.");
}

async function runPlanJob(ctx: ServiceContext, jobId: string, work: () => Promise<Planned>): Promise<Planned> {
  const settle = (status: "succeeded" | "failed", payload: Record<string, unknown>, error?: string) =>
    ctx.db
      .update(jobs)
      .set({ status, payload, lastError: error ?? null, settledAt: new Date(), updatedAt: new Date(), claimedUntil: null })
      .where(and(eq(jobs.id, jobId), eq(jobs.accountId, ctx.account.id)));
  try {
    const planned = await work();
    await settle("succeeded", { cycleId: planned.cycle.id });
    return planned;
  } catch (error) {
    const code: ErrorCode = error instanceof AppError ? error.code : "internal_error";
    const message = error instanceof AppError ? error.message : "Planning failed.";
    await settle("failed", { code, message }, message).catch(() => undefined);
    throw error;
  }
}

/** Waits for the running plan and answers as it did: its cycle, or its error. */
async function joinPlanJob(ctx: ServiceContext, jobId: string): Promise<Planned> {
  const deadline = Date.now() + joinLimitMs;
  ctx.progress?.(0, 1, "Planning is already under way (another tab or client): waiting for it");
  while (Date.now() < deadline) {
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, jobId), eq(jobs.accountId, ctx.account.id)));
    if (job?.status === "succeeded") {
      const { cycle } = await getOwnedCycle(ctx.db, { accountId: ctx.account.id, cycleId: String(job.payload.cycleId) });
      return cycleWithContents(ctx.db, cycle);
    }
    if (!job || job.status === "failed" || job.status === "cancelled") {
      const payload = (job?.payload ?? {}) as { code?: ErrorCode; message?: string };
      throw new AppError(
        payload.code ?? "internal_error",
        payload.message ?? "The plan this request joined did not finish; plan again.",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, joinPollMs));
  }
  throw new AppError(
    "cycle_open",
    "A plan of this project is still being written; it will show in the project's cycles when done.",
  );
}

/** A plan job found by the ticker is one whose request died (its lease ran out): it is settled as failed. */
export const planJobHandler: JobHandler = {
  run: async () => {
    throw new GiveUp("The server stopped while planning; plan the week again.");
  },
  giveUp: async () => {},
};
