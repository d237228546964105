import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  type ILevelsOptions,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import { imageSize } from "./image-size";
import { decisionLines, type LaunchPack, wordsOf } from "./launch-pack";
import { type Block, markdownBlocks, plain, type Run } from "./markdown-blocks";

const headingLevels = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4];
const monospace = "Courier New";
/** Twips a nested list moves right per level. */
const listIndent = 360;

function runsToChildren(runs: Run[]): ParagraphChild[] {
  return runs.map((run) => {
    const look = {
      bold: run.bold,
      italics: run.italic,
      ...(run.code && { font: monospace, shading: { type: ShadingType.CLEAR, fill: "F3F4F7", color: "auto" } }),
    };
    if (run.text === "\n") return new TextRun({ break: 1 });
    return run.link
      ? new ExternalHyperlink({ link: run.link, children: [new TextRun({ ...look, text: run.text, style: "Hyperlink" })] })
      : new TextRun({ ...look, text: run.text });
  });
}

// Characters as wide as a Latin letter (CJK and emoji count twice).
const characterWidth = (text: string) =>
  Array.from(text).reduce((width, character) => width + (character.codePointAt(0)! >= 0x2e80 ? 2 : 1), 0);
/** Twips of text width on an A4 page with Word's default margins. */
const textWidthTwips = 9026;

/** Column widths from content: each column gets its longest word, the rest goes to the longer text. */
function columnWidths(rows: Run[][][]): number[] {
  const columns = Math.max(...rows.map((row) => row.length));
  const min = Array.from({ length: columns }, (_, column) =>
    Math.max(
      4,
      ...rows.map((row) =>
        Math.max(
          0,
          ...plain(row[column] ?? [])
            .split(/\s+/)
            .map(characterWidth),
        ),
      ),
    ),
  );
  const max = Array.from({ length: columns }, (_, column) =>
    Math.min(80, Math.max(min[column]!, ...rows.map((row) => characterWidth(plain(row[column] ?? []))))),
  );
  const total = max.reduce((sum, value) => sum + value, 0);
  return max.map((value) => Math.round((value / total) * textWidthTwips));
}

/** A table whose columns follow their content, whose rows never split across pages and whose header row repeats on each page. */
function table(header: Run[][], rows: Run[][][]): Table {
  const widths = columnWidths([header, ...rows]);
  const cell = (runs: Run[], isHeader: boolean, column: number) =>
    new TableCell({
      width: { size: widths[column]!, type: WidthType.DXA },
      children: [new Paragraph({ children: runsToChildren(isHeader ? runs.map((run) => ({ ...run, bold: true })) : runs) })],
      shading: isHeader ? { type: ShadingType.CLEAR, fill: "EFEDFF", color: "auto" } : undefined,
      margins: { top: 60, bottom: 60, left: 100, right: 100 },
    });
  return new Table({
    width: { size: textWidthTwips, type: WidthType.DXA },
    columnWidths: widths,
    rows: [
      new TableRow({ tableHeader: true, cantSplit: true, children: header.map((runs, column) => cell(runs, true, column)) }),
      ...rows.map((row) => new TableRow({ cantSplit: true, children: row.map((runs, column) => cell(runs, false, column)) })),
    ],
  });
}

const checkbox = (checked: boolean) => new TextRun({ text: checked ? "☒ " : "☐ ", font: "Segoe UI Symbol" });

/** Markdown as Word paragraphs; `headingOffset` nests the body's headings under the item's title. */
class DocxWriter {
  private lists = 0;

  blocks(blocks: readonly Block[], headingOffset: number, depth = 0): (Paragraph | Table)[] {
    return blocks.flatMap((block): (Paragraph | Table)[] => {
      const indent = depth ? { left: listIndent * (depth + 1) } : undefined;
      switch (block.type) {
        case "heading":
          return [
            new Paragraph({
              heading: headingLevels[Math.min(block.level + headingOffset, 4) - 1],
              children: runsToChildren(block.runs),
            }),
          ];
        case "paragraph":
          return [new Paragraph({ children: runsToChildren(block.runs), spacing: { after: 120 }, indent })];
        case "quote":
          return [
            new Paragraph({
              children: runsToChildren(block.runs.map((run) => ({ ...run, italic: true }))),
              indent: { left: 480 },
              border: { left: { style: BorderStyle.SINGLE, size: 12, color: "4B3FE0", space: 8 } },
            }),
          ];
        case "list":
          return this.list(block, headingOffset, depth);
        case "table":
          return [table(block.header, block.rows), new Paragraph({})];
        case "code":
          return block.text.split("\n").map(
            (line, index, lines) =>
              new Paragraph({
                children: [new TextRun({ text: line, font: monospace, size: 19 })],
                shading: { type: ShadingType.CLEAR, fill: "F3F4F7", color: "auto" },
                spacing: { before: index === 0 ? 60 : 0, after: index === lines.length - 1 ? 160 : 0, line: 260 },
                indent: { left: (indent?.left ?? 0) + 120, right: 120 },
                keepLines: true,
              }),
          );
        case "rule":
          return [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "E3E5EA", space: 1 } } })];
      }
    });
  }

  /** A list at its depth: Word's own bullets and numbers (restarting per list), or checkboxes. */
  private list(block: Extract<Block, { type: "list" }>, headingOffset: number, depth: number): Paragraph[] {
    const instance = ++this.lists;
    return block.items.flatMap((item) => [
      item.checked !== undefined
        ? new Paragraph({
            children: [checkbox(item.checked), ...runsToChildren(item.runs)],
            indent: { left: listIndent * (depth + 1), hanging: 300 },
            spacing: { after: 60 },
          })
        : new Paragraph({
            children: runsToChildren(item.runs),
            numbering: { reference: block.ordered ? "numbered" : "bulleted", level: Math.min(depth, 5), instance },
            spacing: { after: 60 },
          }),
      ...(this.blocks(item.children, headingOffset, depth + 1) as Paragraph[]),
    ]);
  }
}

