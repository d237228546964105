import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import { databaseLimiter, type Limiter } from "./limiter";
import { upstashLimiter } from "./upstash-limiter";
import { limitExceeded, type LimitPolicy } from "./policies";

export * from "./plans";
export * from "./policies";
export * from "./gates";
export * from "./upgrade";
export type { Limiter, LimitResult, LimitRule } from "./limiter";

let upstash: { url: string; limiter: Limiter } | undefined;

/** The limiter in use: Upstash Redis when configured, otherwise counters in the database. */
export function limiterFor(db: Database): Limiter {
  const connection = config().upstash;
  if (!connection) return databaseLimiter(db);
  if (upstash?.url !== connection.url) upstash = { url: connection.url, limiter: upstashLimiter(connection) };
  return upstash.limiter;
}

/** Counts one hit against a policy; throws the 429 when it is over. */
export async function enforceLimit(db: Database, policy: LimitPolicy, now: Date) {
  const result = await limiterFor(db).hit(policy, now);
  if (!result.allowed) throw limitExceeded(policy, result, now);
  return result;
}
