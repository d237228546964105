import { config } from "@/lib/config";
import { type Database, databaseKind } from "@/lib/db";
import { databaseLimiter, type Limiter, type LimitResult } from "./limiter";
import { memoryLimiter } from "./memory-limiter";
import { type LimitPolicy, limitExceeded } from "./policies";
import { upstashLimiter } from "./upstash-limiter";

export * from "./gates";
export type { Limiter, LimitResult, LimitRule } from "./limiter";
export { limitResultOf, sweepCountersNowAndThen, sweepExpiredCounters } from "./limiter";
export * from "./plans";
export * from "./policies";
export * from "./upgrade";

let upstash: { url: string; limiter: Limiter } | undefined;
const inMemory = new WeakMap<Database, Limiter>();

/**
 * The limiter in use: Upstash Redis when configured; with the embedded database (one
 * process, the database's only user) counters in memory; with Postgres (any number of
 * instances) counters in the database.
 */
export function limiterFor(db: Database): Limiter {
  const connection = config().upstash;
  if (!connection) {
    if (databaseKind(db) !== "pglite") return databaseLimiter(db);
    const limiter = inMemory.get(db) ?? memoryLimiter();
    inMemory.set(db, limiter);
    return limiter;
  }
  if (upstash?.url !== connection.url) upstash = { url: connection.url, limiter: upstashLimiter(connection) };
  return upstash.limiter;
}

/** Counts one hit against a policy; throws the 429 when it is over. */
export async function enforceLimit(db: Database, policy: LimitPolicy, now: Date) {
  const result = await limiterFor(db).hit(policy, now);
  if (!result.allowed) throw limitExceeded(policy, result, now);
  return result;
}

/** Whether limits are counted by database statements (Postgres without Upstash): then a request can count in its first statement. */
export function limitsCountedInDatabase(db: Database): boolean {
  return !config().upstash && databaseKind(db) === "postgres";
}

/** A hit already counted (in the statement that authenticated the request). */
export interface CountedLimit {
  policy: LimitPolicy;
  result: LimitResult;
}

/** Throws the 429 for a hit counted elsewhere when it is over; otherwise its result. */
export function acceptCounted({ policy, result }: CountedLimit, now: Date): LimitResult {
  if (!result.allowed) throw limitExceeded(policy, result, now);
  return result;
}
