const escaped = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);

/**
 * What a link unfurler (a network's preview bot) reads for a tracked link: the project's card
 * as `og:image`, its words as title, and the destination as the canonical address and a refresh,
 * so a person who lands here anyway goes on to it.
 */
export function unfurlPage(card: {
  title: string;
  description: string;
  image: string;
  imageAlt: string;
  width: number;
  height: number;
  destination: string;
}): string {
  const meta = (property: string, content: string | number) =>
    `<meta property="${property}" content="${escaped(String(content))}">`;
  const name = (key: string, content: string) => `<meta name="${key}" content="${escaped(content)}">`;
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escaped(card.title)}</title>`,
    meta("og:title", card.title),
    meta("og:description", card.description),
    meta("og:url", card.destination),
    meta("og:type", "website"),
    meta("og:image", card.image),
    meta("og:image:alt", card.imageAlt),
    meta("og:image:width", card.width),
    meta("og:image:height", card.height),
    name("twitter:card", "summary_large_image"),
    name("twitter:image", card.image),
    name("twitter:image:alt", card.imageAlt),
    `<link rel="canonical" href="${escaped(card.destination)}">`,
    `<meta http-equiv="refresh" content="0;url=${escaped(card.destination)}">`,
    `</head><body><a href="${escaped(card.destination)}">${escaped(card.title)}</a></body></html>`,
  ].join("");
}
