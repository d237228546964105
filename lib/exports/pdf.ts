import PDFDocument from "pdfkit";
import { decisionLines, type LaunchPack, wordsOf } from "./launch-pack";
import { type Block, type ListItem, markdownBlocks, type Run } from "./markdown-blocks";
import { registerFonts, type Style } from "./pdf-fonts";
import { type Line, layoutLines, measureSpans, type Span } from "./pdf-layout";
import { reuseCompressedStreams } from "./pdf-streams";

const ink = "#17181C";
const muted = "#5B6170";
const accent = "#4B3FE0";
const rule = "#E3E5EA";
const codeBackground = "#F3F4F7";
const headerFill = "#EFEDFF";
const margin = 60;
const bodySize = 10.5;
const lineGap = 2;
const headingSizes = [20, 15, 12.5, 11.5];
const listIndent = 18;

type Doc = PDFKit.PDFDocument;
type Outline = { addItem(title: string, options?: object): Outline };
interface Box {
  x: number;
  width: number;
}
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

interface PdfKitFont {
  id: string;
  ref(): unknown;
  encode(text: string): [string[], { xAdvance: number; xOffset: number; yOffset: number; advanceWidth: number }[]];
}
const decimal = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * Text at a baseline, written as PDFKit's own text() writes it (the same glyph encoding and
 * kerning), without its option handling, wrapping and second measuring: the text was laid
 * out already, and this is most of an export's time.
 */
function drawText(doc: Doc, fontName: string, size: number, text: string, x: number, baseline: number) {
  doc.font(fontName);
  const font = (doc as unknown as { _font: PdfKitFont })._font;
  const fonts = (doc.page as unknown as { fonts: Record<string, unknown> }).fonts;
  fonts[font.id] ??= font.ref();
  const [encoded, positions] = font.encode(text);
  const scale = size / 1000;
  const out = [`BT 1 0 0 -1 ${decimal(x)} ${decimal(baseline)} Tm /${font.id} ${decimal(size)} Tf`];
  const segments: string[] = [];
  let start = 0;
  let penX = x;
  const segment = (end: number) => {
    if (start < end) {
      const adjust = positions[end - 1]!.xAdvance - positions[end - 1]!.advanceWidth;
      segments.push(`<${encoded.slice(start, end).join("")}> ${decimal(-adjust)}`);
    }
    start = end;
  };
  const flush = (end: number) => {
    segment(end);
    if (segments.length) out.push(`[${segments.join(" ")}] TJ`);
    segments.length = 0;
  };
  let offset = false;
  positions.forEach((position, index) => {
    if (position.xOffset || position.yOffset) {
      // A mark placed off the pen position (an accent, a combining glyph): its own text matrix.
      flush(index);
      out.push(`1 0 0 -1 ${decimal(penX + position.xOffset * scale)} ${decimal(baseline - position.yOffset * scale)} Tm`);
      flush(index + 1);
      offset = true;
    } else {
      if (offset) {
        out.push(`1 0 0 -1 ${decimal(penX)} ${decimal(baseline)} Tm`);
        offset = false;
      }
      if (position.xAdvance !== position.advanceWidth) segment(index + 1);
    }
    penX += position.xAdvance * scale;
  });
  flush(positions.length);
  out.push("ET");
  doc.addContent(out.join("\n"));
}

/** Draws the document top to bottom, starting a page when the next line does not fit. */
class PdfWriter {
  y = margin;
  private outlineParent: Outline | undefined;

  constructor(readonly doc: Doc) {}

  get bottom() {
    return this.doc.page.height - margin;
  }
  get box(): Box {
    return { x: margin, width: this.doc.page.width - margin * 2 };
  }

  newPage() {
    this.doc.addPage();
    this.y = margin;
  }

  /** Starts a page unless `height` more points fit on this one. */
  ensure(height: number) {
    if (this.y + height > this.bottom && this.y > margin) this.newPage();
  }

