import { createOpenAI } from "@ai-sdk/openai";
import { APICallError, generateText, type JSONValue, type ModelMessage, Output, RetryError } from "ai";
import type { z } from "zod";
import { config } from "@/lib/config";
import { offlineModel } from "./offline-model";

export interface ModelUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  /** The model's name, or `offline` for the offline drafting engine. */
  model: string;
}

/** Which model a call runs on: `AI_MODEL` for strategy, `AI_MODEL_DRAFTS` for drafts. */
export type UseCase = "strategy" | "drafts";

export interface StructuredTask<T> {
  /** Names the output for the model, e.g. `market_strategy`. */
  name: string;
  useCase: UseCase;
  schema: z.ZodType<T>;
  /** The stable rules first (cached by providers across calls)... */
  system: string;
  /** ...then the context and the step's task, in that order. */
  prompt: string;
  /** What the task works from: the offline drafting engine drafts `name` from it when no model is configured. */
  input: unknown;
  /** Images the model looks at, after the prompt (a model that takes no images refuses the call). */
  images?: readonly ModelImage[];
}

/** An image sent to the model as an image part of the prompt. */
export interface ModelImage {
  bytes: Uint8Array;
  mediaType: string;
}

/** Whether a model is configured; the offline drafting engine, used otherwise, sees no images. */
export const modelConfigured = () => Boolean(config().model.openai);

/** A model call that failed in a way the founder should read about (never a raw provider message). */
export class ModelFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ModelFailure";
  }
}

/**
 * Runs one structured generation through the AI SDK on the configured OpenAI(-compatible)
 * model, or with no model configured on the offline drafting engine (itself a model
 * provider), validated against the task's schema with one retry that shows the model its
 * validation error.
 */
export async function generateStructured<T>(task: StructuredTask<T>): Promise<{ output: T; usage: ModelUsage }> {
  const settings = config().model;
  const { model, modelName, providerOptions } = settings.openai
    ? {
        model: createOpenAI({ apiKey: settings.openai.apiKey, baseURL: settings.openai.baseUrl }).chat(
          settings.models[task.useCase],
        ),
        modelName: settings.models[task.useCase],
        providerOptions: undefined,
      }
    : {
        model: offlineModel,
        modelName: "offline",
        providerOptions: { offline: { task: task.name, input: task.input as JSONValue } },
      };
  const deadline = AbortSignal.timeout(settings.timeoutMs);
  const messages: ModelMessage[] = [
    {
      role: "user",
      content: task.images?.length
        ? [
            { type: "text", text: task.prompt },
            ...task.images.map((image) => ({ type: "image" as const, image: image.bytes, mediaType: image.mediaType })),
          ]
        : task.prompt,
    },
  ];
  let inputTokens = 0;
  let outputTokens = 0;

  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      const result = await generateText({
        model,
        system: task.system,
        messages,
        output: Output.object({ schema: task.schema, name: task.name }),
        ...(providerOptions && { providerOptions }),
        maxRetries: 1,
        abortSignal: deadline,
      });
      inputTokens += result.usage.inputTokens ?? 0;
      outputTokens += result.usage.outputTokens ?? 0;
      return { output: result.output, usage: { inputTokens, outputTokens, model: modelName } };
    } catch (error) {
      if (deadline.aborted) {
        const seconds = settings.timeoutMs / 1000;
        throw new ModelFailure(`The model did not answer within ${seconds} second${seconds === 1 ? "" : "s"}.`, { cause: error });
      }
      const providerError = RetryError.isInstance(error) ? error.lastError : error;
      if (APICallError.isInstance(providerError)) {
        const status = providerError.statusCode ? ` (HTTP ${providerError.statusCode})` : "";
        throw new ModelFailure(`The model provider refused the request${status}.`, { cause: error });
      }
      const failedAttempt = error as { text?: string; usage?: { inputTokens?: number; outputTokens?: number } };
      inputTokens += failedAttempt.usage?.inputTokens ?? 0;
      outputTokens += failedAttempt.usage?.outputTokens ?? 0;
      const answer = failedAttempt.text;
      if (answer === undefined || attempt === 2) {
        throw new ModelFailure("The model's answer did not match the expected structure, twice.", { cause: error });
      }
      // One more try, showing the model what was wrong with its answer.
      messages.push(
        { role: "assistant", content: answer },
        {
          role: "user",
          content: `That answer does not match the required JSON schema: ${describeProblem(error)}. Answer again with JSON only, matching the schema exactly.`,
        },
      );
    }
  }
  throw new ModelFailure("The model did not produce an answer.");
}

function describeProblem(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const message = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return message.slice(0, 2000);
}
