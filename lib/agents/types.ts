import type { z } from "zod";
import type { ModelImage, UseCase } from "@/lib/ai/generate";
import type { AgentInput } from "@/lib/schemas/agent-inputs";
import type { AgentType } from "@/lib/schemas/project";

export type { AgentInput, ApprovedOutputs } from "@/lib/schemas/agent-inputs";

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

/**
 * One thing Launchloop asks of a model. With no model configured, the offline drafting
 * engine (lib/ai/offline, a model provider) answers it by its `name`, from the same input.
 */
export interface Task<Input, Output> {
  /** Names the structured output for the model, e.g. `market_strategist`. */
  name: string;
  useCase: UseCase;
  schema: z.ZodType<Output>;
  /** The schema for this input when it is narrower than `schema` (e.g. only the project's channels). */
  schemaFor?: (input: Input) => z.ZodType<Output>;
  prompt: (input: Input) => Prompt;
  /** Applied to every answer, a model's or the offline engine's: limits enforced, nothing lost. */
  normalize?: (output: Output, input: Input) => Output;
  /** Images the model looks at with the prompt (the offline engine sees none). */
  images?: (input: Input) => readonly ModelImage[];
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
