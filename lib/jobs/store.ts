import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { jobs } from "@/lib/db/schema";
import type { JobKind } from "@/lib/schemas/publishing";

export type JobRecord = typeof jobs.$inferSelect;

export interface NewJob {
  accountId: string;
  projectId: string;
  kind: JobKind;
  subjectId: string;
  /** At most one queued or running job per key: a second enqueue joins the first. */
  dedupeKey: string;
  runAt: Date;
  maxAttempts?: number;
  payload?: Record<string, unknown>;
}

/**
 * Records a job, or finds the queued or running one with the same key (the partial unique
 * index decides under concurrency). A queued job that was due later is moved to `runAt`.
 */
export async function enqueueJob(db: Database, job: NewJob): Promise<JobRecord> {
  const [created] = await db
    .insert(jobs)
    .values({ ...job, maxAttempts: job.maxAttempts ?? 5, payload: job.payload ?? {} })
    .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('queued', 'running')` })
    .returning();
  if (created) return created;
  const [moved] = await db
    .update(jobs)
    .set({ runAt: job.runAt, updatedAt: new Date() })
    .where(and(eq(jobs.dedupeKey, job.dedupeKey), eq(jobs.status, "queued")))
    .returning();
  if (moved) return moved;
  const [active] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, job.dedupeKey), sql`${jobs.status} in ('queued', 'running')`));
  // Settled between the two statements: record a fresh one.
  return active ?? enqueueJob(db, job);
}

/** Cancels the queued job of a key (a running one finishes; its handler re-reads what it works on). */
export async function cancelQueuedJob(db: Database, dedupeKey: string, now: Date) {
  await db
    .update(jobs)
    .set({ status: "cancelled", settledAt: now, updatedAt: now })
    .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, "queued")));
}

/**
 * Claims up to `limit` due jobs for `worker` in one statement: queued ones whose time has
 * come, and running ones whose lease ran out (their worker died). `SKIP LOCKED` lets
 * several workers claim side by side without waiting on, or taking, each other's rows.
 */
export async function claimDueJobs(
  db: Database,
  options: { now: Date; worker: string; limit: number; leaseMs: number; ids?: string[] },
): Promise<JobRecord[]> {
  const { now, worker, limit, leaseMs } = options;
  const until = new Date(now.getTime() + leaseMs);
  const only = options.ids?.length ? sql`and id = any(${sql.param(options.ids)}::uuid[])` : sql``;
  const result = await db.execute<{ id: string }>(sql`
    update ${jobs} set status = 'running', claimed_by = ${worker}, claimed_until = ${until.toISOString()}::timestamptz,
      attempts = attempts + 1, updated_at = ${now.toISOString()}::timestamptz
    where id in (
      select id from ${jobs}
      where ((status = 'queued' and run_at <= ${now.toISOString()}::timestamptz)
          or (status = 'running' and claimed_until < ${now.toISOString()}::timestamptz)) ${only}
      order by run_at
      limit ${limit}
      for update skip locked)
    returning id`);
  const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(jobs)
    .where(sql`${jobs.id} = any(${sql.param(ids)}::uuid[]) and ${jobs.claimedBy} = ${worker}`);
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

/** Settles a job this worker holds; a worker whose lease was taken over changes nothing. */
export async function settleJob(
  db: Database,
  job: JobRecord,
  outcome: { status: "succeeded" | "failed"; error?: string },
  now: Date,
) {
  const [settled] = await db
    .update(jobs)
    .set({ status: outcome.status, lastError: outcome.error ?? null, settledAt: now, updatedAt: now, claimedUntil: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.claimedBy, job.claimedBy!)))
    .returning();
  return settled;
}

/** Puts a job this worker holds back in the queue for `runAt` (a retry). */
export async function requeueJob(db: Database, job: JobRecord, runAt: Date, error: string, now: Date) {
  const [queued] = await db
    .update(jobs)
    .set({ status: "queued", runAt, lastError: error, claimedBy: null, claimedUntil: null, updatedAt: now })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.claimedBy, job.claimedBy!)))
    .returning();
  return queued;
}

/** When the next queued job is due (for an engine that sleeps until then). */
export async function nextDueAt(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${jobs.runAt})` })
    .from(jobs)
    .where(eq(jobs.status, "queued"));
  return row?.at ? new Date(row.at) : null;
}
