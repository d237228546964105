import { callToAction, factsOf, scriptBody } from "@/lib/ai/offline";
import { channelConventions, channelRules, countAs, fitToChannel } from "@/lib/channels";
import { readFeedback } from "@/lib/i18n/feedback";
import { wordsFor } from "@/lib/i18n/phrasebook";
import type { WriterInput } from "@/lib/schemas/agent-inputs";
import { type WriterOutput, writerOutputSchema } from "@/lib/schemas/agent-outputs";
import { channelLessons, channelRole, founderLessons, writerBrief } from "./growth-context";
import { systemRules } from "./prompt";
import type { Task } from "./types";

export type { WriterInput, WriterOutput };

/** The language a draft is written in: the one the feedback asks for, else the project's. */
const languageOf = (input: WriterInput) => readFeedback(input.feedback).language ?? input.language;

/** A draft as stored: fitted to the channel (the call to action kept), with its length and limit. */
export function fittedDraft(output: WriterOutput, input: WriterInput) {
  const channel = input.item.channel;
  const rule = channelRules[channel];
  const w = wordsFor(languageOf(input));
  const body = output.script && !output.body.trim() ? scriptBody(output.script, w) : output.body;
  const tail = callToAction({ facts: factsOf(input.onboarding, input.decisions, input.language), words: w, cta: input.item.cta });
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
          `${channelConventions[input.item.channel]} Hard limit: ${rule.bodyLimit} ${rule.unit === "weighted" ? "weighted characters (URLs count 23)" : rule.unit === "graphemes-links-23" ? "characters (a link counts 23)" : rule.unit}` +
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
};
