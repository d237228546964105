import { channelRules, countAs, fitsWithin, shortenToFit } from "@/lib/channels";
import { readFeedback } from "@/lib/i18n/feedback";
import { primaryOf, wordsFor } from "@/lib/i18n/phrasebook";
import { clause } from "@/lib/i18n/text";
import type { WriterInput } from "@/lib/schemas/agent-inputs";
import type { WriterOutput } from "@/lib/schemas/agent-outputs";
import { angleKeys, angleOf } from "./angles";
import { callToAction, type WrittenDraft, writeChannelDraft } from "./channel-drafts";
import { factsOf } from "./facts";
import { inRequestedTone } from "./tone";

/** The language a draft is written in: the one the feedback asks for, else the project's. */
const languageOf = (input: WriterInput) => readFeedback(input.feedback).language ?? input.language;

function applyFeedback(draft: WrittenDraft, input: WriterInput, tail: string): WriterOutput {
  const directives = readFeedback(input.feedback);
  const facts = factsOf(input.onboarding, input.decisions, input.language);
  const english = primaryOf(languageOf(input)) === "en";
  const w = wordsFor(languageOf(input));
  const rule = channelRules[draft.channel];
  let body = draft.parts.map((part) => part.replace(/ \(\d+\/\d+\)$/, "")).join("\n\n");
  let hashtags = draft.hashtags;
  const head = body.endsWith(tail) ? body.slice(0, body.length - tail.length).trim() : body;
  if (directives.length === "shorter") {
    const target = Math.max(40, Math.floor(countAs(rule.unit, head.slice(0, 50_000)) * 0.5));
    const kept = shortenToFit(head, (candidate) => fitsWithin(rule.unit, candidate, target));
    body = [kept, tail].filter(Boolean).join("\n\n");
  }
  if (directives.length === "longer") {
    const more = [
      ...facts.story,
      ...facts.features.map((feature) =>
        feature.benefit ? w.labelled(feature.what, clause(feature.benefit, [facts.brand])) : feature.what,
      ),
    ].filter((line) => !head.includes(line));
    body = [head, ...more, tail].filter(Boolean).join("\n\n");
  }
  body = inRequestedTone(body, directives, english);
  if (directives.hashtags === "none") hashtags = [];
  if (directives.hashtags === "fewer") hashtags = hashtags.slice(0, 1);
  if (directives.emoji === "add") body = `✨ ${body}`;
  return { title: draft.title, body, hashtags, script: draft.script };
}

/** The offline writer: a channel-ready draft from the item's angle and key message; the angle's label never appears in it. */
export function offlineDraft(input: WriterInput): WriterOutput {
  const w = wordsFor(languageOf(input));
  const facts = factsOf(input.onboarding, input.decisions, input.language);
  const angle =
    angleOf(input.item.angle, wordsFor(input.language)) ??
    angleOf(input.item.angle, w) ??
    angleKeys[(input.item.position + input.weekNumber) % angleKeys.length]!;
  const variant = input.weekNumber * 3 + input.item.position + input.previousDrafts;
  const draft = writeChannelDraft({
    channel: input.item.channel,
    facts,
    words: w,
    angle,
    variant,
    phrasing: input.weekNumber + input.previousDrafts,
    message: input.item.keyMessage || null,
    cta: input.item.cta,
  });
  return applyFeedback(draft, input, callToAction({ facts, words: w, cta: input.item.cta }));
}
