import { languageName } from "@/lib/i18n/phrasebook";
import type { Onboarding } from "@/lib/schemas/project";
import type { AgentInput, ApprovedOutputs, Prompt } from "./types";

/**
 * The system rules every task of a project shares, word for word (so a provider caches
 * them): who Launchloop is, the honesty rules, and the language to write in.
 */
export function systemRules(language: string): string {
  return [
    "You are Launchloop, a careful marketer working for one founder. You listened to their answers and write like them, for their customers.",
    `Write every word of the output in ${languageName(language)} (${language}), including headings and labels, whatever language the instructions are in. Keep names, brands and links as they are.`,
    "Use only facts from the founder brief and the approved work. Never invent customers, numbers, dates, prices, competitors or quotes.",
    `Where a fact is missing, write a clearly marked fill-in such as [add: a customer quote] (in ${languageName(language)}) instead of filler.`,
    "Specific beats clever: name the audience, their problem and the outcome in the founder's words. No hype, no clichés, no hashtags unless a channel uses them.",
    "Answer with JSON only, matching the schema.",
  ].join("\n");
}

const compact = (value: unknown): unknown => {
  if (Array.isArray(value)) {
    const kept = value.map(compact).filter((entry) => entry !== undefined);
    return kept.length ? kept : undefined;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .map(([key, entry]) => [key, compact(entry)] as const)
      .filter(([, entry]) => entry !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  if (typeof value === "string") return value.trim() ? value.trim() : undefined;
  return value ?? undefined;
};

/** Compact JSON with empty answers left out. */
export const json = (value: unknown) => JSON.stringify(compact(value) ?? {});

/** The founder's answers, as compact JSON: the first and most stable part of every prompt. */
export const founderBrief = (projectName: string, onboarding: Onboarding) =>
  `## Founder brief\n${json({ project: projectName, ...onboarding })}`;

/**
 * What later steps need of each approved step, in pipeline order (the context only grows
 * at its end, so each step's prompt starts with the previous step's): the chosen
 * positioning and value proposition, not every option.
 */
export function approvedDigest(approved: ApprovedOutputs, decisions: AgentInput["decisions"]): string {
  const parts: string[] = [];
  const market = approved["market-strategist"];
  if (market) {
    parts.push(
      `### Market strategy (approved)\n${json({
        positioning: decisions.positioning ?? market.positioningOptions[0],
        valueProposition: decisions.valueProposition ?? market.valuePropositions[0],
        idealCustomerProfiles: market.idealCustomerProfiles.map(({ name, description, painPoints }) => ({
          name,
          description,
          painPoints,
        })),
      })}`,
    );
  }
  const brand = approved["brand-architect"];
  if (brand) {
    parts.push(
      `### Brand (approved)\n${json({
        name: decisions.brandName ?? brand.brandNameOptions[0]?.name,
        tagline: decisions.tagline ?? brand.taglineOptions[0],
        voice: brand.voice,
        messagingPillars: brand.messagingPillars,
      })}`,
    );
  }
  const launch = approved["launch-strategist"];
  if (launch) {
    parts.push(
      `### Launch strategy (approved)\n${json({ goal: launch.launchGoal, channels: launch.channelStrategy.map(({ channel, role }) => ({ channel, role })) })}`,
    );
  }
  const website = approved["website-copy"];
  if (website)
    parts.push(
      `### Website (approved)\n${json({ headline: website.home.headline, subheadline: website.home.subheadline, cta: website.home.primaryCta })}`,
    );
  return parts.join("\n\n");
}

/** A pipeline step's prompt: shared rules, the brief, approved work, then decisions, feedback and the task. */
export function pipelinePrompt(input: AgentInput, role: string, task: string): Prompt {
  const context = [founderBrief(input.projectName, input.onboarding), approvedDigest(input.approved, input.decisions)]
    .filter(Boolean)
    .join("\n\n");
  const decisions = json(input.decisions);
  const tail = [
    decisions !== "{}" ? `## The founder's decisions (follow them)\n${decisions}` : "",
    input.feedback
      ? `## The founder rejected the last draft of this step with this feedback (address it)\n${input.feedback}`
      : "",
    `## Task\n${role}\n${task}`,
  ].filter(Boolean);
  return { system: systemRules(input.language), context, task: tail.join("\n\n") };
}
