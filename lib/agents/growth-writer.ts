import { z } from "zod";
import { channelRules, countAs, fitsWithin, fitToChannel, shortenToFit } from "@/lib/channels";
import { primaryOf, wordsFor } from "@/lib/i18n/phrasebook";
import type { Channel } from "@/lib/schemas/growth";
import type { Decisions, Onboarding } from "@/lib/schemas/project";
import { angleKeys, callToAction, scriptBody, type WrittenDraft, writeChannelDraft } from "./channel-drafts";
import { inRequestedTone, readFeedback } from "./feedback";
import { channelLessons, channelRole, founderLessons, writerBrief } from "./growth-context";
import { angleOf, type PlaybookDigest } from "./growth-planner";
import { systemRules } from "./prompt";
import type { Task } from "./types";
import { clause, factsOf } from "./words";

export interface WriterInput {
  projectName: string;
  language: string;
  onboarding: Onboarding;
  decisions: Decisions;
  playbook: PlaybookDigest;
  weekNumber: number;
  item: {
    channel: Channel;
    title: string;
    angle: string;
    keyMessage: string;
    cta: string | null;
    notes: string | null;
    position: number;
  };
  feedback: string | null;
  /** How many drafts came before this one (a regeneration without feedback leads with other facts). */
  previousDrafts: number;
  previousBody: string | null;
}

const scriptSchema = z.object({ hook: z.string(), onScreenText: z.string(), voiceOver: z.string(), caption: z.string() });

export const writerOutputSchema = z.object({
  title: z.string().nullable().describe("Only for channels whose posts have a title or subject"),
  body: z.string().describe("The post exactly as it will be published, ending with the call to action and link"),
  hashtags: z.array(z.string()),
  script: scriptSchema
    .nullable()
    .describe("For short-video channels: hook, on-screen text, voice-over and caption; null elsewhere"),
});
export type WriterOutput = z.infer<typeof writerOutputSchema>;

/** The language a draft is written in: the one the feedback asks for, else the project's. */
const languageOf = (input: WriterInput) => readFeedback(input.feedback).language ?? input.language;

function applyFeedback(draft: WrittenDraft, input: WriterInput, tail: string): WriterOutput {
  const directives = readFeedback(input.feedback);
  const facts = factsOf(input.onboarding, input.decisions);
  const english = primaryOf(languageOf(input)) === "en";
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
        feature.benefit ? `${feature.what}: ${clause(feature.benefit, [facts.brand])}` : feature.what,
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
  const facts = factsOf(input.onboarding, input.decisions);
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

/** A draft as stored: fitted to the channel (the call to action kept), with its length and limit. */
export function fittedDraft(output: WriterOutput, input: WriterInput) {
  const channel = input.item.channel;
  const rule = channelRules[channel];
  const w = wordsFor(languageOf(input));
  const body = output.script && !output.body.trim() ? scriptBody(output.script, w) : output.body;
  const tail = callToAction({ facts: factsOf(input.onboarding, input.decisions), words: w, cta: input.item.cta });
  const fitted = fitToChannel(channel, {
    title: output.title,
    body,
    hashtags: output.hashtags,
    tail: body.includes(tail) ? tail : undefined,
  });
  return {
    ...fitted,
    script: output.script,
    length: Math.max(...fitted.parts.map((part) => countAs(rule.unit, part))),
    limit: rule.bodyLimit,
    unit: rule.unit,
    language: languageOf(input),
  };
}

export const growthWriter: Task<WriterInput, WriterOutput> = {
  name: "channel_draft",
  useCase: "drafts",
  schema: writerOutputSchema,
  prompt: (input) => {
    const rule = channelRules[input.item.channel];
    const role = channelRole(input.playbook, input.item.channel);
    return {
      system: systemRules(languageOf(input)),
      // The project's part first and the same for every draft (what a provider caches), then this channel's.
      context: [
        writerBrief(input.projectName, input.onboarding, input.playbook),
        founderLessons(input.playbook),
        channelLessons(input.playbook, input.item.channel),
      ]
        .filter(Boolean)
        .join("\n\n"),
      task: [
        `## Task\nAct as the founder's copywriter. Write one ${rule.label} post from the product facts, features, links, proof and story in the brief, in the playbook's voice. ` +
          `${role ? `The channel's role: ${role}. ` : ""}` +
          `${rule.conventions} Hard limit: ${rule.bodyLimit} ${rule.unit === "weighted" ? "weighted characters (URLs count 23)" : rule.unit}` +
          `${rule.titleLimit ? `, title ${rule.titleLimit} characters` : ""}; at most ${rule.hashtagBudget} hashtags. End with the call to action and the link. ` +
          "The angle and notes below are instructions for you, never text for the post.",
        `Item: ${JSON.stringify({ angle: input.item.angle, keyMessage: input.item.keyMessage, cta: input.item.cta, notes: input.item.notes })}`,
        input.previousBody ? `The previous draft:\n${input.previousBody}` : "",
        input.feedback ? `The founder's feedback on it (follow it): ${input.feedback}` : "",
      ]
        .filter(Boolean)
        .join("\n\n"),
    };
  },
  offline: offlineDraft,
};
