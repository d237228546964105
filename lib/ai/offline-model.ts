import type { LanguageModel } from "ai";

type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: "v3" }>;

const noTokens = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/**
 * The offline drafting engine as a model provider, so a task runs the same path with or
 * without a model configured. Its drafts are worked out from the founder's own answers by
 * each task (`Task.offline`), which the caller hands over as `providerOptions.offline.answer`;
 * the model answers that draft as JSON text, spending no tokens.
 */
export const offlineModel: LanguageModelV3 = {
  specificationVersion: "v3",
  provider: "launchloop",
  modelId: "offline",
  supportedUrls: {},
  async doGenerate(options) {
    const answer = options.providerOptions?.offline?.answer;
    if (answer === undefined) throw new Error("The offline engine needs the task's draft (providerOptions.offline.answer).");
    return {
      content: [{ type: "text", text: JSON.stringify(answer) }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: noTokens,
      warnings: [],
    };
  },
  async doStream() {
    throw new Error("The offline engine does not stream.");
  },
};
