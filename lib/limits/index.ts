import type { Database } from "@/lib/db";
import { databaseLimiter, type Limiter } from "./limiter";
import { limitExceeded, type LimitPolicy } from "./policies";

export * from "./plans";
export * from "./policies";
export type { Limiter, LimitResult, LimitRule } from "./limiter";

/** The limiter in use: database counters unless Upstash is configured. */
export function limiterFor(db: Database): Limiter {
  return databaseLimiter(db);
}

/** Counts one hit against a policy; throws the 429 when it is over. */
export async function enforceLimit(db: Database, policy: LimitPolicy, now: Date) {
  const result = await limiterFor(db).hit(policy, now);
  if (!result.allowed) throw limitExceeded(policy, result, now);
  return result;
}
