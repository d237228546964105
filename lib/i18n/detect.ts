import { eld } from "eld/medium";
import type { Onboarding } from "@/lib/schemas/project";

/** The answers written in prose (names, links and channel lists say little about the language). */
const proseOf = (o: Onboarding) =>
  [
    o.productDescription,
    o.problemSolved,
    o.whyItMatters,
    o.audienceDescription,
    o.audienceFeedback,
    o.founderStory,
    o.whyChooseYou,
    ...(o.features ?? []).flatMap((feature) => [feature.what, feature.benefit]),
    o.audienceType,
    o.successTimeline,
    o.actionPriority,
  ]
    .filter((answer): answer is string => Boolean(answer?.trim()))
    .join("\n");

/** The language (an ISO 639-1 tag) a text is written in, or undefined when it cannot tell. */
export function detectLanguage(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length < 3) return undefined;
  return eld.detect(trimmed.slice(0, 5000)).language || undefined;
}

/** The language of the founder's answers (BCP 47), English when they are too short to tell. */
export const detectProjectLanguage = (onboarding: Onboarding) => detectLanguage(proseOf(onboarding)) ?? "en";