const bullets = ["•", "◦", "▪"];
const numberFormats = [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN];
const levels = (kind: "bulleted" | "numbered"): ILevelsOptions[] =>
  Array.from({ length: 6 }, (_, level) => ({
    level,
    format: kind === "bulleted" ? LevelFormat.BULLET : numberFormats[level % 3]!,
    text: kind === "bulleted" ? bullets[level % 3]! : `%${level + 1}.`,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: listIndent * (level + 1), hanging: 300 } } },
  }));

/** Headings a reader tells apart at a glance: size, weight, colour and space step down by level. */
const headingStyles = [
  { level: 1, size: 40, color: "4B3FE0", before: 480, after: 200 },
  { level: 2, size: 30, color: "17181C", before: 360, after: 120 },
  { level: 3, size: 25, color: "17181C", before: 240, after: 80 },
  { level: 4, size: 22, color: "4B3FE0", before: 200, after: 60 },
].map(({ level, size, color, before, after }) => ({
  id: `Heading${level}`,
  name: `Heading ${level}`,
  basedOn: "Normal",
  next: "Normal",
  quickFormat: true,
  run: { size, bold: true, color, font: "Calibri" },
  paragraph: { spacing: { before, after }, keepNext: true, keepLines: true },
}));

function coverLogo(pack: LaunchPack): Paragraph[] {
  if (!pack.logo) return [];
  const size = imageSize(pack.logo.bytes);
  if (!size) return [];
  const scale = Math.min(1, 240 / size.width, 120 / size.height);
  const image = new ImageRun({
    type: pack.logo.contentType === "image/png" ? "png" : "jpg",
    data: pack.logo.bytes,
    transformation: { width: Math.round(size.width * scale), height: Math.round(size.height * scale) },
  });
  return [new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 1200 }, children: [image] })];
}

/** The launch pack as a Word document: cover, decisions, playbook, then the content by pipeline step. */
export async function launchPackDocx(pack: LaunchPack): Promise<Buffer> {
  const words = wordsOf(pack);
  const logo = coverLogo(pack);
  const cover = [
    ...logo,
    new Paragraph({
      spacing: { before: logo.length ? 480 : 2400 },
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: pack.brand.name, bold: true, size: 64, color: "17181C" })],
    }),
    ...(pack.brand.tagline
      ? [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { before: 240 },
            children: [new TextRun({ text: pack.brand.tagline, italics: true, size: 32, color: "4B3FE0" })],
          }),
        ]
      : []),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 960 },
      children: [new TextRun({ text: words.launchPack, size: 28 })],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: `${pack.project.name} · ${pack.generatedAt.slice(0, 10)}`, size: 22, color: "5B6170" })],
    }),
  ];
  const writer = new DocxWriter();
  const decisions = decisionLines(pack.decisions, words);
  const body: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(words.decisions)] }),
    ...(decisions.length
      ? [
          table(
            [[{ text: words.decision }], [{ text: words.choice }]],
            decisions.map((line) => line.map((text) => [{ text }])),
          ),
        ]
      : [new Paragraph(words.noDecisions)]),
    new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(words.playbook)] }),
    ...writer.blocks(markdownBlocks(pack.playbook.markdown.replace(/^# .*\n+/, "")), 0),
  ];
  for (const section of pack.sections) {
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(section.title)] }));
    for (const item of section.items) {
      body.push(
        new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(item.title)] }),
        ...writer.blocks(markdownBlocks(item.body), 2),
      );
    }
  }
  if (pack.cards?.cards.length) {
    body.push(
      new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(pack.cards.title)] }),
    );
    for (const card of pack.cards.cards) {
      // 6 inches wide at most (a page's text width), 4 tall: a portrait card stays on its page.
      const scale = Math.min(576 / card.width, 384 / card.height);
      body.push(
        new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(card.title)] }),
        new Paragraph({
          children: [
            new ImageRun({
              type: "png",
              data: card.png,
              transformation: { width: Math.round(card.width * scale), height: Math.round(card.height * scale) },
              altText: { name: card.title, title: card.title, description: card.alt },
            }),
          ],
        }),
        new Paragraph({ children: [new TextRun({ text: card.alt, italics: true, color: "5B6170" })] }),
      );
    }
  }
  const document = new Document({
    creator: "Launchloop",
    title: `${pack.brand.name}: ${words.launchPack}`,
    styles: { default: { document: { run: { font: "Calibri", size: 22 } } }, paragraphStyles: headingStyles },
    numbering: {
      config: [
        { reference: "bulleted", levels: levels("bulleted") },
        { reference: "numbered", levels: levels("numbered") },
      ],
    },
    sections: [{ children: [...cover, ...body] }],
  });
  return Packer.toBuffer(document);
}
