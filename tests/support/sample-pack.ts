import { runAgent } from "@/lib/agents/run";
import type { AgentInput, ApprovedOutputs } from "@/lib/agents";
import { agentTypes, type Decisions } from "@/lib/schemas/project";
import { sampleProject } from "./founder";

/** The launch pack the offline engine writes for the sample founder, approving every step. */
export async function renderSamplePack(): Promise<string> {
  const approved: Record<string, unknown> = {};
  let decisions: Decisions = {};
  const sections = [
    "# Sample offline launch pack: Tidybooks",
    "What `npm start` with no model configured produces for the sample founder of `tests/support/founder.ts`, approving every step " +
      "and taking the first positioning and tagline as decisions. Regenerate with `npm run docs:sample`; a test checks it is current.",
  ];
  for (const agentType of agentTypes) {
    const input: AgentInput = { projectName: sampleProject.name, onboarding: sampleProject.onboarding, decisions, approved: approved as ApprovedOutputs, feedback: null };
    const result = await runAgent(agentType, input);
    approved[agentType] = result.output;
    if (agentType === "market-strategist") {
      const market = result.output as { positioningOptions: { name: string; statement: string }[] };
      decisions = { ...decisions, positioning: { name: market.positioningOptions[0]!.name, statement: market.positioningOptions[0]!.statement } };
    }
    if (agentType === "brand-architect") decisions = { ...decisions, tagline: (result.output as { taglineOptions: string[] }).taglineOptions[0] };
    sections.push(`---\n\n# Step: ${agentType}`);
    for (const item of result.content) sections.push(`## ${item.title}\n\n${item.body.replace(/^(#+) /gm, "$1## ")}`);
  }
  return `${sections.join("\n\n")}\n`;
}
