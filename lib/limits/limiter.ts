import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { limitCounters } from "@/lib/db/schema";

export interface LimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface LimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetAt: Date;
}

/** Counts hits in fixed windows. Backends: database counters (embedded) or Upstash Redis. */
export interface Limiter {
  hit(rule: LimitRule, now: Date): Promise<LimitResult>;
  /** The hits counted so far in the current window, counting none. */
  count(rule: LimitRule, now: Date): Promise<number>;
  /** Gives one hit of the current window back (a reserved attempt that turned out fine). */
  refund(rule: LimitRule, now: Date): Promise<void>;
}

export function windowOf(rule: LimitRule, now: Date) {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start: new Date(start), resetAt: new Date(start + windowMs) };
}

/** What a limit answers once a hit made its window's count `count`. */
export function limitResultOf(rule: LimitRule, count: number, now: Date): LimitResult {
  return {
    allowed: count <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - count),
    resetAt: windowOf(rule, now).resetAt,
  };
}

/** Deletes counters of windows that have ended (run now and then, never awaited by a request). */
export async function sweepExpiredCounters(db: Database, now: Date): Promise<void> {
  await db.delete(limitCounters).where(sql`${limitCounters.expiresAt} < ${now.toISOString()}`);
}

/**
 * On about one counted hit in a hundred, expired counters are deleted without holding the
 * answer (`keepAlive`, e.g. the request's `waitUntil`, keeps a serverless instance up for
 * it): the table stays small with no scheduler.
 */
export function sweepCountersNowAndThen(db: Database, now: Date, keepAlive?: (work: Promise<unknown>) => void): void {
  if (Math.random() >= 0.01) return;
  const sweep = sweepExpiredCounters(db, now).catch(() => {});
  keepAlive?.(sweep);
}

/** Fixed-window counters in the database: one atomic upsert per hit. */
export function databaseLimiter(db: Database): Limiter {
  return {
    async hit(rule, now) {
      const { start, resetAt } = windowOf(rule, now);
      const [row] = await db
        .insert(limitCounters)
        .values({ key: rule.key, windowStart: start, count: 1, expiresAt: resetAt })
        .onConflictDoUpdate({
          target: [limitCounters.key, limitCounters.windowStart],
          set: { count: sql`${limitCounters.count} + 1` },
        })
        .returning({ count: limitCounters.count });
      sweepCountersNowAndThen(db, now);
      return limitResultOf(rule, row?.count ?? 1, now);
    },
    async count(rule, now) {
      const [row] = await db
        .select({ count: limitCounters.count })
        .from(limitCounters)
        .where(and(eq(limitCounters.key, rule.key), eq(limitCounters.windowStart, windowOf(rule, now).start)));
      return row?.count ?? 0;
    },
    async refund(rule, now) {
      await db
        .update(limitCounters)
        .set({ count: sql`greatest(${limitCounters.count} - 1, 0)` })
        .where(and(eq(limitCounters.key, rule.key), eq(limitCounters.windowStart, windowOf(rule, now).start)));
    },
  };
}
