import { describe, expect, it } from "vitest";
import { defaultPublishTime, zonedInstant } from "@/lib/growth/publish-time";
import { backoffMs } from "@/lib/jobs/outcome";
import { retryAfterMs } from "@/lib/networks/errors";
import { isTid, newTid } from "@/lib/networks/tid";

describe("publishing times", () => {
  it("place an hour of a day in the founder's time zone, across daylight saving changes", () => {
    expect(zonedInstant("2026-11-25", 9, "Europe/Berlin").toISOString()).toBe("2026-11-25T08:00:00.000Z");
    expect(zonedInstant("2026-07-01", 9, "Europe/Berlin").toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(zonedInstant("2026-11-25", 10, "America/New_York").toISOString()).toBe("2026-11-25T15:00:00.000Z");
    expect(zonedInstant("2026-03-29", 9, "Europe/London").toISOString()).toBe("2026-03-29T08:00:00.000Z");
    expect(zonedInstant("2026-11-25", 9, "UTC").toISOString()).toBe("2026-11-25T09:00:00.000Z");
  });

  it("default an approved item to its planned day at the channel's hour, or the next quarter hour once past", () => {
    const monday = "2026-11-23";
    const early = new Date("2026-11-20T00:00:00Z");
    expect(defaultPublishTime({ channel: "bluesky", suggestedDay: "Wed" }, monday, "Europe/Berlin", early).toISOString()).toBe(
      "2026-11-25T08:00:00.000Z",
    );
    expect(defaultPublishTime({ channel: "mastodon", suggestedDay: "Friday morning" }, monday, "UTC", early).toISOString()).toBe(
      "2026-11-27T10:00:00.000Z",
    );
    const late = new Date("2026-11-26T12:07:00Z");
    expect(defaultPublishTime({ channel: "bluesky", suggestedDay: "Mon" }, monday, "UTC", late).toISOString()).toBe(
      "2026-11-26T12:15:00.000Z",
    );
  });
});

describe("record keys and retries", () => {
  it("make valid, strictly increasing TIDs even within one millisecond", () => {
    const tids = Array.from({ length: 50 }, () => newTid(1_764_000_000_000));
    for (const tid of tids) expect(isTid(tid), tid).toBe(true);
    expect([...tids].sort()).toEqual(tids);
    expect(new Set(tids).size).toBe(50);
  });

  it("back off by doubling with jitter, capped at an hour", () => {
    expect(backoffMs(1, 30_000, () => 0.5)).toBe(30_000);
    expect(backoffMs(3, 30_000, () => 0.5)).toBe(120_000);
    expect(backoffMs(30, 30_000, () => 0.5)).toBe(3_600_000);
    expect(backoffMs(2, 30_000, () => 0)).toBe(48_000);
  });

  it("read a network's wait from Retry-After or RateLimit-Reset", () => {
    const now = 1_764_000_000_000;
    expect(retryAfterMs({ "retry-after": "7" }, now)).toBe(7000);
    expect(retryAfterMs({ "ratelimit-reset": String(now / 1000 + 30) }, now)).toBe(30_000);
    expect(retryAfterMs({}, now)).toBeUndefined();
  });
});

describe("grade suggestions", () => {
  it("compare a post with the founder's median on the channel", async () => {
    const { suggestGrade, channelResults } = await import("@/lib/growth/grade-suggestion");
    const post = (likes: number) => ({ likes, reposts: 0, replies: 0, quotes: null });
    const history = [post(10), post(12), post(8)];
    expect(suggestGrade(post(30), history)).toBe("great");
    expect(suggestGrade(post(11), history)).toBe("ok");
    expect(suggestGrade(post(2), history)).toBe("quiet");
    expect(suggestGrade(post(2), [])).toBeNull();
    expect(suggestGrade(null, history)).toBeNull();
    expect(
      channelResults([
        { channel: "bluesky", metrics: post(4) },
        { channel: "bluesky", metrics: post(8) },
        { channel: "x", metrics: null },
      ]),
    ).toEqual([{ channel: "bluesky", posts: 2, medianEngagement: 6, totalEngagement: 12 }]);
  });
});
