import { describe, expect, it } from "vitest";
import {
  atTime,
  isPostLink,
  localDateKey,
  localInputValue,
  localTimeValue,
  onDay,
} from "@/app/(dashboard)/projects/[projectId]/growth/schedule-time";

describe("schedule times in the browser's zone", () => {
  const at = new Date(2026, 11, 2, 9, 30).toISOString();

  it("reads an instant as the inputs take it", () => {
    expect(localInputValue(at)).toBe("2026-12-02T09:30");
    expect(localTimeValue(at)).toBe("09:30");
    expect(localDateKey(at)).toBe("2026-12-02");
    expect(localInputValue(null)).toBe("");
  });

  it("moves a time to another day at the same hour, and to another hour on the same day", () => {
    expect(localInputValue(onDay(at, "2026-12-04"))).toBe("2026-12-04T09:30");
    expect(localInputValue(atTime(at, "17:05"))).toBe("2026-12-02T17:05");
  });

  it("takes only an https link as a post's link", () => {
    expect(isPostLink("https://x.com/founder/status/1")).toBe(true);
    expect(isPostLink(" https://x.com/founder/status/1 ")).toBe(true);
    expect(isPostLink("http://x.com/founder/status/1")).toBe(false);
    expect(isPostLink("x.com/founder/status/1")).toBe(false);
    expect(isPostLink("")).toBe(false);
  });
});
