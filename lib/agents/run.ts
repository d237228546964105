import { generateStructured } from "@/lib/ai/generate";
import { wordsFor, worksheetLabel } from "@/lib/i18n/phrasebook";
import type { AgentType } from "@/lib/schemas/project";
import { agents } from "./index";
import type { AgentInput, Task } from "./types";

/** Runs one task on the model configured for its use case, or on the offline drafting engine. */
export async function runTask<Input, Output>(task: Task<Input, Output>, input: Input) {
  const prompt = task.prompt(input);
  const result = await generateStructured({
    name: task.name,
    useCase: task.useCase,
    schema: task.schemaFor?.(input) ?? task.schema,
    system: prompt.system,
    prompt: `${prompt.context}\n\n${prompt.task}`,
    input,
    images: task.images?.(input),
  });
  return { ...result, output: task.normalize ? task.normalize(result.output, input) : result.output };
}

/** Runs one pipeline agent and turns its output into the launch pack's content items. */
export async function runAgent(agentType: AgentType, input: AgentInput) {
  const agent = agents[agentType];
  const result = await runTask(agent, input);
  const content = agent.toContent(result.output, input);
  // Offline, a language without a phrasebook gets a worksheet, and says so.
  if (result.usage.model === "offline" && wordsFor(input.language).worksheet && content[0]) {
    content[0] = {
      ...content[0],
      body: `${worksheetLabel(input.language)}

${content[0].body}`,
    };
  }
  return { ...result, content };
}
