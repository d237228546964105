import type { Directives } from "@/lib/i18n/feedback";

// How the offline engine follows a founder's tone and emoji feedback.

/** Contractions for a casual English draft. */
export const casualEnglish = (text: string) =>
  text
    .replace(/\bI am\b/g, "I'm")
    .replace(/\bdo not\b/g, "don't")
    .replace(/\bdoes not\b/g, "doesn't")
    .replace(/\bIt is\b/g, "It's")
    .replace(/\bit is\b/g, "it's")
    .replace(/\bWe are\b/g, "We're")
    .replace(/\bcannot\b/g, "can't");

const withoutEmoji = (text: string) => text.replace(/\p{Extended_Pictographic}\uFE0F?\s?/gu, "");

/** A formal draft: no emoji, no exclamation marks, and (in English) no contractions. */
export const formalText = (text: string, english: boolean) => {
  const plain = withoutEmoji(text).replace(/!+/g, ".");
  return english
    ? plain
        .replace(/\bI'm\b/g, "I am")
        .replace(/\bdon't\b/g, "do not")
        .replace(/\bdoesn't\b/g, "does not")
        .replace(/\bcan't\b/g, "cannot")
        .replace(/\b([Ii])t's\b/g, (_, i: string) => `${i}t is`)
    : plain;
};

/** The founder's tone and "no emoji" feedback applied to one text (casual English only: contractions). */
export function inRequestedTone(text: string, directives: Directives, english: boolean): string {
  let result = text;
  if (directives.tone === "casual" && english) result = casualEnglish(result);
  if (directives.tone === "formal") result = formalText(result, english);
  if (directives.emoji === "none") result = withoutEmoji(result);
  return result;
}
