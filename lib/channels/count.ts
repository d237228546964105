import twitterText from "twitter-text";
import { countPlain, segmenter } from "./count-plain";
import type { CountingUnit } from "./rules";

/** The length of `text` as a channel counts it. */
export function countAs(unit: CountingUnit, text: string): number {
  return unit === "weighted" ? twitterText.parseTweet(text).weightedLength : countPlain(unit, text);
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
