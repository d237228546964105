import { describe, expect, it } from "vitest";
import { fullDate, relativeTime, shortDate, supportedLocale, supportedTimeZone, writtenDate } from "@/lib/i18n/dates";

const now = new Date("2026-11-28T12:00:00.000Z");

describe("the one date format", () => {
  it("writes the short form in the founder's locale, the year only when it is not this year's", () => {
    expect(shortDate("2026-11-27T10:00:00.000Z", { locale: "en-US", timeZone: "UTC", now })).toBe("Fri, Nov 27");
    expect(shortDate("2026-11-27T10:00:00.000Z", { locale: "en-GB", timeZone: "UTC", now })).toBe("Fri 27 Nov");
    expect(shortDate("2025-11-27T10:00:00.000Z", { locale: "en-US", timeZone: "UTC", now })).toBe("Thu, Nov 27, 2025");
    expect(shortDate("2026-11-27T10:00:00.000Z", { locale: "de-DE", timeZone: "UTC", now })).toBe("Fr., 27. Nov.");
  });

  it("reads an instant in the founder's time zone, with the time when it matters", () => {
    const late = "2026-11-23T23:30:00.000Z";
    expect(shortDate(late, { locale: "en-US", timeZone: "UTC", now })).toBe("Mon, Nov 23");
    expect(shortDate(late, { locale: "en-US", timeZone: "Asia/Tokyo", now })).toBe("Tue, Nov 24");
    expect(shortDate(late, { locale: "en-US", timeZone: "Asia/Tokyo", now, time: true })).toBe("Tue, Nov 24, 8:30 AM");
  });

  it("keeps a calendar day the same day in every time zone, and never gives it a time", () => {
    for (const timeZone of ["UTC", "America/Los_Angeles", "Pacific/Kiritimati"])
      expect(shortDate("2026-11-30", { locale: "en-US", timeZone, now, time: true })).toBe("Mon, Nov 30");
    expect(fullDate("2026-11-30", { locale: "en-US", timeZone: "America/Los_Angeles" })).toBe("Monday, November 30, 2026");
  });

  it("gives the full date, with its time, for the hover", () => {
    expect(fullDate("2026-11-27T10:05:00.000Z", { locale: "en-US", timeZone: "UTC" })).toBe(
      "Friday, November 27, 2026 at 10:05 AM",
    );
  });

  it("says how long ago within a week, and leaves older dates to the short form", () => {
    expect(relativeTime("2026-11-28T11:47:00.000Z", { locale: "en", now })).toBe("13 minutes ago");
    expect(relativeTime("2026-11-27T12:00:00.000Z", { locale: "en", now })).toBe("yesterday");
    expect(relativeTime("2026-11-25T12:00:00.000Z", { locale: "fr", now })).toBe("il y a 3 jours");
    expect(relativeTime("2026-11-28T11:59:40.000Z", { locale: "en", now })).toBe("now");
    expect(relativeTime("2026-11-28T14:00:00.000Z", { locale: "en", now })).toBe("in 2 hours");
    expect(relativeTime("2026-11-20T12:00:00.000Z", { locale: "en", now })).toBeNull();
  });

  it("writes a document's date as people write it, never as an ISO date", () => {
    expect(writtenDate("2026-11-27")).toBe("November 27, 2026");
    expect(writtenDate("2026-11-27", "de")).toBe("27. November 2026");
  });

  it("takes the first locale and a time zone the runtime knows, and nothing else", () => {
    expect(supportedLocale("fr-CH,fr;q=0.9,en;q=0.8".split(","))).toBe("fr-CH");
    expect(supportedLocale(["*", "not a locale!", "en-GB"])).toBe("en-GB");
    expect(supportedLocale([""])).toBeUndefined();
    expect(supportedTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(supportedTimeZone("Mars/Olympus")).toBeUndefined();
    expect(supportedTimeZone(undefined)).toBeUndefined();
  });
});