  /** One line, each piece at its measured position on the line's shared baseline. */
  drawLine(line: Line, x: number, top: number, options: { width?: number; align?: "left" | "center" } = {}) {
    const { doc } = this;
    const left = options.align === "center" && options.width ? x + (options.width - line.width) / 2 : x;
    const baseline = top + line.ascent;
    for (const piece of line.pieces) {
      const pieceX = left + piece.x;
      if (piece.code) doc.rect(pieceX - 1, top + 1, piece.width + 2, line.height - 1).fill(codeBackground);
      drawText(doc.fillColor(piece.color), piece.font, piece.size, piece.text, pieceX, baseline);
      if (piece.link) {
        doc.link(pieceX, top, piece.width, line.height, piece.link);
        doc
          .moveTo(pieceX, baseline + 1.5)
          .lineTo(pieceX + piece.width, baseline + 1.5)
          .lineWidth(0.5)
          .strokeColor(piece.color)
          .stroke();
      }
    }
  }

  /** Lays out and draws spans, line by line, breaking pages between lines. Returns the lines. */
  paragraph(
    spans: Span[],
    box: Box,
    options: { align?: "left" | "center"; gapAfter?: number; beforeLine?: (line: Line, top: number, index: number) => void } = {},
  ) {
    const lines = layoutLines(spans, box.width);
    lines.forEach((line, index) => {
      this.ensure(line.height);
      options.beforeLine?.(line, this.y, index);
      this.drawLine(line, box.x, this.y, { width: box.width, align: options.align });
      this.y += line.height + lineGap;
    });
    this.y += options.gapAfter ?? 0;
    return lines;
  }

  /** A heading kept with what follows it, and a bookmark for levels 1 and 2. */
  heading(runs: Run[], level: number, box: Box, options: { size?: number; color?: string; gapBefore?: number } = {}) {
    const size = options.size ?? headingSizes[level - 1]!;
    const spans = spansOf(runs, { size, bold: true, color: options.color ?? (level === 1 ? accent : ink) });
    const lines = layoutLines(spans, box.width);
    if (this.y > margin) this.y += options.gapBefore ?? (level <= 2 ? size * 0.7 : size * 0.5);
    this.ensure(lines.reduce((sum, line) => sum + line.height + lineGap, 0) + bodySize * 3);
    if (level <= 2) this.bookmark(runs.map((run) => run.text).join(""), level);
    for (const line of lines) {
      this.drawLine(line, box.x, this.y);
      this.y += line.height + lineGap;
    }
    this.y += size * 0.35;
  }

  /** An outline entry pointing at the current position: level 1 at the root, level 2 under the last level 1. */
  bookmark(title: string, level: number) {
    const { doc } = this;
    const options = { top: this.y, left: doc.page.width };
    const root = doc.outline as unknown as Outline;
    if (level <= 1 || !this.outlineParent) {
      const item = root.addItem(title, options);
      if (level <= 1) this.outlineParent = item;
    } else this.outlineParent.addItem(title, options);
  }

  blocks(blocks: readonly Block[], headingOffset: number, box: Box, depth = 0) {
    for (const block of blocks) {
      switch (block.type) {
        case "heading":
          this.heading(block.runs, Math.min(block.level + headingOffset, 4), box);
          break;
        case "paragraph":
          this.paragraph(spansOf(block.runs), box, { gapAfter: bodySize * 0.5 });
          break;
        case "quote": {
          const inner = { x: box.x + 14, width: box.width - 14 };
          this.paragraph(spansOf(block.runs, { italic: true, color: muted }), inner, {
            gapAfter: bodySize * 0.5,
            beforeLine: (line, top) => this.doc.rect(box.x + 2, top, 2.5, line.height + lineGap).fill(rule),
          });
          break;
        }
        case "list":
          this.list(block, headingOffset, box, depth);
          break;
        case "table":
          this.table(block.header, block.rows, box);
          break;
        case "code":
          this.code(block.text, box);
          break;
        case "rule":
          this.ensure(bodySize);
          this.doc
            .moveTo(box.x, this.y + 2)
            .lineTo(box.x + box.width, this.y + 2)
            .lineWidth(0.75)
            .strokeColor(rule)
            .stroke();
          this.y += bodySize;
          break;
      }
    }
  }

