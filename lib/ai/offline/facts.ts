import { clean, firstSentence, sentence, sentencesOf } from "@/lib/i18n/text";
import type { Decisions, Onboarding } from "@/lib/schemas/project";

/** Words for hashtags from a phrase: "independent designers and developers" gives "Designers", "Developers". */
export function topicWords(phrase: string | null | undefined): string[] {
  return clean(phrase)
    .split(/,|\band\b|\bor\b|\bund\b|\boder\b|\bet\b|\bou\b|\by\b|\be\b|&|\//)
    .map((segment) => segment.trim().split(/\s+/).at(-1) ?? "")
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter((word) => word.length >= 3);
}

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
