export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/**
 * A plain, widely rendered HTML e-mail: one column, inline styles, one button.
 * Paragraphs are text (escaped here); the button and the footnote too.
 */
export function htmlEmail({
  heading,
  paragraphs,
  button,
  footnote,
}: {
  heading: string;
  paragraphs: string[];
  button: { label: string; href: string };
  footnote?: string;
}): string {
  const text = (value: string) => escapeHtml(value);
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f8f8fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#17181c">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border:1px solid #e3e5ea;border-radius:14px">
<tr><td style="padding:28px 28px 8px"><p style="margin:0 0 16px;font-weight:700;font-size:15px">Launchloop</p>
<h1 style="margin:0 0 12px;font-size:20px;line-height:1.3">${text(heading)}</h1>
${paragraphs.map((paragraph) => `<p style="margin:0 0 12px;font-size:15px;line-height:1.6">${text(paragraph)}</p>`).join("\n")}
<p style="margin:20px 0"><a href="${text(button.href)}" style="display:inline-block;background:#4b3fe0;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 18px;border-radius:8px">${text(button.label)}</a></p>
<p style="margin:0 0 20px;font-size:13px;color:#5b6170;word-break:break-all">Or open: ${text(button.href)}</p>
${footnote ? `<p style="margin:0 0 20px;font-size:13px;color:#5b6170">${text(footnote)}</p>` : ""}
</td></tr></table></td></tr></table></body></html>`;
}