  /** A list, each level indented further; a marker always stays on the page of its text's first line. */
  list(block: Extract<Block, { type: "list" }>, headingOffset: number, box: Box, depth: number) {
    const inner = { x: box.x + listIndent, width: box.width - listIndent };
    block.items.forEach((item, index) => {
      this.paragraph(spansOf(item.runs.length ? item.runs : [{ text: " " }]), inner, {
        beforeLine: (line, top, lineIndex) => {
          if (lineIndex === 0) this.marker(block, item, index, depth, box.x, top + line.ascent);
        },
      });
      if (item.children.length) this.blocks(item.children, headingOffset, inner, depth + 1);
      this.y += 2;
    });
    if (depth === 0) this.y += bodySize * 0.4;
  }

  /** Bullets and checkboxes are vector shapes: no font has to carry ☐ or ◦. */
  private marker(
    block: Extract<Block, { type: "list" }>,
    item: ListItem,
    index: number,
    depth: number,
    x: number,
    baseline: number,
  ) {
    const { doc } = this;
    if (item.checked !== undefined) {
      const side = bodySize * 0.78;
      const top = baseline - side + 0.6;
      doc.lineWidth(0.9);
      if (item.checked) {
        doc.roundedRect(x + 2, top, side, side, 1.5).fillAndStroke(accent, accent);
        doc
          .moveTo(x + 2 + side * 0.22, top + side * 0.52)
          .lineTo(x + 2 + side * 0.43, top + side * 0.74)
          .lineTo(x + 2 + side * 0.8, top + side * 0.28)
          .lineWidth(1.3)
          .strokeColor("#FFFFFF")
          .stroke();
      } else
        doc
          .roundedRect(x + 2, top, side, side, 1.5)
          .strokeColor(muted)
          .stroke();
      return;
    }
    if (block.ordered) {
      const spans = spansOf([{ text: `${block.start + index}.` }]);
      const [line] = layoutLines(spans, listIndent);
      this.drawLine(line!, x + listIndent - 4 - line!.width, baseline - line!.ascent);
      return;
    }
    const centerX = x + 6;
    const centerY = baseline - bodySize * 0.3;
    const shape = depth % 3;
    if (shape === 0) doc.circle(centerX, centerY, 1.9).fill(ink);
    else if (shape === 1) doc.circle(centerX, centerY, 1.8).lineWidth(0.8).strokeColor(ink).stroke();
    else doc.rect(centerX - 1.7, centerY - 1.7, 3.4, 3.4).fill(ink);
  }

  /** Code in monospace on a tinted band, its whitespace kept; long lines wrap. */
  code(text: string, box: Box) {
    const padding = 7;
    const inner = { x: box.x + padding, width: box.width - padding * 2 };
    const band = (top: number, height: number) => this.doc.rect(box.x, top, box.width, height).fill(codeBackground);
    const lines = layoutLines([{ text, style: "code", size: 9, color: ink }], inner.width);
    lines.forEach((line, index) => {
      const first = index === 0 ? padding : 0;
      const last = index === lines.length - 1 ? padding : 0;
      this.ensure(first + line.height + last);
      band(this.y, first + line.height + lineGap + last);
      this.drawLine(line, inner.x, this.y + first);
      this.y += first + line.height + lineGap;
    });
    this.y += padding + bodySize * 0.6;
  }

