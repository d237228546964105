import PDFDocument from "pdfkit";
import { decisionLines, type LaunchPack, wordsOf } from "./launch-pack";
import {
  accent,
  bodySize,
  cellPadding,
  codePadding,
  ink,
  type LaidBlock,
  type LaidHeading,
  type LaidRow,
  type LaidTable,
  laidOutMarkdown,
  laidOutTable,
  layoutHeading,
  lineGap,
  listIndent,
  type Marker,
  muted,
  quoteIndent,
  spansOf,
} from "./pdf-blocks";
import { type DocumentFonts, type FontName, type GlyphPosition, registerFonts } from "./pdf-fonts";
import { type Line, layoutLines, type Span } from "./pdf-layout";
import { reuseCompressedStreams } from "./pdf-streams";

const rule = "#E3E5EA";
const codeBackground = "#F3F4F7";
const headerFill = "#EFEDFF";
const margin = 60;

type Doc = PDFKit.PDFDocument;
type Outline = { addItem(title: string, options?: object): Outline };
interface Box {
  x: number;
  width: number;
}

const decimal = (value: number) => String(Math.round(value * 1000) / 1000);

const fills = new Map<string, string>();
/** The operators PDFKit's fillColor writes for an RGB hex colour, made once per colour. */
function fillOperators(color: string): string {
  let operators = fills.get(color);
  if (!operators) {
    const hex = Number.parseInt(color.slice(1), 16);
    const rgb = [hex >> 16, (hex >> 8) & 0xff, hex & 0xff].map((part) => part / 255);
    operators = `/DeviceRGB cs\n${rgb.join(" ")} scn`;
    fills.set(color, operators);
  }
  return operators;
}

/** Where a run of glyphs is split for kerning (after each glyph whose advance is adjusted), and each split's adjustment. */
interface Kerning {
  ends: number[];
  adjustments: string[];
}
const kernings = new WeakMap<GlyphPosition[], Kerning | null>();

/**
 * The kerning of a laid-out text without marks placed off the pen (null when it has some),
 * made once per layout: positions are shared by every document that draws the same text.
 */
function kerningOf(positions: GlyphPosition[]): Kerning | null {
  let kerning = kernings.get(positions);
  if (kerning !== undefined) return kerning;
  kerning = { ends: [], adjustments: [] };
  for (let index = 0; index < positions.length; index++) {
    const position = positions[index]!;
    if (position.xOffset || position.yOffset) {
      kerning = null;
      break;
    }
    if (position.xAdvance !== position.advanceWidth || index === positions.length - 1) {
      kerning.ends.push(index + 1);
      kerning.adjustments.push(decimal(position.advanceWidth - position.xAdvance));
    }
  }
  kernings.set(positions, kerning);
  return kerning;
}

/** The TJ operator of glyph codes split where the kerning says, with a line break after it (none when there is no glyph). */
function showText(codes: string[], { ends, adjustments }: Kerning): string {
  if (ends.length === 0) return "";
  let shown = "[";
  let from = 0;
  for (let split = 0; split < ends.length; split++) {
    const end = ends[split]!;
    shown += split ? " <" : "<";
    for (let index = from; index < end; index++) shown += codes[index];
    shown += `> ${adjustments[split]}`;
    from = end;
  }
  return `${shown}] TJ\n`;
}

/**
 * Text at a baseline, written as PDFKit's own text() writes it (the same glyph encoding and
 * kerning), without its option handling, wrapping and second measuring: the text was laid
 * out already, and this is most of an export's time.
 */
