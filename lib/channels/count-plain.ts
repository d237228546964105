import type { CountingUnit } from "./rules";

export const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The length of `text` in graphemes or UTF-16 characters (X's weighted count is countAs's, in ./count). */
export function countPlain(unit: Exclude<CountingUnit, "weighted">, text: string): number {
  if (unit === "characters") return text.length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}
