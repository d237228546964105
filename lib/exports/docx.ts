import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from "docx";
import { decisionLines, type LaunchPack } from "./launch-pack";
import { markdownBlocks, type Run } from "./markdown-blocks";

const headingLevels = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4];

function runsToChildren(runs: Run[]): ParagraphChild[] {
  return runs.map((run) => {
    const text = new TextRun({ text: run.text, bold: run.bold, italics: run.italic, font: run.code ? "Courier New" : undefined, break: run.text === "\n" ? 1 : undefined });
    return run.link ? new ExternalHyperlink({ link: run.link, children: [new TextRun({ text: run.text, style: "Hyperlink", bold: run.bold })] }) : text;
  });
}

function table(header: string[], rows: string[][]): Table {
  const cell = (text: string, isHeader: boolean) =>
    new TableCell({
      children: [new Paragraph({ children: [new TextRun({ text, bold: isHeader })] })],
      shading: isHeader ? { type: ShadingType.CLEAR, fill: "EFEDFF", color: "auto" } : undefined,
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [new TableRow({ tableHeader: true, children: header.map((text) => cell(text, true)) }), ...rows.map((row) => new TableRow({ children: row.map((text) => cell(text, false)) }))],
  });
}

/** Markdown as Word paragraphs; `headingOffset` nests the body's headings under the item's title. */
function markdownToDocx(markdown: string, headingOffset: number): (Paragraph | Table)[] {
  return markdownBlocks(markdown).flatMap((block): (Paragraph | Table)[] => {
    switch (block.type) {
      case "heading":
        return [new Paragraph({ heading: headingLevels[Math.min(block.level + headingOffset, 4) - 1], children: runsToChildren(block.runs) })];
      case "paragraph":
        return [new Paragraph({ children: runsToChildren(block.runs), spacing: { after: 120 } })];
      case "quote":
        return [new Paragraph({ children: runsToChildren(block.runs.map((run) => ({ ...run, italic: true }))), indent: { left: 480 }, border: { left: { style: BorderStyle.SINGLE, size: 12, color: "4B3FE0", space: 8 } } })];
      case "list":
        return block.items.map(
          (item) =>
            new Paragraph({
              children: [...(item.checked !== undefined ? [new TextRun(item.checked ? "☑ " : "☐ ")] : []), ...runsToChildren(item.runs)],
              numbering: { reference: block.ordered ? "numbered" : "bulleted", level: 0 },
            }),
        );
      case "table":
        return [table(block.header, block.rows), new Paragraph({})];
      case "code":
        return block.text.split("\n").map((line) => new Paragraph({ children: [new TextRun({ text: line, font: "Courier New" })] }));
      case "rule":
        return [new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "E3E5EA", space: 1 } } })];
    }
  });
}

/** The launch pack as a Word document: cover, decisions, playbook, then the content by pipeline step. */
export async function launchPackDocx(pack: LaunchPack): Promise<Buffer> {
  const cover = [
    new Paragraph({ spacing: { before: 2400 }, alignment: AlignmentType.CENTER, children: [new TextRun({ text: pack.brand.name, bold: true, size: 64, color: "17181C" })] }),
    ...(pack.brand.tagline ? [new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 240 }, children: [new TextRun({ text: pack.brand.tagline, italics: true, size: 32, color: "4B3FE0" })] })] : []),
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 960 }, children: [new TextRun({ text: "Launch pack", size: 28 })] }),
    new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: `${pack.project.name} · ${pack.generatedAt.slice(0, 10)}`, size: 22, color: "5B6170" })] }),
  ];
  const decisions = decisionLines(pack.decisions);
  const body: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun("Decisions")] }),
    ...(decisions.length ? [table(["Decision", "Choice"], decisions)] : [new Paragraph("No decisions recorded yet.")]),
    new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun("Marketing Playbook")] }),
    ...markdownToDocx(pack.playbook.markdown.replace(/^# .*\n+/, ""), 0),
  ];
  for (const section of pack.sections) {
    body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun(section.title)] }));
    for (const item of section.items) {
      body.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun(item.title)] }), ...markdownToDocx(item.body, 2));
    }
  }
  const document = new Document({
    creator: "Launchloop",
    title: `${pack.brand.name}: launch pack`,
    styles: { default: { document: { run: { font: "Calibri", size: 22 } } } },
    numbering: {
      config: [
        { reference: "bulleted", levels: [{ level: 0, format: LevelFormat.BULLET, text: "•", alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 360, hanging: 260 } } } }] },
        { reference: "numbered", levels: [{ level: 0, format: LevelFormat.DECIMAL, text: "%1.", alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 360, hanging: 260 } } } }] },
      ],
    },
    sections: [{ children: [...cover, ...body] }],
  });
  return Packer.toBuffer(document);
}
