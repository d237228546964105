import PDFDocument from "pdfkit";
import { decisionLines, type LaunchPack } from "./launch-pack";
import { markdownBlocks, type Block, type Run } from "./markdown-blocks";
import { fontRuns, registerFonts } from "./pdf-fonts";

const ink = "#17181C";
const muted = "#5B6170";
const accent = "#4B3FE0";
const margin = 60;
const headingSizes = [20, 15, 12.5, 11.5];

type Doc = PDFKit.PDFDocument;

/** Writes inline runs as one flowing paragraph, each piece in the font that has its glyphs. */
function writeRuns(doc: Doc, runs: Run[], options: { size?: number; color?: string; x?: number; width?: number; align?: "left" | "center" } = {}) {
  const pieces = runs.flatMap((run) =>
    fontRuns(run.text, run.bold ? "bold" : run.italic ? "italic" : "regular").map((piece) => ({ ...piece, link: run.link, code: run.code })),
  );
  if (pieces.length === 0) return;
  doc.fontSize(options.size ?? 10.5).fillColor(options.color ?? ink);
  pieces.forEach((piece, index) => {
    doc.font(piece.font);
    const settings = {
      continued: index < pieces.length - 1,
      link: piece.link ?? undefined,
      underline: Boolean(piece.link),
      align: options.align ?? "left",
      lineGap: 2,
      ...(index === 0 && options.width ? { width: options.width } : {}),
    };
    if (index === 0 && options.x !== undefined) doc.text(piece.text, options.x, doc.y, settings);
    else doc.text(piece.text, settings);
  });
  doc.x = margin;
}

const pageWidth = (doc: Doc) => doc.page.width - margin * 2;

function writeTable(doc: Doc, header: string[], rows: string[][]) {
  const width = pageWidth(doc) / header.length;
  const cellHeight = (row: string[]) => Math.max(...row.map((cell) => doc.font("latin-regular").fontSize(9.5).heightOfString(cell || " ", { width: width - 8 }))) + 8;
  for (const [index, row] of [header, ...rows].entries()) {
    const height = cellHeight(row);
    if (doc.y + height > doc.page.height - margin) doc.addPage();
    const top = doc.y;
    if (index === 0) doc.rect(margin, top, pageWidth(doc), height).fill("#EFEDFF");
    row.forEach((cell, column) => {
      doc.y = top + 4;
      writeRuns(doc, [{ text: cell || " ", bold: index === 0 }], { size: 9.5, x: margin + column * width + 4, width: width - 8 });
    });
    doc.moveTo(margin, top + height).lineTo(margin + pageWidth(doc), top + height).strokeColor("#E3E5EA").lineWidth(0.5).stroke();
    doc.y = top + height;
    doc.x = margin;
  }
  doc.moveDown(0.6);
}

/** Markdown blocks as PDF: headings, paragraphs, real bullet lists, quotes, tables. */
function writeBlocks(doc: Doc, blocks: Block[], headingOffset: number) {
  for (const block of blocks) {
    switch (block.type) {
      case "heading": {
        const level = Math.min(block.level + headingOffset, 4);
        doc.moveDown(level <= 2 ? 0.6 : 0.4);
        writeRuns(doc, block.runs.map((run) => ({ ...run, bold: true })), { size: headingSizes[level - 1], color: level === 1 ? accent : ink });
        doc.moveDown(0.3);
        break;
      }
      case "paragraph":
        writeRuns(doc, block.runs);
        doc.moveDown(0.5);
        break;
      case "quote":
        writeRuns(doc, block.runs.map((run) => ({ ...run, italic: !run.bold })), { x: margin + 14, width: pageWidth(doc) - 14, color: muted });
        doc.moveDown(0.5);
        break;
      case "list":
        block.items.forEach((item, index) => {
          const marker = item.checked !== undefined ? (item.checked ? "☑" : "☐") : block.ordered ? `${index + 1}.` : "•";
          const top = doc.y;
          doc.font("latin-regular").fontSize(10.5).fillColor(ink).text(marker, margin + 4, top, { lineBreak: false });
          doc.y = top;
          writeRuns(doc, item.runs, { x: margin + 20, width: pageWidth(doc) - 20 });
          doc.moveDown(0.2);
        });
        doc.moveDown(0.3);
        break;
      case "table":
        writeTable(doc, block.header, block.rows);
        break;
      case "code":
        writeRuns(doc, [{ text: block.text, code: true }], { size: 9.5 });
        doc.moveDown(0.5);
        break;
      case "rule":
        doc.moveTo(margin, doc.y).lineTo(margin + pageWidth(doc), doc.y).strokeColor("#E3E5EA").stroke();
        doc.moveDown(0.5);
        break;
    }
  }
}

function sectionTitle(doc: Doc, title: string) {
  doc.addPage();
  writeRuns(doc, [{ text: title, bold: true }], { size: 24, color: accent });
  doc.moveDown(0.8);
}

/** The launch pack as a PDF: cover, decisions, playbook, then the content by pipeline step, with page numbers. */
export function launchPackPdf(pack: LaunchPack): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin, bufferPages: true, info: { Title: `${pack.brand.name}: launch pack`, Creator: "Launchloop" } });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.y = 260;
  writeRuns(doc, [{ text: pack.brand.name, bold: true }], { size: 34, align: "center" });
  if (pack.brand.tagline) {
    doc.moveDown(0.5);
    writeRuns(doc, [{ text: pack.brand.tagline, italic: true }], { size: 15, color: accent, align: "center" });
  }
  doc.moveDown(3);
  writeRuns(doc, [{ text: "Launch pack" }], { size: 13, align: "center" });
  writeRuns(doc, [{ text: `${pack.project.name} · ${pack.generatedAt.slice(0, 10)}` }], { size: 10, color: muted, align: "center" });

  sectionTitle(doc, "Decisions");
  const decisions = decisionLines(pack.decisions);
  if (decisions.length) writeTable(doc, ["Decision", "Choice"], decisions);
  else writeRuns(doc, [{ text: "No decisions recorded yet." }]);

  sectionTitle(doc, "Marketing Playbook");
  writeBlocks(doc, markdownBlocks(pack.playbook.markdown.replace(/^# .*\n+/, "")), 0);

  for (const section of pack.sections) {
    sectionTitle(doc, section.title);
    for (const item of section.items) {
      writeBlocks(doc, [{ type: "heading", level: 1, runs: [{ text: item.title }] }], 1);
      writeBlocks(doc, markdownBlocks(item.body), 2);
    }
  }

  const { start, count } = doc.bufferedPageRange();
  for (let page = start + 1; page < start + count; page++) {
    doc.switchToPage(page);
    // The footer sits in the bottom margin: let PDFKit write there without starting a page.
    doc.page.margins.bottom = 0;
    doc.font("latin-regular").fontSize(8.5).fillColor(muted);
    doc.text(`${pack.brand.name} · launch pack · ${page + 1}`, margin, doc.page.height - margin / 2 - 6, { width: pageWidth(doc), align: "center", lineBreak: false });
  }
  doc.end();
  return done;
}
