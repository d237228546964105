import { TextCache } from "./bounded-cache";
import { type Block, markdownBlocks, type Run } from "./markdown-blocks";
import type { Style } from "./pdf-fonts";
import { type Line, layoutLines, measureSpans, type Span } from "./pdf-layout";

export const ink = "#17181C";
export const muted = "#5B6170";
export const accent = "#4B3FE0";
export const bodySize = 10.5;
export const lineGap = 2;
export const listIndent = 18;
export const quoteIndent = 14;
export const codePadding = 7;
export const cellPadding = 5;
const headingSizes = [20, 15, 12.5, 11.5];
const cellSize = 9.5;

interface Look {
  size?: number;
  color?: string;
  bold?: boolean;
  italic?: boolean;
}

const styleOf = (run: Run, look: Look): Style => {
  if (run.code) return "code";
  const bold = run.bold || look.bold;
  const italic = run.italic || look.italic;
  return bold && italic ? "bold-italic" : bold ? "bold" : italic ? "italic" : "regular";
};

/** Inline Markdown runs as spans of one look: links in the accent colour, code in monospace. */
export function spansOf(runs: Run[], look: Look = {}): Span[] {
  const size = look.size ?? bodySize;
  return runs
    .filter((run) => run.text)
    .map((run) => ({
      text: run.text,
      style: styleOf(run, look),
      size: run.code ? size * 0.95 : size,
      color: run.link ? accent : (look.color ?? ink),
      ...(run.link && { link: run.link }),
      ...(run.code && { code: true }),
    }));
}

/** A heading laid out: its lines, and the bookmark title for levels 1 and 2. */
export interface LaidHeading {
  level: number;
  size: number;
  title: string;
  lines: Line[];
}
/** A list item's marker: a drawn checkbox or bullet, or its number laid out as text. */
export type Marker = { kind: "checkbox"; checked: boolean } | { kind: "bullet"; depth: number } | { kind: "number"; line: Line };
export interface LaidListItem {
  lines: Line[];
  marker: Marker;
  children: LaidBlock[];
}
export interface LaidRow {
  cells: Line[][];
  height: number;
}
export interface LaidTable {
  widths: number[];
  header: LaidRow;
  rows: LaidRow[];
}
/** A Markdown block with its text broken into lines for the width it is drawn at: drawing only places it. */
export type LaidBlock =
  | { type: "heading"; heading: LaidHeading }
  | { type: "paragraph"; lines: Line[] }
  | { type: "quote"; lines: Line[] }
  | { type: "list"; depth: number; items: LaidListItem[] }
  | { type: "table"; table: LaidTable }
  | { type: "code"; lines: Line[] }
  | { type: "rule" };

export function layoutHeading(runs: Run[], level: number, width: number, options: { size?: number; color?: string } = {}) {
  const size = options.size ?? headingSizes[level - 1]!;
  const spans = spansOf(runs, { size, bold: true, color: options.color ?? (level === 1 ? accent : ink) });
  return { level, size, title: runs.map((run) => run.text).join(""), lines: layoutLines(spans, width) };
}

function layoutBlocks(blocks: readonly Block[], headingOffset: number, width: number, depth: number): LaidBlock[] {
  return blocks.map((block): LaidBlock => {
    switch (block.type) {
      case "heading":
        return { type: "heading", heading: layoutHeading(block.runs, Math.min(block.level + headingOffset, 4), width) };
      case "paragraph":
        return { type: "paragraph", lines: layoutLines(spansOf(block.runs), width) };
      case "quote":
        return { type: "quote", lines: layoutLines(spansOf(block.runs, { italic: true, color: muted }), width - quoteIndent) };
      case "list": {
        const inner = width - listIndent;
        return {
          type: "list",
          depth,
          items: block.items.map((item, index) => ({
            lines: layoutLines(spansOf(item.runs.length ? item.runs : [{ text: " " }]), inner),
            marker:
              item.checked !== undefined
                ? { kind: "checkbox", checked: item.checked }
                : block.ordered
                  ? { kind: "number", line: layoutLines(spansOf([{ text: `${block.start + index}.` }]), listIndent)[0]! }
                  : { kind: "bullet", depth },
            children: layoutBlocks(item.children, headingOffset, inner, depth + 1),
          })),
        };
      }
      case "table":
        return { type: "table", table: layoutTable(block.header, block.rows, width) };
      case "code":
        return {
          type: "code",
          lines: layoutLines([{ text: block.text, style: "code", size: 9, color: ink }], width - codePadding * 2),
        };
      case "rule":
        return { type: "rule" };
    }
  });
}

