import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import type { Limiter } from "./limiter";

/** Fixed-window limits in Upstash Redis, for deployments with many instances. */
export function upstashLimiter(connection: { url: string; token: string }): Limiter {
  const redis = new Redis({ url: connection.url, token: connection.token });
  const limiters = new Map<string, Ratelimit>();
  const limiterFor = (limit: number, windowSeconds: number) => {
    const id = `${limit}/${windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new Ratelimit({
        redis,
        limiter: Ratelimit.fixedWindow(limit, `${windowSeconds} s`),
        prefix: "launchloop",
        analytics: false,
        // Decisions must be shared by every instance: no in-memory shortcut.
        ephemeralCache: false,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };

  return {
    async hit(rule) {
      const result = await limiterFor(rule.limit, rule.windowSeconds).limit(rule.key);
      return {
        allowed: result.success,
        limit: result.limit,
        remaining: Math.max(0, result.remaining),
        resetAt: new Date(result.reset),
      };
    },
    async count(rule) {
      const { remaining } = await limiterFor(rule.limit, rule.windowSeconds).getRemaining(rule.key);
      return Math.max(0, rule.limit - remaining);
    },
    async refund(rule) {
      // A negative rate gives tokens back (the fixed window's script adds it as it is).
      await limiterFor(rule.limit, rule.windowSeconds).limit(rule.key, { rate: -1 });
    },
  };
}
