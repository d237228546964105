import ExcelJS from "exceljs";
import { decisionLines, kindLabel, type LaunchPack, wordsOf } from "./launch-pack";
import { markdownToPlainText } from "./markdown-blocks";

const headerFill: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFEFEDFF" } };

// CJK characters and emoji take two character widths in a spreadsheet cell.
const displayWidth = (line: string) =>
  Array.from(line).reduce((width, character) => width + (character.codePointAt(0)! >= 0x2e80 ? 2 : 1), 0);

/** How many lines `text` takes in a column `width` characters wide. */
const wrappedLines = (text: string, width: number) =>
  text.split("\n").reduce((lines, line) => lines + Math.max(1, Math.ceil(displayWidth(line) / Math.max(1, width - 2))), 0);

/** A sheet with a bold, frozen header row, set column widths and wrapped text. */
function addSheet(workbook: ExcelJS.Workbook, name: string, columns: { header: string; width: number }[], rows: string[][]) {
  const sheet = workbook.addWorksheet(name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31), {
    views: [{ state: "frozen", ySplit: 1 }],
    // Printed (or converted to PDF) a sheet fits the page's width, in landscape.
    pageSetup: { orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: "1:1" },
  });
  // A column is never narrower than its bold header (with room for the filter button some apps add).
  const widths = columns.map((column) => Math.max(column.width, Math.ceil(column.header.length * 1.15) + 3));
  sheet.columns = columns.map((column, index) => ({ header: column.header, width: widths[index] }));
  for (const row of rows) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).fill = headerFill;
  sheet.eachRow((row, rowNumber) => {
    row.alignment = { wrapText: true, vertical: "top" };
    // Spreadsheet apps do not grow rows for wrapped text on their own: size each row for its longest cell.
    if (rowNumber > 1)
      row.height =
        15 * Math.max(1, ...widths.map((width, index) => wrappedLines(String(row.getCell(index + 1).value ?? ""), width)));
  });
  return sheet;
}

/** The playbook's Markdown as (section, content) rows: one row per section. */
function playbookRows(markdown: string, overview: string): string[][] {
  const rows: string[][] = [];
  let section = overview;
  let content: string[] = [];
  const flush = () => {
    if (content.length) rows.push([section, markdownToPlainText(content.join("\n\n"))]);
    content = [];
  };
  for (const chunk of markdown.split(/\n(?=## )/)) {
    const [first, ...rest] = chunk.split("\n");
    if (first!.startsWith("## ")) {
      flush();
      section = first!.slice(3);
      content = [rest.join("\n")];
    } else if (!first!.startsWith("# ")) content.push(chunk);
    else content.push(rest.join("\n"));
  }
  flush();
  return rows.filter((row) => row[1]!.trim());
}

/** The launch pack as a workbook: an overview, the playbook, and one sheet per pipeline step. */
export async function launchPackXlsx(pack: LaunchPack): Promise<Buffer> {
  const words = wordsOf(pack);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Launchloop";
  workbook.created = new Date(pack.generatedAt);
  addSheet(
    workbook,
    words.overview,
    [
      { header: words.field, width: 22 },
      { header: words.value, width: 90 },
    ],
    [
      [words.brand, pack.brand.name],
      [words.tagline, pack.brand.tagline ?? ""],
      [words.project, pack.project.name],
      [words.generated, pack.generatedAt.slice(0, 10)],
      ...decisionLines(pack.decisions, words),
    ],
  );
  addSheet(
    workbook,
    words.playbook,
    [
      { header: words.section, width: 24 },
      { header: words.content, width: 100 },
    ],
    playbookRows(pack.playbook.markdown, words.overview),
  );
  for (const section of pack.sections) {
    addSheet(
      workbook,
      section.title,
      [
        { header: words.title, width: 30 },
        { header: words.kind, width: 22 },
        { header: words.content, width: 100 },
        { header: words.writtenBy, width: 14 },
        { header: words.editedByFounder, width: 12 },
      ],
      section.items.map((item) => [
        item.title,
        kindLabel(item.kind, words),
        markdownToPlainText(item.body),
        item.source,
        item.editedByFounder ? words.yes : words.no,
      ]),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
