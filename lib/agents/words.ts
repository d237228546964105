import type { Decisions, Onboarding } from "@/lib/schemas/project";

// Small text helpers the offline drafting engine builds its drafts with.

export const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** The text as one sentence: trimmed, first letter up, ending in a full stop. */
export function sentence(text: string | null | undefined): string {
  const trimmed = clean(text);
  if (!trimmed) return "";
  const capitalized = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?…:"”»)\]]$/.test(capitalized) ? capitalized : `${capitalized}.`;
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
 * unless it opens with a name or the language keeps capitals (German nouns).
 */
export function clause(text: string | null | undefined, names: string[] = [], lower = true): string {
  const trimmed = clean(text).replace(/[.!?]+$/, "");
  if (!trimmed) return "";
  return !lower || opensWithName(trimmed, names) ? trimmed : trimmed[0]!.toLowerCase() + trimmed.slice(1);
}

/** Words for hashtags from a phrase: "independent designers and developers" gives "Designers", "Developers". */
export function topicWords(phrase: string | null | undefined): string[] {
  return clean(phrase)
    .split(/,|\band\b|\bor\b|\bund\b|\boder\b|\bet\b|\bou\b|\by\b|\be\b|&|\//)
    .map((segment) => segment.trim().split(/\s+/).at(-1) ?? "")
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((word) => word.length >= 3);
}

/** The sentences of a longer answer. */
export const sentencesOf = (text: string | null | undefined) =>
  clean(text)
    .split(/(?<=[.!?])\s+/)
    .map(sentence)
    .filter(Boolean);

/** The first sentence of a longer answer. */
export const firstSentence = (text: string | null | undefined) => sentencesOf(text)[0] ?? "";

export const bullets = (items: string[]) =>
  items
    .filter(Boolean)
    .map((item) => `- ${item}`)
    .join("\n");

/** A stable pick among options, so the same answers always give the same draft. */
export function pick<T>(options: T[], seed: string): T {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return options[hash % options.length]!;
}

const list = (answers: string[] | null | undefined) => (answers ?? []).map(clean).filter(Boolean);

/**
 * What the founder told us, and only that: every field is their words or empty. The
 * offline engine writes from these and marks what is missing; it never fills a gap.
 */
export function factsOf(o: Onboarding, decisions: Decisions = {}) {
  const brand = clean(decisions.brandName) || clean(o.businessName);
  const urls = clean(o.assetUrls).match(/https?:\/\/[^\s,;)]+/g) ?? [];
  const features = (o.features ?? []).map((feature) => ({
    what: clean(feature.what),
    who: clean(feature.who),
    benefit: clean(feature.benefit),
  }));
  return {
    brand,
    product: firstSentence(o.productDescription),
    productFull: sentencesOf(o.productDescription).join(" "),
    problem: sentence(o.problemSolved),
    why: sentence(o.whyItMatters) || null,
    audience: clean(o.audienceType) || clean(firstSentence(o.audienceDescription)).replace(/\.$/, "") || null,
    audienceDescription: sentence(o.audienceDescription) || null,
    quote: clean(o.audienceFeedback) || null,
    research: sentence(o.talkedToAudience) || null,
    story: sentencesOf(o.founderStory),
    edge: sentence(o.whyChooseYou) || null,
    features,
    platforms: list(o.audiencePlatforms),
    tone: list(o.toneWords),
    avoidTone: list(o.avoidToneWords),
    avoidTopics: clean(o.avoidTopics) || null,
    cta: clean(o.actionPriority) || list(o.desiredActions)[0] || null,
    url: urls[0] ?? null,
    goals: list(o.successDefinition),
    timeline: clean(o.successTimeline) || null,
    geo: clean(o.geographicFocus) || null,
    price: clean(o.revenueModel) || null,
    assets: list(o.existingAssets),
    existingAudience: clean(o.existingAudience) || null,
    generations: list(o.audienceGenerations),
    topics: topicWords(o.audienceType ?? o.audienceDescription),
  };
}
export type Facts = ReturnType<typeof factsOf>;
