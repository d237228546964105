import { en, type PhraseKey } from "@/lib/i18n/en";
import type { Words } from "@/lib/i18n/phrasebook";
import { worksheetPhrase } from "@/lib/i18n/worksheet-words";

/** The ways into a post. Planner notes name them; a draft never prints them. */
export const angleKeys = ["pain", "story", "how-to", "question", "proof", "behind"] as const;
export type AngleKey = (typeof angleKeys)[number] | "launch";

/** An angle's name: the phrasebook's, or in a worksheet the language's (else English) marked as the worksheet's ("✎ 实用技巧", "✎ How-to"), never its key. */
export function angleName(key: AngleKey, w: Words): string {
  const phrase = `angle.${key}` as PhraseKey;
  const sheet = worksheetPhrase(w.language, phrase) ?? en[phrase];
  return w.t(phrase) || (w.worksheet && sheet ? `✎ ${sheet}` : key);
}

/** The angle a plan's item was given, read back from its text in any drafting language (or a worksheet's). */
export function angleOf(angle: string, w: Words): AngleKey | undefined {
  const text = angle.toLowerCase();
  return angleKeys.find((key) => {
    const name = angleName(key, w);
    return name !== key && text.startsWith(name.toLowerCase());
  });
}

export function angleText(key: AngleKey, w: Words): string {
  const [label, description] = [w.t(`angle.${key}` as PhraseKey), w.t(`angle.${key}Desc` as PhraseKey)];
  return (label && description ? `${w.label(label)} ${description}` : label || description) || angleName(key, w);
}
