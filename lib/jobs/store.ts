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

/** The transaction-scoped advisory lock claimers take in turn (any constant of our own). */
const claimLock = 7_420_360_036;

/**
 * Claims up to `limit` due jobs for `worker`: queued ones whose time has come, and running
 * ones whose lease ran out (their worker died or stopped extending it). At most
 * `perAccount` jobs of one account run at once, counting the account's running jobs whose
 * lease holds: the claim ranks each account's due jobs (`row_number() over (partition by
 * account_id)`) and takes a job only while rank + running stays within the limit, first
 * ranks first (every account's oldest due job before anyone's second), then by `run_at`.
 *
 * The limit is kept in this statement, not in a worker's memory, so that workers of several
 * processes (or QStash calls) together keep it: claimers take a transaction-scoped advisory
 * lock in turn, so each claim's statement sees the claims committed before it (a claim is one
 * short statement; the work runs after the commit). Within the lock no `SKIP LOCKED` is
 * needed; a row being settled meanwhile is waited for, briefly.
 */
export async function claimDueJobs(
  db: Database,
  options: {
    now: Date;
    worker: string;
    limit: number;
    leaseMs: number;
    perAccount: number;
    ids?: string[];
    /** Jobs this process runs already: never taken over by itself, even when a stalled event loop let their lease lapse. */
    exclude?: string[];
  },
): Promise<JobRecord[]> {
  const { now, worker, limit, leaseMs, perAccount } = options;
  if (limit <= 0) return [];
  const at = sql`${now.toISOString()}::timestamptz`;
  const until = new Date(now.getTime() + leaseMs);
  const only = sql.join(
    [
      options.ids?.length ? sql`and j.id = any(${sql.param(options.ids)}::uuid[])` : sql``,
      options.exclude?.length ? sql`and j.id <> all(${sql.param(options.exclude)}::uuid[])` : sql``,
    ],
    sql` `,
  );
  const ids = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${claimLock})`);
    const result = await tx.execute<{ id: string }>(sql`
      update ${jobs} set status = 'running', claimed_by = ${worker}, claimed_until = ${until.toISOString()}::timestamptz,
        attempts = attempts + 1, updated_at = ${at}
      where id in (
        select id from (
          select j.id, j.run_at,
            row_number() over (partition by j.account_id order by j.run_at, j.id) as rank,
            coalesce(held.busy, 0) as busy
          from ${jobs} j
          left join (
            select account_id, count(*) as busy from ${jobs}
            where status = 'running' and claimed_until >= ${at}
            group by account_id
          ) held on held.account_id = j.account_id
          where ((j.status = 'queued' and j.run_at <= ${at})
              or (j.status = 'running' and j.claimed_until < ${at})) ${only}
        ) due
        where due.rank + due.busy <= ${perAccount}
        order by due.rank, due.run_at
        limit ${limit})
      returning id`);
    return rowsOf<{ id: string }>(result).map((row) => row.id);
  });
  if (ids.length === 0) return [];
  return db
    .select()
    .from(jobs)
    .where(sql`${jobs.id} = any(${sql.param(ids)}::uuid[]) and ${jobs.claimedBy} = ${worker}`);
}

/**
 * This worker's claim, exactly: the worker's id and the attempt it counted (a process that
 * claims a job again after its own lease lapsed holds a new claim, not the old one).
 */
const heldBy = (job: JobRecord) =>
  and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.claimedBy, job.claimedBy!), eq(jobs.attempts, job.attempts));

/** Extends the lease of a job this worker still holds; false when the claim is no longer ours. */
export async function extendLease(db: Database, job: JobRecord, until: Date): Promise<boolean> {
  const [extended] = await db.update(jobs).set({ claimedUntil: until }).where(heldBy(job)).returning({ id: jobs.id });
  return Boolean(extended);
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
    .where(heldBy(job))
    .returning();
  return settled;
}

/** Puts a job this worker holds back in the queue for `runAt` (a retry). */
export async function requeueJob(db: Database, job: JobRecord, runAt: Date, error: string, now: Date) {
  const [queued] = await db
    .update(jobs)
    .set({ status: "queued", runAt, lastError: error, claimedBy: null, claimedUntil: null, updatedAt: now })
    .where(heldBy(job))
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
