import type { AgentType, Decisions } from "@/lib/schemas/project";

/**
 * The steps whose draft reads each decision, worked out from the agents' inputs: the approved
 * digest hands the chosen positioning and value proposition to every step after the market
 * strategy, and the chosen name and tagline to every step after the brand; the drafts name
 * the brand everywhere (the market strategy too); only the brand system describes the palette.
 * A step that merely offers a decision's options (the market strategy's positionings, the
 * brand's taglines) is not among them: choosing another option leaves what it wrote true.
 * Changing a decision makes only these steps' drafts out of date.
 */
export const decisionReaders: Record<keyof Decisions, readonly AgentType[]> = {
  positioning: ["brand-architect", "launch-strategist", "website-copy", "launch-assets"],
  valueProposition: ["brand-architect", "launch-strategist", "website-copy", "launch-assets"],
  brandName: ["market-strategist", "brand-architect", "launch-strategist", "website-copy", "launch-assets"],
  tagline: ["launch-strategist", "website-copy", "launch-assets"],
  colorPalette: ["brand-architect"],
};

/** Whether a step's draft reads the decision named `key` (an unknown name, from older data, counts as read by all). */
export const readsDecision = (step: AgentType, key: string) =>
  (decisionReaders as Record<string, readonly AgentType[] | undefined>)[key]?.includes(step) ?? true;
