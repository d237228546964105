import { beforeAll, describe, expect, it } from "vitest";
import { launchPackPdf } from "@/lib/exports/pdf";
import { packWith, solidPng } from "@/tests/support/export-pack";
import { showcaseMarkdown } from "@/tests/support/export-showcase";
import { findText, readPdf } from "@/tests/support/pdf-reader";

type Pdf = Awaited<ReturnType<typeof readPdf>>;
type Page = Pdf["pages"][number];

// Long enough to cross pages: single-line items, so every page break falls between two items.
const longList = Array.from(
  { length: 140 },
  (_, index) => `- Item ${String(index + 1).padStart(3, "0")}: reply to one more comment`,
).join("\n");
const cjkNote = "连接银行账户并完成第一次对账的用户比例，".repeat(12);
const tallTable = `| Metric | Target | Notes |\n| --- | --- | --- |\n| Activation | 40% | ${cjkNote} |\n| Retention | 25% | Weekly habit |\n`;

let showcase: Pdf;
let lists: Pdf;
let tables: Pdf;

beforeAll(async () => {
  [showcase, lists, tables] = await Promise.all([
    launchPackPdf(packWith({ "Launch checklist": showcaseMarkdown })).then(readPdf),
    launchPackPdf(packWith({ "A long list": longList })).then(readPdf),
    launchPackPdf(packWith({ "A tall table": tallTable })).then(readPdf),
  ]);
});

/** Whether a marker (a drawn shape, or a "•" glyph) sits left of `item` on its baseline, on the same page. */
const hasMarker = (page: Page, item: { x: number; y: number }) =>
  page.paths.some(
    (path) => path.x1 <= item.x && path.x0 >= item.x - 24 && path.y1 - path.y0 < 12 && path.y0 <= item.y && path.y1 >= item.y - 9,
  ) || page.text.some((text) => /^\s*•\s*$/.test(text.str) && text.x < item.x && Math.abs(text.y - item.y) < 1);

describe("PDF export layout", () => {
  it("draws a checklist's boxes as shapes and never prints ☐ or the raw [ ]", () => {
    expect(showcase.text).toContain("Schedule the LinkedIn post");
    expect(showcase.text).not.toMatch(/\[[ xX]\]|☐|☑/);
    for (const label of ["Write the announcement email", "Schedule the LinkedIn post", "Reply to every Product Hunt comment"]) {
      const { page, item } = findText(showcase.pages, label);
      const box = page.paths.find(
        (path) => path.x1 < item.x && path.x0 > item.x - 24 && path.y0 < item.y && path.y1 > item.y - 9,
      );
      expect(box, label).toBeDefined();
      expect(box!.x1 - box!.x0).toBeGreaterThan(5);
      expect(Math.abs(box!.x1 - box!.x0 - (box!.y1 - box!.y0))).toBeLessThan(1.5);
    }
  });

  it("keeps every list marker on the page and baseline of its item's first line", () => {
    expect(lists.pages.length).toBeGreaterThan(3);
    for (let index = 1; index <= 140; index++) {
      const label = `Item ${String(index).padStart(3, "0")}`;
      const { page, item } = findText(lists.pages, label);
      expect(hasMarker(page, item), `${label} on page ${page.number}`).toBe(true);
    }
  });

  it("indents nested list items by depth", () => {
    const depth0 = findText(showcase.pages, "Communities where freelancers").item;
    const depth1 = findText(showcase.pages, "Reddit: r/freelance").item;
    const depth2 = findText(showcase.pages, "Answer questions first").item;
    const sibling = findText(showcase.pages, "Slack groups for designers").item;
    expect(depth1.x).toBeGreaterThan(depth0.x + 10);
    expect(depth2.x).toBeGreaterThan(depth1.x + 10);
    expect(sibling.x).toBeCloseTo(depth1.x, 1);
    expect(depth1.y).toBeGreaterThan(depth0.y);
  });

  it("sets code blocks in a monospace font", () => {
    const { item } = findText(showcase.pages, "utm_medium=post");
    expect(item.width / (item.str.length * item.size)).toBeCloseTo(0.6, 2);
  });

  it("puts CJK, Latin and emoji on one baseline", () => {
    const line = findText(showcase.pages, "Mixed scripts on one line");
    const onLine = line.page.text.filter((text) => Math.abs(text.y - line.item.y) < 6);
    const cjk = onLine.find((text) => text.str.includes("整理簿"))!;
    const latin = onLine.find((text) => text.str.includes("keeps books tidy"))!;
    expect(cjk).toBeDefined();
    expect(latin).toBeDefined();
    expect(Math.abs(cjk.y - line.item.y)).toBeLessThan(0.05);
    expect(Math.abs(latin.y - line.item.y)).toBeLessThan(0.05);
  });

  it("sizes table rows to their text in the fonts drawn, so a cell never runs into the next row", () => {
    const next = findText(tables.pages, "Retention");
    const cells = next.page.text.filter((text) => /[银行账户对比例]/.test(text.str));
    expect(cells.length).toBeGreaterThan(1);
    const lowest = Math.max(...cells.map((text) => text.y + text.descent));
    expect(lowest).toBeLessThan(next.item.y - next.item.ascent);
  });

  it("sizes table columns by their content", () => {
    const metric = findText(tables.pages, "Metric").item;
    const target = findText(tables.pages, "Target").item;
    const notes = findText(tables.pages, "Notes").item;
    const right = 595.28 - 60;
    expect(notes.x - target.x).toBeLessThan((right - notes.x) / 3);
    expect(target.x - metric.x).toBeGreaterThan(findText(tables.pages, "Activation").item.width);
  });

  it("bookmarks the sections and items, each pointing at its page", async () => {
    const titles = showcase.outline.map((entry) => entry.title);
    expect(titles).toEqual(["Decisions", "Marketing Playbook", "Launch strategy"]);
    const section = showcase.outline.find((entry) => entry.title === "Launch strategy")!;
    expect(section.items.map((entry) => entry.title)).toEqual(["Launch checklist"]);
    expect(await showcase.destinationPage(section.items[0]!.dest)).toBe(findText(showcase.pages, "Launch checklist").page.number);
    expect(showcase.outline[1]!.items.map((entry) => entry.title)).toEqual(["Positioning"]);
  });

  it("draws the brand logo on the cover when the pack has one", async () => {
    const withLogo = await readPdf(
      await launchPackPdf(packWith({ Note: "Hello." }, { logo: { bytes: solidPng(40, 20), contentType: "image/png" } })),
    );
    expect(withLogo.pages[0]!.images).toBe(1);
    expect(showcase.pages[0]!.images).toBe(0);
  });
});
