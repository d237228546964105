import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DateSettingsProvider, When } from "@/components/ui/when";

const now = Date.parse("2026-11-28T12:00:00.000Z");
const render = (props: Parameters<typeof When>[0], settings = { locale: "en-US", timeZone: "Europe/Berlin" }) =>
  renderToStaticMarkup(createElement(DateSettingsProvider, { ...settings, now }, createElement(When, props)));

describe("<When>, the dashboard's one date", () => {
  it("renders a time element: the short form, the instant in dateTime, the full date on hover", () => {
    expect(render({ at: "2026-11-27T23:30:00.000Z" })).toBe(
      '<time dateTime="2026-11-27T23:30:00.000Z" title="Saturday, November 28, 2026 at 12:30 AM">Sat, Nov 28</time>',
    );
  });

  it("renders what the server rendered: its locale, the founder's zone from the cookie and the request's clock", () => {
    // The browser's first render has the same props, so hydration sees the same text (no React #418).
    const first = render({ at: "2026-11-28T11:47:00.000Z", relative: true });
    expect(first).toContain(">13 minutes ago</time>");
    expect(render({ at: "2026-11-28T11:47:00.000Z", relative: true })).toBe(first);
    expect(render({ at: "2026-11-02T10:00:00.000Z", relative: true })).toContain(">Mon, Nov 2</time>");
  });

  it("shows a day as that day, a scheduled time with its hour, and the fallback without a date", () => {
    expect(render({ at: "2026-11-30" }, { locale: "en-GB", timeZone: "America/Los_Angeles" })).toContain(">Mon 30 Nov</time>");
    expect(render({ at: "2026-11-30T08:00:00.000Z", time: true })).toContain(">Mon, Nov 30, 9:00 AM</time>");
    expect(render({ at: null, fallback: "Never" })).toBe("Never");
  });
});
