import twitterText from "twitter-text";
import type { CountingUnit } from "./rules";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The length of `text` as a channel counts it. */
export function countAs(unit: CountingUnit, text: string): number {
  switch (unit) {
    case "weighted":
      return twitterText.parseTweet(text).weightedLength;
    case "graphemes": {
      let count = 0;
      for (const _ of segmenter.segment(text)) count += 1;
      return count;
    }
    case "characters":
      return text.length;
  }
}

/** Whether `text` is within `limit` as the channel counts; stops counting graphemes once past the limit. */
export function fitsWithin(unit: CountingUnit, text: string, limit: number): boolean {
  if (unit !== "graphemes") return countAs(unit, text) <= limit;
  if (text.length <= limit) return true;
  let count = 0;
  for (const _ of segmenter.segment(text)) if (++count > limit) return false;
  return true;
}

/** Splits text into graphemes (so a cut never breaks an emoji or an accented letter). */
export const graphemesOf = (text: string) => Array.from(segmenter.segment(text), (part) => part.segment);
