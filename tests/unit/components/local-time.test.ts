import { describe, expect, it } from "vitest";
import { localDate, localRelative } from "@/components/local-time";

describe("dates in the founder's locale and time zone", () => {
  const iso = "2026-11-23T23:30:00.000Z";

  it("formats a date in the locale and the time zone asked for", () => {
    expect(localDate(iso, "en-GB", "UTC")).toBe("23 Nov 2026");
    expect(localDate(iso, "en-US", "Asia/Tokyo")).toBe("Nov 24, 2026");
    expect(localDate(iso, "de-DE", "Europe/Berlin")).toBe("24.11.2026");
  });

  it("says how long ago in the locale", () => {
    const now = new Date("2026-11-24T00:00:00.000Z");
    expect(localRelative(iso, now, "en")).toBe("30 minutes ago");
    expect(localRelative("2026-11-23T00:00:00.000Z", now, "en")).toBe("yesterday");
    expect(localRelative("2026-11-21T00:00:00.000Z", now, "fr")).toBe("il y a 3 jours");
    expect(localRelative("2026-11-23T23:59:40.000Z", now, "en")).toBe("now");
  });
});
