import { marked, type Token, type Tokens } from "marked";

/** A run of inline text with its formatting. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  link?: string;
}

/** A list item: its own text, a checkbox when it is a task, and what is nested under it. */
export interface ListItem {
  runs: Run[];
  checked?: boolean;
  children: Block[];
}

/** The few block shapes every document format renders: Markdown becomes formatting, never raw asterisks. */
export type Block =
  | { type: "heading"; level: number; runs: Run[] }
  | { type: "paragraph"; runs: Run[] }
  | { type: "list"; ordered: boolean; start: number; items: ListItem[] }
  | { type: "quote"; runs: Run[] }
  | { type: "table"; header: Run[][]; rows: Run[][][] }
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
      // A task item's box is drawn by each format, never printed as "[ ]".
      case "checkbox":
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

export const plain = (runs: Run[]) => runs.map((run) => run.text).join("");

const inlineTypes = new Set(["text", "paragraph", "checkbox", "escape", "strong", "em", "codespan", "link", "br"]);

/** A list item's inline text (its paragraphs joined by line breaks) and its nested blocks. */
function listItem(item: Tokens.ListItem): ListItem {
  const runs: Run[] = [];
  const children: Token[] = [];
  for (const child of item.tokens) {
    if (child.type === "space") continue;
    if (!inlineTypes.has(child.type) || children.length) {
      children.push(child);
      continue;
    }
    const text = child.type === "paragraph" ? inlineRuns((child as Tokens.Paragraph).tokens) : inlineRuns([child]);
    if (runs.length && text.length && child.type !== "checkbox") runs.push({ text: "\n" });
    runs.push(...text);
  }
  return { runs, ...(item.task && { checked: item.checked ?? false }), children: tokensToBlocks(children) };
}

function tokensToBlocks(tokens: Token[]): Block[] {
  const blocks: Block[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "heading":
        blocks.push({
          type: "heading",
          level: (token as Tokens.Heading).depth,
          runs: inlineRuns((token as Tokens.Heading).tokens),
        });
        break;
      case "paragraph":
        blocks.push({ type: "paragraph", runs: inlineRuns((token as Tokens.Paragraph).tokens) });
        break;
      case "text":
        blocks.push({ type: "paragraph", runs: inlineRuns([token]) });
        break;
      case "list": {
        const list = token as Tokens.List;
        blocks.push({
          type: "list",
          ordered: list.ordered,
          start: typeof list.start === "number" ? list.start : 1,
          items: list.items.map(listItem),
        });
        break;
      }
      case "blockquote":
        blocks.push({
          type: "quote",
          runs: inlineRuns(
            (token as Tokens.Blockquote).tokens.flatMap((child) => ("tokens" in child && child.tokens ? child.tokens : [child])),
          ),
        });
        break;
      case "table": {
        const table = token as Tokens.Table;
        blocks.push({
          type: "table",
          header: table.header.map((cell) => inlineRuns(cell.tokens)),
          rows: table.rows.map((row) => row.map((cell) => inlineRuns(cell.tokens))),
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
        if ((token as { raw?: string }).raw?.trim())
          blocks.push({ type: "paragraph", runs: [{ text: (token as { raw: string }).raw.trim() }] });
    }
  }
  return blocks;
}

const parsed = new Map<string, readonly Block[]>();

/** Parses Markdown into blocks, kept by content: the blocks are shared, never to be changed. */
export function markdownBlocks(markdown: string): readonly Block[] {
  let blocks = parsed.get(markdown);
  if (!blocks) {
    if (parsed.size >= 2_000) parsed.clear();
    blocks = tokensToBlocks(marked.lexer(markdown));
    parsed.set(markdown, blocks);
  }
  return blocks;
}

function listText(block: Extract<Block, { type: "list" }>, depth: number): string {
  return block.items
    .map((item, index) => {
      const marker = item.checked !== undefined ? (item.checked ? "☑" : "☐") : block.ordered ? `${block.start + index}.` : "•";
      const nested = blocksText(item.children, depth + 1);
      return `${"  ".repeat(depth)}${marker} ${plain(item.runs)}${nested ? `\n${nested}` : ""}`;
    })
    .join("\n");
}

function blocksText(blocks: readonly Block[], depth = 0): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case "heading":
        case "paragraph":
          return `${"  ".repeat(depth)}${plain(block.runs)}`;
        case "quote":
          return `“${plain(block.runs)}”`;
        case "list":
          return listText(block, depth);
        case "table":
          return [block.header, ...block.rows].map((row) => row.map(plain).join(" | ")).join("\n");
        case "code":
          return block.text;
        case "rule":
          return "";
      }
    })
    .filter(Boolean)
    .join(depth ? "\n" : "\n\n");
}

/** Markdown as readable plain text (spreadsheet cells): formatting marks removed, lists bulleted and indented. */
export function markdownToPlainText(markdown: string): string {
  return blocksText(markdownBlocks(markdown));
}

/**
 * A short plain-text summary of Markdown: formatting removed, whitespace on one line, cut
 * at a word boundary with an ellipsis when longer than `max` characters.
 */
export function plainSummary(markdown: string, max: number): string {
  // Headings and list items become sentences of one line.
  const text = blocksText(markdownBlocks(markdown))
    .split("\n")
    .map((line) => line.replace(/^\s*([•☐☑]|\d+\.)\s+/, "").trim())
    .filter(Boolean)
    .map((line) => (/[.!?:;…。！？]$/.test(line) ? line : `${line}.`))
    .join(" ")
    .replace(/\s+/g, " ");
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  const cut = characters.slice(0, max - 1).join("");
  const boundary = cut.search(/\s\S*$/);
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,;:.–—-]+$/, "")}…`;
}
