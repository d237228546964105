import { Marked, type MarkedExtension, type Tokens } from "marked";
import { cx } from "@/components/ui";
import { blankPattern } from "@/lib/drafts/blanks";
import { escapeHtml } from "@/lib/mail/html";

/** Addresses a link may point to: the web, mail, or this site. */
const safeHref = (href: string) => (/^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(href.trim()) ? href.trim() : null);

// Drafts come from models and founders and are shown to others through share links: raw
// HTML is shown as text, links only go to safe addresses, images become their alt text.
const rendererOptions: MarkedExtension = {
  gfm: true,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, tokens }) {
      const label = this.parser.parseInline(tokens);
      const safe = safeHref(href);
      return safe ? `<a href="${escapeHtml(safe)}" rel="nofollow noopener noreferrer">${label}</a>` : label;
    },
    image({ text }) {
      return escapeHtml(text);
    },
    // A draft's own headings sit below the item's title (an h3): one h1 per page, one heading scale.
    heading({ tokens, depth }) {
      const level = Math.min(6, depth + 3);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    // Task lists read as text: a disabled checkbox without a label helps no one.
    checkbox({ checked }) {
      return checked ? "☑ " : "☐ ";
    },
  },
};

type BlankToken = Tokens.Generic & { what: string };
const blankAtStart = new RegExp(`^${blankPattern.source}`, "iu");

/** "[add: …]" as its own inline token, drawn by `draw` (a highlight, or a button that fills it). */
function blanks(draw: (token: BlankToken) => string): MarkedExtension {
  return {
    extensions: [
      {
        name: "blank",
        level: "inline",
        start: (source: string) => source.search(new RegExp(blankPattern.source, "iu")),
        tokenizer(source: string) {
          const match = blankAtStart.exec(source);
          return match ? { type: "blank", raw: match[0], what: match[1]!.trim() } : undefined;
        },
        renderer: (token) => draw(token as BlankToken),
      },
    ],
  };
}

const markdown = new Marked(
  rendererOptions,
  blanks((token) => `<mark class="blank-chip">${escapeHtml(token.raw)}</mark>`),
);
const fillable = new Marked(
  rendererOptions,
  blanks(
    (token) =>
      `<button type="button" class="blank-chip" data-blank title="Fill in: ${escapeHtml(token.what)}">${escapeHtml(token.raw)}</button>`,
  ),
);

/** Markdown as safe HTML (no raw HTML, no script links); blanks ("[add: …]") highlighted, or as numbered buttons when `fillable`. */
export function renderMarkdown(source: string, { fillable: asButtons = false } = {}): string {
  if (!asButtons) return markdown.parse(source, { async: false }) as string;
  let index = 0;
  return (fillable.parse(source, { async: false }) as string).replace(/ data-blank(?=[ >])/g, () => ` data-blank="${index++}"`);
}

/** A Markdown document shown as readable prose. */
export function Markdown({ source, className, fillable = false }: { source: string; className?: string; fillable?: boolean }) {
  return (
    <div
      className={cx("prose-ll prose-draft", className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by renderMarkdown, which escapes raw HTML and unsafe links
      dangerouslySetInnerHTML={{ __html: renderMarkdown(source, { fillable }) }}
    />
  );
}
