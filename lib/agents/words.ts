import type { Onboarding } from "@/lib/schemas/project";

// Small text helpers the offline drafting engine builds its drafts with.

export const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** The text as one sentence: trimmed, first letter up, ending in a full stop. */
export function sentence(text: string | null | undefined): string {
  const trimmed = clean(text);
  if (!trimmed) return "";
  const capitalized = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

// Words that start a sentence but not a name: only these are lowered inside a sentence,
// so a brand or a person at the start of an answer keeps its capital.
const commonOpeners = new Set(
  "the a an our we my it its they their this that these those you your most many every all some people small busy teams founders freelancers businesses users customers owners parents students developers designers creators makers".split(" "),
);

/** The text as a clause inside a sentence: no final full stop, first letter down unless it starts with a name. */
export function clause(text: string | null | undefined): string {
  const trimmed = clean(text).replace(/[.!?]+$/, "");
  if (!trimmed) return "";
  const firstWord = trimmed.split(/\s/)[0]!.toLowerCase();
  return commonOpeners.has(firstWord) ? trimmed[0]!.toLowerCase() + trimmed.slice(1) : trimmed;
}

/** The first sentence of a longer answer. */
export const firstSentence = (text: string | null | undefined) => sentence(clean(text).split(/(?<=[.!?])\s/)[0]);

/** "a, b and c". */
export function joinList(items: string[], conjunction = "and"): string {
  const kept = items.map(clean).filter(Boolean);
  if (kept.length <= 1) return kept[0] ?? "";
  return `${kept.slice(0, -1).join(", ")} ${conjunction} ${kept.at(-1)}`;
}

export const bullets = (items: string[]) => items.filter(Boolean).map((item) => `- ${item}`).join("\n");

/** The answers the founder gave in a list field, or the fallback when they gave none. */
export const answersOr = (answers: string[] | null | undefined, fallback: string[]) => {
  const kept = (answers ?? []).map(clean).filter(Boolean);
  return kept.length > 0 ? kept : fallback;
};

/** Who the product is for, in a few words. */
export function audienceOf(onboarding: Onboarding): string {
  return clause(onboarding.audienceType) || clause(firstSentence(onboarding.audienceDescription)) || "people who have this problem";
}

export const toneOf = (onboarding: Onboarding) => answersOr(onboarding.toneWords, ["clear", "warm", "direct"]);

export const featuresOf = (onboarding: Onboarding) =>
  (onboarding.features ?? []).map((feature) => ({
    what: clean(feature.what),
    who: clean(feature.who),
    benefit: clean(feature.benefit),
  }));

/** The action the founder most wants people to take. */
export function primaryAction(onboarding: Onboarding): string {
  return clean(onboarding.actionPriority) || answersOr(onboarding.desiredActions, ["Try it free"])[0]!;
}

/** A stable pick among options, so the same answers always give the same draft. */
export function pick<T>(options: T[], seed: string): T {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return options[hash % options.length]!;
}
