import type { PhraseKey } from "@/lib/i18n/en";
import type { Words } from "@/lib/i18n/phrasebook";

/** The ways into a post. Planner notes name them; a draft never prints them. */
export const angleKeys = ["pain", "story", "how-to", "question", "proof", "behind"] as const;
export type AngleKey = (typeof angleKeys)[number] | "launch";

/** The angle a plan's item was given, read back from its text in any drafting language. */
export function angleOf(angle: string, w: Words): AngleKey | undefined {
  const text = angle.toLowerCase();
  return angleKeys.find(
    (key) => text.startsWith(w.t(`angle.${key}` as PhraseKey).toLowerCase()) && w.t(`angle.${key}` as PhraseKey),
  );
}

export function angleText(key: AngleKey, w: Words): string {
  const [label, description] = [w.t(`angle.${key}` as PhraseKey), w.t(`angle.${key}Desc` as PhraseKey)];
  return (label && description ? `${w.label(label)} ${description}` : label || description) || key;
}
