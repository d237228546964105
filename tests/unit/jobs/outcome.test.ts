import { describe, expect, it } from "vitest";
import { backoffMs, heartbeatEveryMs, PastDeadline, RetryLater } from "@/lib/jobs/outcome";

describe("backoffMs", () => {
  it("doubles from the base, within ±20 % jitter", () => {
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, 30_000, () => 0.5))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(2, 30_000, () => 0)).toBe(48_000);
    expect(backoffMs(2, 30_000, () => 1)).toBe(72_000);
  });

  it("waits at most an hour (before jitter), and treats attempt 0 as the first", () => {
    expect(backoffMs(30, 30_000, () => 0.5)).toBe(3_600_000);
    expect(backoffMs(0, 30_000, () => 0.5)).toBe(30_000);
  });
});

describe("heartbeatEveryMs", () => {
  it("extends a lease three times per lease, never more often than every 100 ms", () => {
    expect(heartbeatEveryMs(120_000)).toBe(40_000);
    expect(heartbeatEveryMs(1_000)).toBe(333);
    expect(heartbeatEveryMs(90)).toBe(100);
  });
});

describe("PastDeadline", () => {
  it("is a retry (the job goes on later from what it recorded), with the backoff's wait", () => {
    const error = new PastDeadline("too long");
    expect(error).toBeInstanceOf(RetryLater);
    expect(error.retryAfterMs).toBeUndefined();
  });
});
