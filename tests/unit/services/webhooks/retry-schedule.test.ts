import { describe, expect, it } from "vitest";
import {
  failedTooLong,
  webhookDisableAfterMs,
  webhookMaxAttempts,
  webhookRetryDelayMs,
  webhookRetryDelaysMs,
} from "@/lib/services/webhooks/retry-schedule";

describe("the webhook retry schedule", () => {
  it("waits 5 s, 5 min, 30 min, 2 h, 5 h, then 10 h, then stops", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(webhookRetryDelayMs)).toEqual([
      5_000,
      300_000,
      1_800_000,
      7_200_000,
      18_000_000,
      36_000_000,
      null,
    ]);
    expect(webhookMaxAttempts).toBe(7);
  });

  it("spans most of a day, and never more than one", () => {
    const total = webhookRetryDelaysMs.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeGreaterThan(16 * 3_600_000);
    expect(total).toBeLessThan(24 * 3_600_000);
  });

  it("turns an endpoint off only after 5 full days of failures", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(failedTooLong(null, now)).toBe(false);
    expect(failedTooLong(new Date(now.getTime() - webhookDisableAfterMs + 1000), now)).toBe(false);
    expect(failedTooLong(new Date(now.getTime() - webhookDisableAfterMs), now)).toBe(true);
  });
});
