import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { launchPackDocx } from "@/lib/exports/docx";
import { kindLabel } from "@/lib/exports/launch-pack";
import { plainSummary } from "@/lib/exports/markdown-blocks";
import { columnWidths } from "@/lib/exports/pdf-blocks";
import { layoutLines, type Span } from "@/lib/exports/pdf-layout";
import { packWith, solidPng } from "@/tests/support/export-pack";
import { showcaseMarkdown } from "@/tests/support/export-showcase";

const span = (text: string, size = 10): Span => ({ text, style: "regular", size, color: "#000000" });
const lineText = (line: { pieces: { text: string }[] }) => line.pieces.map((piece) => piece.text).join("");

describe("PDF line layout", () => {
  it("breaks Latin text at spaces and fits every line in the width", () => {
    const lines = layoutLines([span("Tidybooks reconciles every payment overnight and chases late invoices politely.")], 150);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) {
      expect(line.width).toBeLessThanOrEqual(150);
      expect(lineText(line)).not.toMatch(/^\s|\s$/);
    }
    expect(lines.map(lineText).join(" ")).toBe("Tidybooks reconciles every payment overnight and chases late invoices politely.");
  });

  it("breaks CJK between characters, never before closing punctuation", () => {
    const lines = layoutLines([span("连接银行账户并完成第一次对账的用户比例。连接银行账户并完成第一次对账的用户比例。")], 95);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) {
      expect(line.width).toBeLessThanOrEqual(95);
      expect(lineText(line)).not.toMatch(/^[。，]/);
    }
  });

  it("splits a word wider than the line", () => {
    const lines = layoutLines([span("https://tidybooks.example/a/very/long/path/that/never/breaks")], 80);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(80.01);
  });

  it("gives a line the Latin font's height even when it has only CJK, so lines keep one rhythm", () => {
    const [latin] = layoutLines([span("Books")], 300);
    const [cjk] = layoutLines([span("整理簿")], 300);
    expect(cjk!.ascent).toBeCloseTo(latin!.ascent, 5);
    expect(cjk!.height).toBeCloseTo(latin!.height, 5);
  });

  it("sizes columns by content: each gets its widest word, short columns stay on one line", () => {
    const rows = [
      [[span("Metric")], [span("Why it matters")]],
      [
        [span("Sign-ups")],
        [span("A launch that reaches the right freelancers shows here first, before anything else moves.".repeat(2))],
      ],
    ];
    const [first, second] = columnWidths(rows, 475, 5);
    expect(first! + second!).toBeCloseTo(475, 5);
    expect(first).toBeLessThan(80);
    expect(layoutLines([span("Sign-ups")], first! - 10)).toHaveLength(1);
  });
});

describe("plain-text summaries and labels", () => {
  it("strips Markdown and cuts at a word boundary with an ellipsis", () => {
    expect(plainSummary("## Is it free?\n\nFor **14 days**, then [see pricing](https://example.com).", 280)).toBe(
      "Is it free? For 14 days, then see pricing.",
    );
    const long = plainSummary(`**Bold** start. ${"word ".repeat(100)}`, 60);
    expect(long).toMatch(/^Bold start\. (word )+word…$/);
    expect(Array.from(long).length).toBeLessThanOrEqual(60);
  });

  it("labels content kinds for people", () => {
    expect(kindLabel("post-linkedin")).toBe("LinkedIn launch post");
    expect(kindLabel("post-youtube-shorts")).toBe("YouTube Shorts launch post");
    expect(kindLabel("faq")).toBe("FAQ");
    expect(kindLabel("some-new-kind")).toBe("Some new kind");
  });
});

describe("DOCX export", () => {
  it("puts the logo on the cover when the pack has one, and sizes table columns by content", async () => {
    const zip = await JSZip.loadAsync(
      await launchPackDocx(
        packWith({ Checklist: showcaseMarkdown }, { logo: { bytes: solidPng(300, 100), contentType: "image/png" } }),
      ),
    );
    expect(Object.keys(zip.files).filter((name) => name.startsWith("word/media/"))).toHaveLength(1);
    const xml = await zip.file("word/document.xml")!.async("string");
    const table = xml.match(/<w:tbl>[\s\S]*?<\/w:tbl>/g)!.find((candidate) => candidate.includes("Why it matters"))!;
    const grid = [...table.matchAll(/<w:gridCol w:w="(\d+)"/g)].map((match) => Number(match[1]));
    expect(grid).toHaveLength(3);
    expect(grid[2]).toBeGreaterThan(grid[0]! * 2);
  });
});
