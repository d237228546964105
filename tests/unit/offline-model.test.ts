import { generateText, Output } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { generateStructured, ModelFailure } from "@/lib/ai/generate";
import { offlineModel } from "@/lib/ai/offline-model";

const schema = z.object({ headline: z.string(), points: z.array(z.string()) });
const task = (offline: () => unknown) => ({
  name: "test_task",
  useCase: "drafts" as const,
  schema,
  system: "rules",
  prompt: "task",
  offline: offline as () => z.infer<typeof schema>,
});

describe("the offline drafting engine as a model provider", () => {
  it("answers the task's own draft through the AI SDK, spending no tokens", async () => {
    const { output } = await generateText({
      model: offlineModel,
      prompt: "anything",
      output: Output.object({ schema }),
      providerOptions: { offline: { answer: { headline: "Hi", points: ["a"] } } },
    });
    expect(output).toEqual({ headline: "Hi", points: ["a"] });
  });

  it("is the path of a task when no model is configured, with the same schema check as a model's answer", async () => {
    expect(process.env.OPENAI_API_KEY).toBeUndefined();
    expect(await generateStructured(task(() => ({ headline: "Hi", points: [] })))).toEqual({
      output: { headline: "Hi", points: [] },
      usage: { inputTokens: 0, outputTokens: 0, model: "offline" },
    });
    await expect(generateStructured(task(() => ({ headline: 42 })))).rejects.toBeInstanceOf(ModelFailure);
  });
});
