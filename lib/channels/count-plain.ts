import type { CountingUnit } from "./rules";

/** A link as Mastodon sees one in a post (http or https up to the next space): it counts 23, however long. */
const links = /\bhttps?:\/\/[^\s]+/g;
const linkStandIn = "x".repeat(23);

export const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The length of `text` in graphemes (links as 23 where the channel counts them so) or UTF-16 characters (X's weighted count is countAs's, in ./count). */
export function countPlain(unit: Exclude<CountingUnit, "weighted">, text: string): number {
  if (unit === "characters") return text.length;
  const counted = unit === "graphemes-links-23" ? text.replace(links, linkStandIn) : text;
  let count = 0;
  for (const _ of segmenter.segment(counted)) count += 1;
  return count;
}
