import type { z } from "zod";
import type { UseCase } from "@/lib/ai/generate";
import type { BrandSystem, LaunchStrategy, MarketStrategy, WebsiteCopy } from "@/lib/schemas/agent-outputs";
import type { AgentType, Decisions, Onboarding } from "@/lib/schemas/project";

/** Which model a task runs on: `AI_MODEL` for strategy, `AI_MODEL_DRAFTS` for drafts. */
export type { UseCase };

/**
 * A prompt in the order a model provider can cache: the system rules (the same for every
 * task of a project), the context (the founder brief, then approved work or the playbook,
 * growing only at its end), and the step's task last.
 */
export interface Prompt {
  system: string;
  context: string;
  task: string;
}

/** One thing Launchloop asks of a model, with its offline draft for when there is none. */
export interface Task<Input, Output> {
  /** Names the structured output for the model, e.g. `market_strategist`. */
  name: string;
  useCase: UseCase;
  schema: z.ZodType<Output>;
  /** The schema for this input when it is narrower than `schema` (e.g. only the project's channels). */
  schemaFor?: (input: Input) => z.ZodType<Output>;
  prompt: (input: Input) => Prompt;
  /** A useful first draft from the founder's own answers, with no model. */
  offline: (input: Input) => Output;
  /** Applied to every answer, a model's or the offline engine's: limits enforced, nothing lost. */
  normalize?: (output: Output, input: Input) => Output;
}

/** The approved outputs of earlier pipeline steps, by step. */
export interface ApprovedOutputs {
  "market-strategist"?: MarketStrategy;
  "brand-architect"?: BrandSystem;
  "launch-strategist"?: LaunchStrategy;
  "website-copy"?: WebsiteCopy;
}

/** Everything a pipeline agent works from. */
export interface AgentInput {
  projectName: string;
  /** BCP 47: what every word of the output is written in. */
  language: string;
  onboarding: Onboarding;
  decisions: Decisions;
  approved: ApprovedOutputs;
  /** The founder's feedback on the step's last rejected run, if any. */
  feedback: string | null;
  /** How many runs of this step the founder rejected before (a rerun varies its picks). */
  rejections: number;
  /** ISO date the run starts, for plans with real dates. */
  today: string;
}

export interface ContentDraft {
  kind: string;
  title: string;
  /** Markdown. */
  body: string;
}

/** One pipeline step: a task whose output becomes content items of the launch pack. */
export interface Agent<T> extends Task<AgentInput, T> {
  type: AgentType;
  title: string;
  /** The content items a completed run adds to the launch pack. */
  toContent: (output: T, input: AgentInput) => ContentDraft[];
}