function textOperators(
  fonts: DocumentFonts,
  doc: Doc,
  fontName: FontName,
  size: number,
  text: string,
  x: number,
  baseline: number,
) {
  const { id, ref, codes, positions } = fonts.encode(fontName, text);
  const pageFonts = (doc.page as unknown as { fonts: Record<string, unknown> }).fonts;
  pageFonts[id] ??= ref();
  const start = `BT 1 0 0 -1 ${decimal(x)} ${decimal(baseline)} Tm /${id} ${decimal(size)} Tf`;
  const plan = kerningOf(positions);
  if (plan) return `${start}\n${showText(codes, plan)}ET`;
  const scale = size / 1000;
  const out = [start];
  const segments: string[] = [];
  let from = 0;
  let penX = x;
  const segment = (end: number) => {
    if (from < end) {
      const adjust = positions[end - 1]!.xAdvance - positions[end - 1]!.advanceWidth;
      segments.push(`<${codes.slice(from, end).join("")}> ${decimal(-adjust)}`);
    }
    from = end;
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
  return out.join("\n");
}

/** Draws the document top to bottom, starting a page when the next line does not fit. */
class PdfWriter {
  y = margin;
  private outlineParent: Outline | undefined;

  constructor(
    readonly doc: Doc,
    readonly fonts: DocumentFonts,
  ) {}

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

  /** One line, each piece at its measured position on the line's shared baseline, written to the page at once. */
  drawLine(line: Line, x: number, top: number, options: { width?: number; align?: "left" | "center" } = {}) {
    const { doc } = this;
    const left = options.align === "center" && options.width ? x + (options.width - line.width) / 2 : x;
    const baseline = top + line.ascent;
    const out: string[] = [];
    for (const piece of line.pieces) {
      const pieceX = left + piece.x;
      if (piece.code) {
        if (out.length) doc.addContent(out.splice(0).join("\n"));
        doc.rect(pieceX - 1, top + 1, piece.width + 2, line.height - 1).fill(codeBackground);
      }
      out.push(fillOperators(piece.color));
      out.push(textOperators(this.fonts, doc, piece.font, piece.size, piece.text, pieceX, baseline));
      if (piece.link) {
        doc.addContent(out.splice(0).join("\n"));
        doc.link(pieceX, top, piece.width, line.height, piece.link);
        doc
          .moveTo(pieceX, baseline + 1.5)
          .lineTo(pieceX + piece.width, baseline + 1.5)
          .lineWidth(0.5)
          .strokeColor(piece.color)
          .stroke();
      }
    }
    if (out.length) doc.addContent(out.join("\n"));
  }

  /** Draws laid-out lines, breaking pages between lines. */
  lines(
    lines: Line[],
    box: Box,
    options: { align?: "left" | "center"; gapAfter?: number; beforeLine?: (line: Line, top: number, index: number) => void } = {},
  ) {
    lines.forEach((line, index) => {
      this.ensure(line.height);
      options.beforeLine?.(line, this.y, index);
      this.drawLine(line, box.x, this.y, { width: box.width, align: options.align });
      this.y += line.height + lineGap;
    });
    this.y += options.gapAfter ?? 0;
  }

  /** Lays out and draws spans, line by line, breaking pages between lines. */
  paragraph(spans: Span[], box: Box, options: { align?: "left" | "center"; gapAfter?: number } = {}) {
    this.lines(layoutLines(spans, box.width), box, options);
  }

  /** A heading kept with what follows it, and a bookmark for levels 1 and 2. */
  heading({ level, size, title, lines }: LaidHeading, box: Box) {
    if (this.y > margin) this.y += level <= 2 ? size * 0.7 : size * 0.5;
    this.ensure(lines.reduce((sum, line) => sum + line.height + lineGap, 0) + bodySize * 3);
    if (level <= 2) this.bookmark(title, level);
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

  blocks(blocks: readonly LaidBlock[], box: Box) {
    for (const block of blocks) {
      switch (block.type) {
        case "heading":
          this.heading(block.heading, box);
          break;
        case "paragraph":
          this.lines(block.lines, box, { gapAfter: bodySize * 0.5 });
          break;
        case "quote": {
          const inner = { x: box.x + quoteIndent, width: box.width - quoteIndent };
          this.lines(block.lines, inner, {
            gapAfter: bodySize * 0.5,
            beforeLine: (line, top) => this.doc.rect(box.x + 2, top, 2.5, line.height + lineGap).fill(rule),
          });
          break;
        }
        case "list":
          this.list(block, box);
          break;
        case "table":
          this.table(block.table, box);
          break;
        case "code":
          this.code(block.lines, box);
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
  list(block: Extract<LaidBlock, { type: "list" }>, box: Box) {
    const inner = { x: box.x + listIndent, width: box.width - listIndent };
    for (const item of block.items) {
      this.lines(item.lines, inner, {
        beforeLine: (line, top, lineIndex) => {
          if (lineIndex === 0) this.marker(item.marker, box.x, top + line.ascent);
        },
      });
      if (item.children.length) this.blocks(item.children, inner);
      this.y += 2;
    }
    if (block.depth === 0) this.y += bodySize * 0.4;
  }

  /** Bullets and checkboxes are vector shapes: no font has to carry ☐ or ◦. */
  private marker(marker: Marker, x: number, baseline: number) {
    const { doc } = this;
    if (marker.kind === "checkbox") {
      const side = bodySize * 0.78;
      const top = baseline - side + 0.6;
      doc.lineWidth(0.9);
      if (marker.checked) {
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
    if (marker.kind === "number") {
      const { line } = marker;
      this.drawLine(line, x + listIndent - 4 - line.width, baseline - line.ascent);
      return;
    }
    const centerX = x + 6;
    const centerY = baseline - bodySize * 0.3;
    const shape = marker.depth % 3;
    if (shape === 0) doc.circle(centerX, centerY, 1.9).fill(ink);
    else if (shape === 1) doc.circle(centerX, centerY, 1.8).lineWidth(0.8).strokeColor(ink).stroke();
    else doc.rect(centerX - 1.7, centerY - 1.7, 3.4, 3.4).fill(ink);
  }

  /** Code in monospace on a tinted band, its whitespace kept; long lines wrap. */
  code(lines: Line[], box: Box) {
    const inner = { x: box.x + codePadding, width: box.width - codePadding * 2 };
    const band = (top: number, height: number) => this.doc.rect(box.x, top, box.width, height).fill(codeBackground);
    lines.forEach((line, index) => {
      const first = index === 0 ? codePadding : 0;
      const last = index === lines.length - 1 ? codePadding : 0;
      this.ensure(first + line.height + last);
      band(this.y, first + line.height + lineGap + last);
      this.drawLine(line, inner.x, this.y + first);
      this.y += first + line.height + lineGap;
    });
    this.y += codePadding + bodySize * 0.6;
  }

  /** A laid-out table, its header repeated on every page it spans. */
  table({ widths, header, rows }: LaidTable, box: Box) {
    const drawRow = (row: LaidRow, isHeader: boolean) => {
      const top = this.y;
      if (isHeader) this.doc.rect(box.x, top, box.width, row.height).fill(headerFill);
      let x = box.x;
      row.cells.forEach((lines, column) => {
        let lineTop = top + cellPadding;
        for (const line of lines) {
          this.drawLine(line, x + cellPadding, lineTop);
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
    this.ensure(header.height + (rows[0]?.height ?? 0));
    drawRow(header, true);
    for (const row of rows) {
      if (this.y + row.height > this.bottom) {
        this.newPage();
        drawRow(header, true);
      }
      drawRow(row, false);
    }
    this.y += bodySize * 0.8;
  }
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
  const fonts = registerFonts(doc);
  doc.addPage();
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const writer = new PdfWriter(doc, fonts);
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
    writer.heading(layoutHeading([{ text: title }], 1, box.width, { size: 24, color: accent }), box);
    writer.y += 6;
  };

  sectionTitle(words.decisions);
  const decisions = decisionLines(pack.decisions, words);
  if (decisions.length)
    writer.table(
      laidOutTable(
        [[{ text: words.decision }], [{ text: words.choice }]],
        decisions.map((line) => line.map((text) => [{ text }])),
        box.width,
      ),
      box,
    );
  else writer.paragraph(spansOf([{ text: words.noDecisions }]), box);

  sectionTitle(words.playbook);
  writer.blocks(laidOutMarkdown(pack.playbook.markdown.replace(/^# .*\n+/, ""), 0, box.width), box);

  for (const section of pack.sections) {
    sectionTitle(section.title);
    for (const item of section.items) {
      writer.heading(layoutHeading([{ text: item.title }], 2, box.width), box);
      writer.blocks(laidOutMarkdown(item.body, 2, box.width), box);
    }
  }

  if (pack.cards?.cards.length) {
    sectionTitle(pack.cards.title);
    for (const card of pack.cards.cards) {
      const scale = Math.min(box.width / card.width, 300 / card.height);
      const [width, height] = [card.width * scale, card.height * scale];
      writer.ensure(height + 60);
      writer.heading(layoutHeading([{ text: card.title }], 2, box.width), box);
      doc.image(Buffer.from(card.png), box.x, writer.y, { width, height });
      writer.y += height + 6;
      writer.paragraph(spansOf([{ text: card.alt }], { size: 10, italic: true, color: muted }), box, { gapAfter: 14 });
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
