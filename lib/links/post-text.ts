import { destinationUrl } from "@/lib/schemas/links";

/** Which web addresses a tracked link takes the place of. */
export type LinkTarget = (address: string) => boolean;

const addressPattern = /https?:\/\/[^\s<>"'`()[\]{}]+/gi;
// Punctuation that ends the sentence around an address rather than the address itself.
const trailingPunctuation = /[.,;:!?*…»”’]+$/u;

/** The web addresses written in a text, where each starts, its sentence's punctuation left out. */
function addressesIn(text: string): { at: number; address: string }[] {
  return [...text.matchAll(addressPattern)]
    .map((match) => ({ at: match.index, address: match[0].replace(trailingPunctuation, "") }))
    .filter((found) => found.address.length > "https://".length);
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, "");

/**
 * An address on the founder's site: the same host, with or without `www.`, over http or
 * https, on the site's own path or a page under it (`https://site/pricing` for `https://site`).
 */
export function onSite(siteUrl: string): LinkTarget {
  let site: URL;
  try {
    site = new URL(siteUrl);
  } catch {
    return () => false;
  }
  const base = site.pathname.replace(/\/+$/, "");
  return (address) => {
    if (!destinationUrl.safeParse(address).success) return false;
    const url = new URL(address);
    if (bareHost(url.hostname) !== bareHost(site.hostname) || url.port !== site.port) return false;
    return base === "" || url.pathname === base || url.pathname.startsWith(`${base}/`);
  };
}

/** One address exactly, with or without a trailing slash (a link's own destination, put back in its post). */
export function sameAddress(destination: string): LinkTarget {
  const wanted = destination.replace(/\/+$/, "");
  return (address) => address.replace(/\/+$/, "") === wanted;
}

/** The first address in a post's parts that a tracked link takes the place of: the link's destination. */
export function firstLinkTo(parts: string[], target: LinkTarget): string | null {
  for (const part of parts) {
    const found = addressesIn(part).find((entry) => target(entry.address));
    if (found) return found.address;
  }
  return null;
}

/**
 * A post's parts with its first link to the target (the founder's site, any page of it)
 * replaced by its tracked link: once per thread, in the first part that links there, and
 * only where the part still fits (`fits`). The whole address goes, path and query too; the
 * link's destination keeps it.
 */
export function withTrackedLink(
  parts: string[],
  target: LinkTarget,
  shortUrl: string,
  fits: (part: string) => boolean,
): { parts: string[]; replaced: boolean } {
  if (parts.some((part) => part.includes(shortUrl))) return { parts, replaced: true };
  for (const [index, part] of parts.entries()) {
    const found = addressesIn(part).find((entry) => target(entry.address));
    if (!found) continue;
    const rewritten = part.slice(0, found.at) + shortUrl + part.slice(found.at + found.address.length);
    if (!fits(rewritten)) return { parts, replaced: false };
    return { parts: parts.map((original, at) => (at === index ? rewritten : original)), replaced: true };
  }
  return { parts, replaced: false };
}

/** The parts with the tracked link put back to the founder's own address (tracking turned off). */
export function withoutTrackedLink(parts: string[], shortUrl: string, destination: string): string[] {
  return parts.map((part) => part.split(shortUrl).join(destination));
}
