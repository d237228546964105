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

/** Whether the text opens with a name that keeps its capital inside a sentence ("I", "LinkedIn", "New York", a brand). */
function opensWithName(text: string, names: string[]): boolean {
  const [first = "", second = ""] = text.split(/\s+/);
  const word = first.replace(/[^\p{L}\p{N}']/gu, "");
  if (/^I('|$)/.test(word) || /\p{N}|.\p{Lu}/u.test(word)) return true;
  if (names.some((name) => name && text.toLowerCase().startsWith(name.toLowerCase()))) return true;
  return /^\p{Lu}/u.test(second) && !/^I('|$)/.test(second);
}

/**
 * The text as a clause inside a sentence: no final full stop, first letter lowered
 * unless it opens with a name (pass the brand as one of `names`).
 */
export function clause(text: string | null | undefined, names: string[] = []): string {
  const trimmed = clean(text).replace(/[.!?]+$/, "");
  if (!trimmed) return "";
  return opensWithName(trimmed, names) ? trimmed : trimmed[0]!.toLowerCase() + trimmed.slice(1);
}

/** Words for hashtags from a phrase: "independent designers and developers" gives "Designers", "Developers". */
export function topicWords(phrase: string | null | undefined): string[] {
  return clean(phrase)
    .split(/,|\band\b|\bor\b|&|\//)
    .map((segment) => segment.trim().split(/\s+/).at(-1) ?? "")
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((word) => word.length >= 3);
}

/** The product described in one sentence, naming the business once. */
export function productSentence(onboarding: Onboarding, brand: string): string {
  const description = clean(onboarding.productDescription);
  return description.toLowerCase().includes(brand.toLowerCase()) ? firstSentence(description) : sentence(`${brand}: ${clause(firstSentence(description))}`);
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
