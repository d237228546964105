import { z } from "zod";
import { channelRules, countAs, fitToChannel, shortenToFit, type ChannelDraft } from "@/lib/channels";
import type { Channel } from "@/lib/schemas/growth";
import type { Decisions, Onboarding } from "@/lib/schemas/project";
import { writeChannelDraft, type DraftFacts } from "./channel-drafts";
import { audienceOf, clause, clean, featuresOf, pick, topicWords } from "./words";

export interface WriterInput {
  brand: string;
  onboarding: Onboarding;
  decisions: Decisions;
  playbook: string;
  item: { channel: Channel; title: string; angle: string; keyMessage: string; cta: string | null; notes: string | null };
  feedback: string | null;
  /** How many drafts came before this one (a regeneration without feedback varies the hook). */
  previousDrafts: number;
  previousBody: string | null;
}

export const writerOutputSchema = z.object({
  title: z.string().nullable().describe("Only for channels whose posts have a title or subject"),
  body: z.string().describe("The post exactly as it will be published"),
  hashtags: z.array(z.string()),
});

export const writerInstructions = (channel: Channel) => {
  const rule = channelRules[channel];
  return (
    `You write ${rule.label} posts for a founder, in the voice of their Marketing Playbook. ${rule.conventions} ` +
    `Hard limit: ${rule.bodyLimit} ${rule.unit === "weighted" ? "weighted characters (URLs count 23)" : rule.unit}` +
    `${rule.titleLimit ? `, title ${rule.titleLimit} characters` : ""}; at most ${rule.hashtagBudget} hashtags. Never invent facts or numbers.`
  );
};

const casual = (text: string) =>
  text
    .replace(/\bI am\b/g, "I'm")
    .replace(/\bdo not\b/g, "don't")
    .replace(/\bIt is\b/g, "It's")
    .replace(/\bit is\b/g, "it's")
    .replace(/\bWe are\b/g, "We're")
    .replace(/\bcannot\b/g, "can't");
const formal = (text: string) =>
  text
    .replace(/\p{Extended_Pictographic}\uFE0F?/gu, "")
    .replace(/!+/g, ".")
    .replace(/\bI'm\b/g, "I am")
    .replace(/\bdon't\b/g, "do not")
    .replace(/\bit's\b/gi, (match) => (match[0] === "I" ? "It is" : "it is"));

/**
 * Applies the founder's feedback to a draft: "shorter", "longer", "more casual", "more
 * formal", "no hashtags", "add emoji". Whatever it asks, the result still fits the channel.
 */
function applyFeedback(draft: ChannelDraft, feedback: string, facts: DraftFacts): ChannelDraft {
  const wants = (pattern: RegExp) => pattern.test(feedback.toLowerCase());
  let body = draft.parts.length > 1 ? draft.parts.map((part) => part.replace(/ \(\d+\/\d+\)$/, "")).join("\n\n") : draft.body;
  let hashtags = draft.hashtags;
  if (wants(/short|brief|concise|tight|less/)) {
    const target = Math.max(60, Math.floor(countAs(channelRules[draft.channel].unit, body.slice(0, 50_000)) * 0.6));
    body = shortenToFit(body, (candidate) => countAs(channelRules[draft.channel].unit, candidate) <= target);
  }
  if (wants(/long|detail|more depth|expand/)) {
    body = [body, facts.story ? clean(facts.story) : "", ...facts.features.map((feature) => `${feature.what}: ${clause(feature.benefit)}`)].filter(Boolean).join("\n\n");
  }
  if (wants(/casual|relaxed|friendl|fun|informal/)) body = `${pick(["Quick one:", "Real talk:", "Okay, honest question:"], facts.brand)} ${casual(body)}`;
  if (wants(/formal|professional|serious/)) body = formal(body);
  if (wants(/no hashtag|without hashtag|drop the hashtag|fewer hashtag/)) hashtags = wants(/fewer/) ? hashtags.slice(0, 1) : [];
  if (wants(/emoji/) && !wants(/no emoji/)) body = `✨ ${body}`;
  if (wants(/no emoji|without emoji/)) body = body.replace(/\p{Extended_Pictographic}\uFE0F?\s?/gu, "");
  return fitToChannel(draft.channel, { title: draft.title, body, hashtags });
}

const hooks = [
  (facts: DraftFacts) => facts.angle,
  (facts: DraftFacts) => `${facts.audience}, this one is for you. ${facts.angle}`,
  (facts: DraftFacts) => `Here is what we learned: ${clause(facts.angle)}`,
  (facts: DraftFacts) => `How do you handle this? ${facts.angle}`,
];

/** The offline writer: a channel-ready draft from the item's angle, key message and call to action. */
export function offlineDraft(input: WriterInput): ChannelDraft {
  const { onboarding: o, item } = input;
  const facts: DraftFacts = {
    brand: input.brand,
    audience: audienceOf(o),
    problem: clause(o.problemSolved),
    message: item.keyMessage,
    angle: "",
    cta: item.cta || "Learn more",
    url: clean(o.assetUrls).match(/https?:\/\/\S+/)?.[0] ?? null,
    story: o.founderStory ?? null,
    features: featuresOf(o).map(({ what, benefit }) => ({ what, benefit })),
    topics: topicWords(o.audienceType ?? o.audienceDescription),
  };
  const angle = item.angle.replace(/^(More of what worked|New angle[^:]*): /, "");
  facts.angle = hooks[input.previousDrafts % hooks.length]!({ ...facts, angle: `${item.title.replace(/^[^:]+: /, "")}. ${angle}` });
  const draft = writeChannelDraft(item.channel, facts);
  return input.feedback ? applyFeedback(draft, input.feedback, facts) : draft;
}

export function writerPrompt(input: WriterInput): string {
  return [
    `Write a ${channelRules[input.item.channel].label} post.`,
    `Title: ${input.item.title}`,
    `Angle: ${input.item.angle}`,
    `Key message: ${input.item.keyMessage}`,
    input.item.cta ? `Call to action: ${input.item.cta}` : "",
    input.item.notes ? `Notes: ${input.item.notes}` : "",
    input.previousBody ? `The previous draft was:\n${input.previousBody}` : "",
    input.feedback ? `The founder's feedback on it (follow it): ${input.feedback}` : "",
    "## Marketing Playbook",
    input.playbook,
  ]
    .filter(Boolean)
    .join("\n\n");
}
