import { Marked } from "marked";
import { cx } from "@/components/ui";
import { escapeHtml } from "@/lib/mail/html";

/** Addresses a link may point to: the web, mail, or this site. */
const safeHref = (href: string) => (/^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(href.trim()) ? href.trim() : null);

// Drafts come from models and founders and are shown to others through share links: raw
// HTML is shown as text, links only go to safe addresses, images become their alt text.
const markdown = new Marked({
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
    // Task lists read as text: a disabled checkbox without a label helps no one.
    checkbox({ checked }) {
      return checked ? "☑ " : "☐ ";
    },
  },
});

/** Markdown as safe HTML (no raw HTML, no script links). */
export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false }) as string;
}

const extras =
  "max-w-none break-words [&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-accent/40 [&_blockquote]:pl-4 [&_blockquote]:text-ink " +
  "[&_table]:my-3 [&_table]:w-full [&_table]:text-sm [&_th]:border-b [&_th]:border-line [&_th]:py-1.5 [&_th]:pr-3 [&_th]:text-left " +
  "[&_td]:border-b [&_td]:border-line [&_td]:py-1.5 [&_td]:pr-3 [&_h1]:text-2xl [&_h2]:mt-6 [&_strong]:font-semibold";

/** A Markdown document shown as readable prose. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by renderMarkdown, which escapes raw HTML and unsafe links
  return <div className={cx("prose-ll", extras, className)} dangerouslySetInnerHTML={{ __html: renderMarkdown(source) }} />;
}
