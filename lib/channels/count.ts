import twitterText from "twitter-text";
import type { CountingUnit } from "./rules";

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The length of `text` as a channel counts it. */
export function countAs(unit: CountingUnit, text: string): number {
  switch (unit) {
    case "weighted":
      return twitterText.parseTweet(text).weightedLength;
    case "graphemes":
      return [...graphemes.segment(text)].length;
    case "characters":
      return text.length;
  }
}

/** Splits text into graphemes (so a cut never breaks an emoji or an accented letter). */
export const graphemesOf = (text: string) => [...graphemes.segment(text)].map((part) => part.segment);
