import { generateText, Output } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { generateStructured, ModelFailure } from "@/lib/ai/generate";
import { offlineDrafts } from "@/lib/ai/offline";
import { offlineModel } from "@/lib/ai/offline-model";
import type { AgentInput } from "@/lib/schemas/agent-inputs";
import { marketStrategySchema } from "@/lib/schemas/agent-outputs";
import { sampleProject } from "@/tests/support/founder";

const input: AgentInput = {
  projectName: "x",
  language: "en",
  onboarding: sampleProject.onboarding,
  decisions: {},
  approved: {},
  feedback: null,
  rejections: 0,
  today: "2026-11-22",
};
const task = (name: string, schema: z.ZodType<unknown>) => ({
  name,
  useCase: "strategy" as const,
  schema,
  system: "rules",
  prompt: "task",
  input,
});

describe("the offline drafting engine as a model provider", () => {
  it("answers the named task's draft from its input through the AI SDK, spending no tokens", async () => {
    const { output, usage } = await generateText({
      model: offlineModel,
      prompt: "anything",
      output: Output.object({ schema: marketStrategySchema }),
      providerOptions: { offline: { task: "market_strategist", input: input as never } },
    });
    expect(output).toEqual(offlineDrafts.market_strategist(input));
    expect(usage.inputTokens).toBe(0);
  });

  it("is the path of a task when no model is configured, with the same schema check as a model's answer", async () => {
    expect(process.env.OPENAI_API_KEY).toBeUndefined();
    expect(await generateStructured(task("market_strategist", marketStrategySchema))).toEqual({
      output: offlineDrafts.market_strategist(input),
      usage: { inputTokens: 0, outputTokens: 0, model: "offline" },
    });
    await expect(generateStructured(task("market_strategist", z.object({ marketSummary: z.number() })))).rejects.toBeInstanceOf(
      ModelFailure,
    );
    await expect(generateStructured(task("no_such_task", marketStrategySchema))).rejects.toThrow();
  });
});
