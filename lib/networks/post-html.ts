import { Marked } from "marked";
import { escapeHtml } from "@/lib/mail/html";

const safeHref = (href: string) => (/^(https?:\/\/|mailto:)/i.test(href.trim()) ? href.trim() : null);

// A draft written by a model and a founder becomes a blog post's HTML: Markdown is rendered,
// raw HTML stays text (a draft never carries a script onto the founder's site), links only
// go to the web or mail, images are their alt text.
const markdown = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, tokens }) {
      const label = this.parser.parseInline(tokens);
      const safe = safeHref(href);
      return safe ? `<a href="${escapeHtml(safe)}">${label}</a>` : label;
    },
    image({ text }) {
      return escapeHtml(text);
    },
  },
});

/** A Markdown draft as the HTML of a post. */
export const postHtml = (text: string) => markdown.parse(text, { async: false });

/** A title's words as a URL slug: lower case ASCII letters and digits joined by hyphens, at most `max` characters. */
export function slugOf(title: string, max = 60): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
  return slug || "post";
}
