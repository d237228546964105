import type { z } from "zod";
import type { AgentType, Decisions, Onboarding } from "@/lib/schemas/project";
import type { BrandSystem } from "./brand-architect";
import type { LaunchStrategy } from "./launch-strategist";
import type { MarketStrategy } from "./market-strategist";
import type { WebsiteCopy } from "./website-copy";

/** The approved outputs of earlier pipeline steps, by step. */
export interface ApprovedOutputs {
  "market-strategist"?: MarketStrategy;
  "brand-architect"?: BrandSystem;
  "launch-strategist"?: LaunchStrategy;
  "website-copy"?: WebsiteCopy;
}

/** Everything an agent works from. */
export interface AgentInput {
  projectName: string;
  onboarding: Onboarding;
  decisions: Decisions;
  approved: ApprovedOutputs;
  /** The founder's feedback on the step's last rejected run, if any. */
  feedback: string | null;
}

export interface ContentDraft {
  kind: string;
  title: string;
  /** Markdown. */
  body: string;
}

/** One pipeline agent: what it produces, how it asks a model, and its offline draft. */
export interface Agent<T> {
  type: AgentType;
  title: string;
  schema: z.ZodType<T>;
  /** The system prompt: the agent's role and standards. */
  instructions: string;
  /** The task, in the words the model reads (the brief is added by the runner). */
  task: (input: AgentInput) => string;
  /** A useful first draft from the founder's own answers, with no model. */
  offline: (input: AgentInput) => T;
  /** The content items a completed run adds to the launch pack. */
  toContent: (output: T, input: AgentInput) => ContentDraft[];
}
