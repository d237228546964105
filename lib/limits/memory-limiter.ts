import { type Limiter, limitResultOf, windowOf } from "./limiter";

interface Counter {
  count: number;
  resetAt: Date;
}

const sweepEveryMs = 60_000;

/**
 * Fixed-window counters in this process's memory. Only for the embedded database: there
 * the process is the database's only user, so its count is the whole count, exactly as
 * the database counters would have it, without a statement per request.
 */
export function memoryLimiter(): Limiter {
  const counters = new Map<string, Counter>();
  let nextSweep = 0;
  return {
    async hit(rule, now) {
      const { start, resetAt } = windowOf(rule, now);
      const id = `${rule.key}@${start.getTime()}`;
      let counter = counters.get(id);
      if (!counter) {
        counter = { count: 0, resetAt };
        counters.set(id, counter);
      }
      counter.count += 1;
      if (now.getTime() >= nextSweep) {
        nextSweep = now.getTime() + sweepEveryMs;
        for (const [key, { resetAt: expires }] of counters) if (expires <= now) counters.delete(key);
      }
      return limitResultOf(rule, counter.count, now);
    },
    async count(rule, now) {
      return counters.get(`${rule.key}@${windowOf(rule, now).start.getTime()}`)?.count ?? 0;
    },
    async refund(rule, now) {
      const counter = counters.get(`${rule.key}@${windowOf(rule, now).start.getTime()}`);
      if (counter) counter.count = Math.max(0, counter.count - 1);
    },
  };
}