  /**
   * A table whose columns are as wide as their content asks (within the page), whose rows
   * are as tall as their tallest cell laid out in the fonts drawn, and whose header repeats
   * on every page it spans.
   */
  table(header: Run[][], rows: Run[][][], box: Box) {
    const size = 9.5;
    const padding = 5;
    const cellSpans = (cell: Run[], isHeader: boolean) => spansOf(cell.length ? cell : [{ text: " " }], { size, bold: isHeader });
    const all = [header, ...rows].map((row, rowIndex) => row.map((cell) => cellSpans(cell, rowIndex === 0)));
    const widths = columnWidths(all, box.width, padding);
    const layoutRow = (row: Span[][]) => {
      const cells = widths.map((width, column) => layoutLines(row[column] ?? cellSpans([], false), width - padding * 2));
      const height =
        Math.max(...cells.map((lines) => lines.reduce((sum, line) => sum + line.height + lineGap, -lineGap))) + padding * 2;
      return { cells, height };
    };
    const drawRow = (row: ReturnType<typeof layoutRow>, isHeader: boolean) => {
      const top = this.y;
      if (isHeader) this.doc.rect(box.x, top, box.width, row.height).fill(headerFill);
      let x = box.x;
      row.cells.forEach((lines, column) => {
        let lineTop = top + padding;
        for (const line of lines) {
          this.drawLine(line, x + padding, lineTop);
          lineTop += line.height + lineGap;
        }
        x += widths[column]!;
      });
      this.doc
        .moveTo(box.x, top + row.height)
        .lineTo(box.x + box.width, top + row.height)
        .lineWidth(0.5)
        .strokeColor(rule)
        .stroke();
      this.y = top + row.height;
    };
    const [headerRow, ...bodyRows] = all.map(layoutRow);
    this.ensure(headerRow!.height + (bodyRows[0]?.height ?? 0));
    drawRow(headerRow!, true);
    for (const row of bodyRows) {
      if (this.y + row.height > this.bottom) {
        this.newPage();
        drawRow(headerRow!, true);
      }
      drawRow(row, false);
    }
    this.y += bodySize * 0.8;
  }
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

/** The launch pack as a PDF: cover, decisions, playbook, then the content by pipeline step, with page numbers and bookmarks. */
export function launchPackPdf(pack: LaunchPack): Promise<Buffer> {
  const words = wordsOf(pack);
  const doc = new PDFDocument({
    size: "A4",
    margin,
    bufferPages: true,
    info: { Title: `${pack.brand.name}: ${words.launchPack}`, Creator: "Launchloop" },
    // No default Helvetica (parsed from its metrics file for every document; never drawn with), and
    // the first page added once its streams can be reused.
    font: null as unknown as string,
    autoFirstPage: false,
  });
  reuseCompressedStreams(doc);
  registerFonts(doc);
  doc.addPage();
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const writer = new PdfWriter(doc);
  const box = writer.box;

  writer.y = 230;
  if (pack.logo) {
    doc.image(Buffer.from(pack.logo.bytes), box.x, 120, { fit: [box.width, 90], align: "center", valign: "bottom" });
  }
  writer.paragraph(spansOf([{ text: pack.brand.name }], { size: 34, bold: true }), box, { align: "center" });
  if (pack.brand.tagline) {
    writer.y += 8;
    writer.paragraph(spansOf([{ text: pack.brand.tagline }], { size: 15, italic: true, color: accent }), box, {
      align: "center",
    });
  }
  writer.y += 40;
  writer.paragraph(spansOf([{ text: words.launchPack }], { size: 13 }), box, { align: "center" });
  writer.paragraph(
    spansOf([{ text: `${pack.project.name} · ${pack.generatedAt.slice(0, 10)}` }], { size: 10, color: muted }),
    box,
    { align: "center" },
  );

  const sectionTitle = (title: string) => {
    writer.newPage();
    writer.heading([{ text: title }], 1, box, { size: 24, color: accent });
    writer.y += 6;
  };

  sectionTitle(words.decisions);
  const decisions = decisionLines(pack.decisions, words);
  if (decisions.length)
    writer.table(
      [[{ text: words.decision }], [{ text: words.choice }]],
      decisions.map((line) => line.map((text) => [{ text }])),
      box,
    );
  else writer.paragraph(spansOf([{ text: words.noDecisions }]), box);

  sectionTitle(words.playbook);
  writer.blocks(markdownBlocks(pack.playbook.markdown.replace(/^# .*\n+/, "")), 0, box);

  for (const section of pack.sections) {
    sectionTitle(section.title);
    for (const item of section.items) {
      writer.heading([{ text: item.title }], 2, box);
      writer.blocks(markdownBlocks(item.body), 2, box);
    }
  }

  const { start, count } = doc.bufferedPageRange();
  const footer = spansOf([{ text: `${pack.brand.name} · ${words.launchPack} · ` }], { size: 8.5, color: muted });
  for (let page = start + 1; page < start + count; page++) {
    doc.switchToPage(page);
    const [line] = layoutLines([...footer, { ...footer[0]!, text: String(page + 1) }], box.width);
    writer.drawLine(line!, box.x, doc.page.height - margin / 2 - 6, { width: box.width, align: "center" });
  }
  doc.end();
  return done;
}
