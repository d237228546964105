import { describe, expect, it } from "vitest";
import { memoryLimiter } from "@/lib/limits/memory-limiter";

describe("in-memory limiter (embedded database)", () => {
  const rule = { key: "rate:key:1", limit: 2, windowSeconds: 60 };

  it("counts hits in a fixed window and refuses past the limit", async () => {
    const limiter = memoryLimiter();
    const now = new Date("2026-11-22T10:00:10Z");
    const results = [await limiter.hit(rule, now), await limiter.hit(rule, now), await limiter.hit(rule, now)];
    expect(results.map((result) => [result.allowed, result.remaining])).toEqual([
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(results[2]!.resetAt.toISOString()).toBe("2026-11-22T10:01:00.000Z");
  });

  it("starts over in the next window and keeps keys apart", async () => {
    const limiter = memoryLimiter();
    const now = new Date("2026-11-22T10:00:59Z");
    await limiter.hit(rule, now);
    await limiter.hit(rule, now);
    expect((await limiter.hit({ ...rule, key: "rate:key:2" }, now)).allowed).toBe(true);
    expect((await limiter.hit(rule, now)).allowed).toBe(false);
    const next = await limiter.hit(rule, new Date("2026-11-22T10:01:00Z"));
    expect([next.allowed, next.remaining]).toEqual([true, 1]);
  });
});
