import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChannelChart } from "@/components/results/channel-chart";
import { ResultsChart } from "@/components/results/results-chart";
import { DateSettingsProvider } from "@/components/ui/when";
import type { Results } from "@/lib/schemas/links";

type Row = Results["rows"][number];
const row = (key: string, label: string, clicks: number, signups: number, channel: Row["channel"] = null): Row => ({
  key,
  label,
  channel,
  clicks,
  signups,
  conversions: signups,
  conversionRate: clicks > 0 ? Math.round((signups / clicks) * 10_000) / 10_000 : null,
});
const render = (element: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(
    createElement(DateSettingsProvider, { locale: "en-US", timeZone: "UTC", now: Date.parse("2026-12-10T12:00:00Z") }, element),
  );
/** What a sighted reader sees: the text between the tags, not the aria-label. */
const visibleText = (markup: string) =>
  markup
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("the week-by-week chart", () => {
  it("names each plan week and shows its sign-up rate on screen, links outside the plan last", () => {
    const markup = render(
      createElement(ResultsChart, {
        weeks: [
          row("2026-11-23", "Week 1", 40, 2),
          row("2026-11-30", "Week 2", 0, 0),
          row("outside-plan", "Outside the weekly plan", 5, 1),
        ],
      }),
    );
    const rates = [...markup.matchAll(/data-testid="week-rate">([^<]*)</g)].map((match) => match[1]);
    expect(rates).toEqual(["5.0%", "–", "20%"]);
    expect(visibleText(markup)).toMatch(/Week 1 Mon, Nov 23 5\.0%/);
    expect(visibleText(markup)).toMatch(/Other 20%/);
    expect(markup).toContain("Week 1, starting November 23, 2026: 40 clicks, 2 sign-ups, sign-up rate 5.0%");
  });
});

describe("the channel chart", () => {
  it("draws each channel's sign-ups and clicks as bars sized to the busiest channel, the numbers beside them", () => {
    const markup = render(
      createElement(ChannelChart, {
        channels: [row("reddit", "reddit", 40, 4, "reddit"), row("x", "x", 20, 0, "x"), row("launchloop", "launchloop", 10, 1)],
      }),
    );
    const widths = [...markup.matchAll(/<rect [^>]*width="([^"]+)"/g)].map((match) => match[1]);
    // Per channel: sign-ups, then clicks; a zero is a stub in the line colour.
    expect(widths).toEqual(["82%", "82%", "2", "41%", "20.5%", "20.5%"]);
    expect(visibleText(markup)).toBe("Reddit 4 40 X 0 20 launchloop 1 10 Sign-ups Clicks");
    expect(markup).toContain("Reddit: 4 sign-ups, 40 clicks, sign-up rate 10%");
    expect(markup).not.toContain("<script");
  });
});
