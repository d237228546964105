import { marked, type Token, type Tokens } from "marked";

/** A run of inline text with its formatting. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  link?: string;
}

/** The few block shapes every document format renders: Markdown becomes formatting, never raw asterisks. */
export type Block =
  | { type: "heading"; level: number; runs: Run[] }
  | { type: "paragraph"; runs: Run[] }
  | { type: "list"; ordered: boolean; items: { runs: Run[]; checked?: boolean }[] }
  | { type: "quote"; runs: Run[] }
  | { type: "table"; header: string[]; rows: string[][] }
  | { type: "code"; text: string }
  | { type: "rule" };

function inlineRuns(tokens: Token[] | undefined, style: Omit<Run, "text"> = {}): Run[] {
  const runs: Run[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        runs.push(...inlineRuns((token as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case "em":
        runs.push(...inlineRuns((token as Tokens.Em).tokens, { ...style, italic: true }));
        break;
      case "codespan":
        runs.push({ ...style, text: decode((token as Tokens.Codespan).text), code: true });
        break;
      case "link":
        runs.push(...inlineRuns((token as Tokens.Link).tokens, { ...style, link: (token as Tokens.Link).href }));
        break;
      case "br":
        runs.push({ ...style, text: "\n" });
        break;
      case "text":
      case "escape":
        if ((token as Tokens.Text).tokens?.length) runs.push(...inlineRuns((token as Tokens.Text).tokens, style));
        else runs.push({ ...style, text: decode((token as Tokens.Text).text) });
        break;
      default:
        runs.push({ ...style, text: decode((token as { raw?: string }).raw ?? "") });
    }
  }
  return runs;
}

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!);

const plain = (runs: Run[]) => runs.map((run) => run.text).join("");

/** Parses Markdown into blocks. */
export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  for (const token of marked.lexer(markdown)) {
    switch (token.type) {
      case "heading":
        blocks.push({ type: "heading", level: (token as Tokens.Heading).depth, runs: inlineRuns((token as Tokens.Heading).tokens) });
        break;
      case "paragraph":
        blocks.push({ type: "paragraph", runs: inlineRuns((token as Tokens.Paragraph).tokens) });
        break;
      case "list": {
        const list = token as Tokens.List;
        blocks.push({
          type: "list",
          ordered: list.ordered,
          items: list.items.map((item) => ({
            runs: inlineRuns(item.tokens.flatMap((child) => ("tokens" in child && child.tokens ? child.tokens : [child]))),
            ...(item.task && { checked: item.checked ?? false }),
          })),
        });
        break;
      }
      case "blockquote":
        blocks.push({ type: "quote", runs: inlineRuns((token as Tokens.Blockquote).tokens.flatMap((child) => ("tokens" in child && child.tokens ? child.tokens : [child]))) });
        break;
      case "table": {
        const table = token as Tokens.Table;
        blocks.push({
          type: "table",
          header: table.header.map((cell) => plain(inlineRuns(cell.tokens))),
          rows: table.rows.map((row) => row.map((cell) => plain(inlineRuns(cell.tokens)))),
        });
        break;
      }
      case "code":
        blocks.push({ type: "code", text: (token as Tokens.Code).text });
        break;
      case "hr":
        blocks.push({ type: "rule" });
        break;
      case "space":
        break;
      default:
        if ((token as { raw?: string }).raw?.trim()) blocks.push({ type: "paragraph", runs: [{ text: (token as { raw: string }).raw.trim() }] });
    }
  }
  return blocks;
}

/** Markdown as readable plain text (spreadsheet cells): formatting marks removed, lists bulleted. */
export function markdownToPlainText(markdown: string): string {
  return markdownBlocks(markdown)
    .map((block) => {
      switch (block.type) {
        case "heading":
        case "paragraph":
          return plain(block.runs);
        case "quote":
          return `“${plain(block.runs)}”`;
        case "list":
          return block.items
            .map((item, index) => `${item.checked !== undefined ? (item.checked ? "☑" : "☐") : block.ordered ? `${index + 1}.` : "•"} ${plain(item.runs)}`)
            .join("\n");
        case "table":
          return [block.header, ...block.rows].map((row) => row.join(" | ")).join("\n");
        case "code":
          return block.text;
        case "rule":
          return "";
      }
    })
    .filter(Boolean)
    .join("\n\n");
}
