import { generateStructured } from "@/lib/ai/generate";
import type { AgentType } from "@/lib/schemas/project";
import { buildBrief } from "./brief";
import { agents } from "./index";
import type { AgentInput } from "./types";

/** Runs one pipeline agent on the configured model, or on the offline drafting engine. */
export async function runAgent(agentType: AgentType, input: AgentInput) {
  const agent = agents[agentType];
  const result = await generateStructured({
    name: agentType.replace(/-/g, "_"),
    schema: agent.schema,
    system: agent.instructions,
    prompt: `${agent.task(input)}\n\n${buildBrief(input)}`,
    offline: () => agent.offline(input),
  });
  return { ...result, content: agent.toContent(result.output, input) };
}
