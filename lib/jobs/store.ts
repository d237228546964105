import "server-only";
import { and, eq, getTableColumns, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { jobs } from "@/lib/db/schema";
import type { JobKind } from "@/lib/schemas/publishing";
import { announceJobChanges, jobChannel, processTag } from "./events";

/**
 * The one writer of job rows. Every write returns the rows it changed with a `pg_notify` in
 * the same statement (delivered at commit; other processes LISTEN), and tells this process's
 * waiters in memory (lib/jobs/events), so nobody polls for a job's progress or end.
 */
export type JobRecord = typeof jobs.$inferSelect;

const notified = {
  ...getTableColumns(jobs),
  notified: sql<unknown>`pg_notify(${jobChannel}, json_build_object('jobId', ${jobs.id}, 'accountId', ${jobs.accountId},
    'projectId', ${jobs.projectId}, 'kind', ${jobs.kind}, 'status', ${jobs.status}, 'origin', ${processTag}::text)::text)`,
};

/** Tells this process's waiters of the rows a write returned, and hands them back as job records. */
function told(rows: (JobRecord & { notified: unknown })[]): JobRecord[] {
  const records = rows.map(({ notified: _, ...row }) => row);
  announceJobChanges(
    records.map((row) => ({
      jobId: row.id,
      accountId: row.accountId,
      projectId: row.projectId,
      kind: row.kind,
      status: row.status,
      origin: processTag,
    })),
  );
  return records;
}

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
  const [created] = told(
    await db
      .insert(jobs)
      .values({ ...job, maxAttempts: job.maxAttempts ?? 5, payload: job.payload ?? {} })
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('queued', 'running')` })
      .returning(notified),
  );
  if (created) return created;
  const [moved] = told(
    await db
      .update(jobs)
      .set({ runAt: job.runAt, updatedAt: new Date() })
      .where(and(eq(jobs.dedupeKey, job.dedupeKey), eq(jobs.status, "queued")))
      .returning(notified),
  );
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
  told(
    await db
      .update(jobs)
      .set({ status: "cancelled", settledAt: now, updatedAt: now })
      .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, "queued")))
      .returning(notified),
  );
}

/** Cancels the account's queued jobs that work on `subjectIds` (what a removed connection was to publish). */
export async function cancelQueuedJobs(
  db: Database,
  { accountId, subjectIds, now }: { accountId: string; subjectIds: string[]; now: Date },
) {
  if (subjectIds.length === 0) return;
  told(
    await db
      .update(jobs)
      .set({ status: "cancelled", settledAt: now, updatedAt: now })
      .where(
        and(
          eq(jobs.accountId, accountId),
          eq(jobs.status, "queued"),
          sql`${jobs.subjectId} = any(${sql.param(subjectIds)}::uuid[])`,
        ),
      )
      .returning(notified),
  );
}

/**
 * Records work a request (or an agent run) does itself as a job already claimed by `worker`,
 * with the pool's lease: one attempt, never retried by the pool (the ticker only settles it
 * once its lease lapses). Null when a job of the same key is queued or running (join it).
 */
export async function recordClaimedJob(
  db: Database,
  job: Omit<NewJob, "runAt" | "maxAttempts"> & { now: Date; worker: string; leaseMs: number },
): Promise<JobRecord | null> {
  const { now, worker, leaseMs, ...values } = job;
  const [created] = told(
    await db
      .insert(jobs)
      .values({
        ...values,
        payload: values.payload ?? {},
        status: "running",
        runAt: now,
        attempts: 1,
        maxAttempts: 1,
        claimedBy: worker,
        claimedUntil: new Date(now.getTime() + leaseMs),
      })
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('queued', 'running')` })
      .returning(notified),
  );
  return created ?? null;
}

/** The account's queued or running job of a key, if any. */
export async function findActiveJob(db: Database, { accountId, dedupeKey }: { accountId: string; dedupeKey: string }) {
  const [active] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.accountId, accountId), inArray(jobs.status, ["queued", "running"])));
  return active ?? null;
}

/** One of the account's jobs, as it is now. */
export async function readJob(db: Database, { accountId, jobId }: { accountId: string; jobId: string }) {
  const [found] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.accountId, accountId)));
  return found ?? null;
}

/** The account's jobs of `kinds`, newest first, a page at a time: `before` is the last job of the previous page. */
export async function listJobs(
  db: Database,
  { accountId, kinds, limit, before }: { accountId: string; kinds: JobKind[]; limit: number; before?: { at: Date; id: string } },
) {
  return db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.accountId, accountId),
        inArray(jobs.kind, kinds),
        before ? sql`(${jobs.createdAt}, ${jobs.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)` : undefined,
      ),
    )
    .orderBy(sql`${jobs.createdAt} desc, ${jobs.id} desc`)
    .limit(limit);
}

/** Merges `values` into the payload of a job this worker holds (progress, what a dead worker leaves to give back). */
export async function mergeJobPayload(db: Database, job: JobRecord, values: Record<string, unknown>, now: Date) {
  const [merged] = told(
    await db
      .update(jobs)
      .set({ payload: sql`${jobs.payload} || ${JSON.stringify(values)}::jsonb`, updatedAt: now })
      .where(heldBy(job))
      .returning(notified),
  );
  return Boolean(merged);
}

/**
 * Settles a running job whose lease lapsed (its worker died) as failed, whoever notices first;
 * of two that notice, one gets the row (and gives back what it held).
 */
export async function settleLapsedJob(db: Database, job: JobRecord, error: string, now: Date) {
  const [settled] = told(
    await db
      .update(jobs)
      .set({ status: "failed", lastError: error, settledAt: now, updatedAt: now, claimedUntil: null })
      .where(and(eq(jobs.id, job.id), eq(jobs.status, "running"), eq(jobs.attempts, job.attempts), lt(jobs.claimedUntil, now)))
      .returning(notified),
  );
  return settled ?? null;
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
      returning id, ${notified.notified} as notified`);
    return rowsOf<{ id: string }>(result).map((row) => row.id);
  });
  if (ids.length === 0) return [];
  const claimed = await db
    .select()
    .from(jobs)
    .where(sql`${jobs.id} = any(${sql.param(ids)}::uuid[]) and ${jobs.claimedBy} = ${worker}`);
  return told(claimed.map((row) => ({ ...row, notified: null })));
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

/**
 * Settles a job this worker holds, once: a worker whose lease was taken over changes nothing.
 * `payload` is merged into the job's (what a joined request reads back).
 */
export async function settleJob(
  db: Database,
  job: JobRecord,
  outcome: { status: "succeeded" | "failed"; error?: string; payload?: Record<string, unknown> },
  now: Date,
) {
  const [settled] = told(
    await db
      .update(jobs)
      .set({
        status: outcome.status,
        lastError: outcome.error ?? null,
        settledAt: now,
        updatedAt: now,
        claimedUntil: null,
        ...(outcome.payload && { payload: sql`${jobs.payload} || ${JSON.stringify(outcome.payload)}::jsonb` }),
      })
      .where(heldBy(job))
      .returning(notified),
  );
  return settled;
}

/** Puts a job this worker holds back in the queue for `runAt` (a retry). */
export async function requeueJob(db: Database, job: JobRecord, runAt: Date, error: string, now: Date) {
  const [queued] = told(
    await db
      .update(jobs)
      .set({ status: "queued", runAt, lastError: error, claimedBy: null, claimedUntil: null, updatedAt: now })
      .where(heldBy(job))
      .returning(notified),
  );
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
