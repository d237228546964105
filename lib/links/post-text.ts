/**
 * A post's parts with the first link to the founder's site replaced by its tracked link:
 * once per thread, in the first part that links there, and only where the part still fits
 * (`fits`). Site links are matched with or without a trailing slash, and anything after the
 * site's address (a path) keeps the whole link as the founder wrote it.
 */
export function withTrackedLink(
  parts: string[],
  siteUrl: string,
  shortUrl: string,
  fits: (part: string) => boolean,
): { parts: string[]; replaced: boolean } {
  if (parts.some((part) => part.includes(shortUrl))) return { parts, replaced: true };
  const site = siteUrl.replace(/\/+$/, "");
  const pattern = new RegExp(`${escapeRegExp(site)}/?(?=$|[\\s)\\]>"'.,;:!?])`);
  for (const [index, part] of parts.entries()) {
    const match = pattern.exec(part);
    if (!match) continue;
    const rewritten = part.slice(0, match.index) + shortUrl + part.slice(match.index + match[0].length);
    if (!fits(rewritten)) return { parts, replaced: false };
    return { parts: parts.map((original, at) => (at === index ? rewritten : original)), replaced: true };
  }
  return { parts, replaced: false };
}

/** The parts with the tracked link put back to the founder's own address (tracking turned off). */
export function withoutTrackedLink(parts: string[], shortUrl: string, destination: string): string[] {
  return parts.map((part) => part.split(shortUrl).join(destination));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
