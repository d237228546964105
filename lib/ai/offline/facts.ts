import { detectProjectLanguage } from "@/lib/i18n/detect";
import { functionWords } from "@/lib/i18n/function-words";
import { clean, firstSentence, sentence, sentencesOf } from "@/lib/i18n/text";
import type { Decisions, Onboarding } from "@/lib/schemas/project";

const wordsIn = (text: string) => text.match(/\p{L}+/gu) ?? [];

/**
 * The product's topics, for hashtags: words of the product's description and features that
 * the founder's answers use again, most used first, then in the description's order (never a function word, a verb
 * lifted from a sentence or, in German, a word written in lower case, which is no noun).
 */
export function topicWords(o: Onboarding, brand: string, max = 2): string[] {
  const german = detectProjectLanguage(o) === "de";
  const product = [o.productDescription, ...(o.features ?? []).flatMap((feature) => [feature.what, feature.benefit])];
  const others = [
    o.problemSolved,
    o.whyItMatters,
    o.audienceType,
    o.audienceDescription,
    o.audienceFeedback,
    o.founderStory,
    o.whyChooseYou,
    o.geographicFocus,
    ...(o.features ?? []).map((feature) => feature.who),
  ];
  const brandWords = new Set(wordsIn(brand.toLowerCase()));
  const candidates = new Map<string, { word: string; answers: number; order: number }>();
  for (const word of product.flatMap((text) => wordsIn(clean(text)))) {
    const key = word.toLowerCase();
    if (key.length < 4 || functionWords.has(key) || brandWords.has(key) || candidates.has(key)) continue;
    if (german && word === key) continue;
    candidates.set(key, { word, answers: 0, order: candidates.size });
  }
  for (const text of [...product, ...others]) {
    const used = new Set(wordsIn(clean(text).toLowerCase()));
    for (const [key, entry] of candidates) if (used.has(key)) entry.answers++;
  }
  return [...candidates.values()]
    .filter((entry) => entry.answers >= 2)
    .sort((a, b) => b.answers - a.answers || a.order - b.order)
    .slice(0, max)
    .map((entry) => entry.word);
}

/** A stable pick among options, so the same answers always give the same draft. */
export function pick<T>(options: T[], seed: string): T {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return options[hash % options.length]!;
}

/** A quotation without the quotation marks the founder already put around it (the templates add their own). */
export const unquoted = (text: string) => {
  const marks = /^["„“”«»‚‘’'\s]+|["„“”«»‚‘’'\s]+$/g;
  const trimmed = clean(text);
  return /^["„“”«»‚‘']/.test(trimmed) && /["“”«»‘’']$/.test(trimmed) ? trimmed.replace(marks, "") : trimmed;
};

// "bis", "by", "d'ici", "para", "até"...: the labels the templates put before a timeline.
const leadingUntil = /^(?:bis|by|until|till|d['’]ici|jusqu['’](?:à|au)|para|hasta|até)\s+/i;

/** A timeline as a label's value: "bis Ende Juni" after "bis:" is "Ende Juni". */
export const timelineValue = (timeline: string) => timeline.replace(leadingUntil, "");

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
    quote: unquoted(clean(o.audienceFeedback)) || null,
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
    timeline: timelineValue(clean(o.successTimeline)) || null,
    geo: clean(o.geographicFocus) || null,
    price: clean(o.revenueModel) || null,
    assets: list(o.existingAssets),
    existingAudience: clean(o.existingAudience) || null,
    generations: list(o.audienceGenerations),
    topics: topicWords(o, brand),
  };
}
export type Facts = ReturnType<typeof factsOf>;