/**
 * A table whose columns are as wide as their content asks (within the page) and whose rows
 * are as tall as their tallest cell laid out in the fonts drawn.
 */
function layoutTable(header: Run[][], rows: Run[][][], width: number): LaidTable {
  const cellSpans = (cell: Run[], isHeader: boolean) =>
    spansOf(cell.length ? cell : [{ text: " " }], { size: cellSize, bold: isHeader });
  const all = [header, ...rows].map((row, rowIndex) => row.map((cell) => cellSpans(cell, rowIndex === 0)));
  const widths = columnWidths(all, width, cellPadding);
  const layoutRow = (row: Span[][]): LaidRow => {
    const cells = widths.map((columnWidth, column) =>
      layoutLines(row[column] ?? cellSpans([], false), columnWidth - cellPadding * 2),
    );
    const height =
      Math.max(...cells.map((lines) => lines.reduce((sum, line) => sum + line.height + lineGap, -lineGap))) + cellPadding * 2;
    return { cells, height };
  };
  const [headerRow, ...bodyRows] = all.map(layoutRow);
  return { widths, header: headerRow!, rows: bodyRows };
}

/**
 * Column widths from content, as browsers size tables: every column gets at least its
 * widest word, and the rest of the width goes where the text is longest.
 */
export function columnWidths(rows: Span[][][], width: number, padding: number): number[] {
  const columns = Math.max(...rows.map((row) => row.length));
  const min = Array<number>(columns).fill(padding * 2 + 12);
  const max = Array<number>(columns).fill(padding * 2 + 12);
  for (const row of rows) {
    row.forEach((cell, column) => {
      const measured = measureSpans(cell);
      min[column] = Math.max(min[column]!, measured.min + padding * 2 + 0.5);
      max[column] = Math.max(max[column]!, measured.max + padding * 2 + 0.5);
    });
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const [minTotal, maxTotal] = [sum(min), sum(max)];
  if (minTotal >= width) return min.map((value) => (value * width) / minTotal);
  if (maxTotal <= width) return max.map((value) => value + ((width - maxTotal) * value) / maxTotal);
  // Short columns (labels, numbers) keep their text on one line; the long ones share the rest.
  const short = max.map((value) => value <= width * 0.3);
  const fixed = sum(max.filter((_, column) => short[column]));
  const flexibleMin = sum(min.filter((_, column) => !short[column]));
  const flexibleMax = sum(max.filter((_, column) => !short[column]));
  if (fixed + flexibleMin <= width && short.some((isShort) => !isShort)) {
    const share = flexibleMax > flexibleMin ? Math.min(1, (width - fixed - flexibleMin) / (flexibleMax - flexibleMin)) : 0;
    return min.map((value, column) => (short[column] ? max[column]! : value + (max[column]! - value) * share));
  }
  const share = (width - minTotal) / (maxTotal - minTotal);
  return min.map((value, column) => value + (max[column]! - value) * share);
}

/**
 * Layouts kept by the text they were made from, about 120,000 characters (half a dozen launch
 * packs; laid out, a character of Markdown holds about 60 bytes): never changed once made.
 */
const laidOut = new TextCache<LaidBlock[] | LaidTable>(120_000);

function kept<T extends LaidBlock[] | LaidTable>(key: string, make: () => T): T {
  return (laidOut.get(key) as T | undefined) ?? (laidOut.set(key, make()) as T);
}

/**
 * Markdown (an item's body, the playbook) parsed and laid out for a width, kept by its text:
 * an unchanged item is laid out once per process, and an edited one is new text, laid out anew.
 */
export function laidOutMarkdown(markdown: string, headingOffset: number, width: number): LaidBlock[] {
  return kept(`markdown:${headingOffset}:${width}:${markdown}`, () =>
    layoutBlocks(markdownBlocks(markdown), headingOffset, width, 0),
  );
}

/** A table laid out for a width, kept by its cells' text. */
export function laidOutTable(header: Run[][], rows: Run[][][], width: number): LaidTable {
  return kept(`table:${width}:${JSON.stringify([header, rows])}`, () => layoutTable(header, rows, width));
}
