import { describe, expect, it } from "vitest";
import { defaultPublishTime, zonedInstant } from "@/lib/growth/publish-time";

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
