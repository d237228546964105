import type { LanguageModel } from "ai";
import { offlineAnswer } from "./offline";

type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: "v3" }>;

const noTokens = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/**
 * The offline drafting engine (lib/ai/offline) as a model provider, so a task runs the same
 * path with or without a model configured. The caller names the task and hands over its
 * input as `providerOptions.offline` ({ task, input }); the engine works the draft out from
 * the founder's own answers and the model answers it as JSON text, spending no tokens.
 */
export const offlineModel: LanguageModelV3 = {
  specificationVersion: "v3",
  provider: "launchloop",
  modelId: "offline",
  supportedUrls: {},
  async doGenerate(options) {
    const request = options.providerOptions?.offline;
    const answer = request ? offlineAnswer(String(request.task), request.input) : undefined;
    if (answer === undefined) throw new Error("The offline engine has no draft for this task (providerOptions.offline).");
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
