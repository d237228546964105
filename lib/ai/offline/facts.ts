import { detectProjectLanguage } from "@/lib/i18n/detect";
import { functionWords } from "@/lib/i18n/function-words";
import { firstQuotation, typeset, unquotedName } from "@/lib/i18n/quotes";
import { clean, firstSentence, sentence, sentencesOf, withoutEdgeEmoji } from "@/lib/i18n/text";
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

// "bis", "by", "d'ici", "para", "até"...: the labels the templates put before a timeline.
const leadingUntil = /^(?:bis|by|until|till|d['’]ici|jusqu['’](?:à|au)|para|hasta|até)\s+/i;

/** A timeline as a label's value: "bis Ende Juni" after "bis:" is "Ende Juni". */
export const timelineValue = (timeline: string) => timeline.replace(leadingUntil, "");

/**
 * The founder's answers as the engine writes them in `language`: their quotations in the
 * language's marks ("plant parents" in a German text is „plant parents“), French spacing
 * in French, and the business's name out of the quotation marks a founder put around it.
 * A language the engine has no phrasebook for keeps the founder's marks.
 */
function typesetAnswers(o: Onboarding, language: string | undefined, brand: string): Onboarding {
  const set = (value: unknown): unknown =>
    typeof value === "string"
      ? language
        ? typeset(unquotedName(value, brand), language)
        : unquotedName(value, brand)
      : Array.isArray(value)
        ? value.map(set)
        : value && typeof value === "object"
          ? Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, set(entry)]))
          : value;
  return set(o) as Onboarding;
}

// A list marker the founder typed ("- a", "* b", "• c", "1. d"): the engine sets its own.
const listMarker = /^\s*(?:[-*•–]|\d+[.)])\s+/u;

/** An answer typed as a list ("- a\n- b") as its items, markers off; any other answer as itself. */
const itemsOf = (text: string | null | undefined) =>
  (text ?? "")
    .split("\n")
    .map((line) => line.replace(listMarker, "").trim())
    .filter((line) => line && !/^[-*•–]+$/u.test(line));

/**
 * An answer as prose: a list the founder typed ("- a\n- b") becomes its items as sentences,
 * so no marker of theirs ends up inside the engine's own bullets ("- - a").
 */
const prose = (text: string | null | undefined) => {
  const items = itemsOf(text);
  return items.length > 1 ? items.map(sentence).join(" ") : (items[0] ?? "");
};

/** A customer's words: the first of the quotations an answer is made of ("„A.“ „B.“", a list of quotes), else the answer. */
const quoteOf = (answer: string | null | undefined) => {
  const text = clean(answer);
  const quotation = firstQuotation(text);
  return quotation !== text ? quotation : prose(answer);
};

/** A short answer (a name, a tone word, a goal): its list marker and the emoji at its ends off. */
const short = (text: string | null | undefined) => withoutEdgeEmoji(itemsOf(text).join(", "));

const list = (answers: string[] | null | undefined) => (answers ?? []).map(short).filter(Boolean);

/**
 * What the founder told us, and only that: every field is their words or empty. The
 * offline engine writes from these and marks what is missing; it never fills a gap.
 * `language` is the one the engine writes in: the answers' quotation marks (and French
 * spacing) follow it.
 */
export function factsOf(answers: Onboarding, decisions: Decisions = {}, language?: string) {
  const brand = short(decisions.brandName) || short(answers.businessName);
  const o = typesetAnswers(answers, language, brand);
  const urls = clean(o.assetUrls).match(/https?:\/\/[^\s,;)]+/g) ?? [];
  const features = (o.features ?? []).map((feature) => ({
    what: short(feature.what),
    who: short(feature.who),
    benefit: prose(feature.benefit),
  }));
  const firstItem = (text: string | null | undefined) => itemsOf(text)[0] ?? "";
  return {
    brand,
    product: firstSentence(prose(o.productDescription)),
    productFull: sentencesOf(prose(o.productDescription)).join(" "),
    problem: sentence(prose(o.problemSolved)),
    why: sentence(prose(o.whyItMatters)) || null,
    audience: short(o.audienceType) || clean(firstSentence(firstItem(o.audienceDescription))).replace(/\.$/, "") || null,
    audienceDescription: sentence(prose(o.audienceDescription)) || null,
    quote: quoteOf(o.audienceFeedback) || null,
    research: sentence(prose(o.talkedToAudience)) || null,
    story: sentencesOf(prose(o.founderStory)),
    edge: sentence(prose(o.whyChooseYou)) || null,
    features,
    platforms: list(o.audiencePlatforms),
    tone: list(o.toneWords),
    avoidTone: list(o.avoidToneWords),
    avoidTopics: prose(o.avoidTopics) || null,
    cta: short(o.actionPriority) || list(o.desiredActions)[0] || null,
    url: urls[0] ?? null,
    goals: list(o.successDefinition),
    timeline: timelineValue(short(o.successTimeline)) || null,
    geo: short(o.geographicFocus) || null,
    price: short(o.revenueModel) || null,
    assets: list(o.existingAssets),
    existingAudience: short(o.existingAudience) || null,
    generations: list(o.audienceGenerations),
    topics: topicWords(o, brand),
  };
}
export type Facts = ReturnType<typeof factsOf>;
