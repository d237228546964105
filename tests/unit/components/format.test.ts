import { describe, expect, it } from "vitest";
import { formatRelative } from "@/components/format";

const now = new Date("2026-11-22T12:00:00Z");
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe("the relative time a founder reads", () => {
  it("counts minutes, hours and days in words, singular where it is one", () => {
    expect(formatRelative(secondsAgo(10), now)).toBe("just now");
    expect(formatRelative(secondsAgo(60), now)).toBe("1 minute ago");
    expect(formatRelative(secondsAgo(5 * 60), now)).toBe("5 minutes ago");
    expect(formatRelative(secondsAgo(3600), now)).toBe("1 hour ago");
    expect(formatRelative(secondsAgo(30 * 3600), now)).toBe("yesterday");
    expect(formatRelative(secondsAgo(3 * 86_400), now)).toBe("3 days ago");
  });

  it("gives the UTC date after a month, and the fallback without a date", () => {
    expect(formatRelative("2026-09-01T23:30:00Z", now)).toBe("Sep 1, 2026");
    expect(formatRelative(null, now)).toBe("Never");
    expect(formatRelative(undefined, now, "—")).toBe("—");
  });
});
