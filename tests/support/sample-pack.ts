import type { AgentInput, ApprovedOutputs } from "@/lib/agents";
import { runAgent } from "@/lib/agents/run";
import { detectProjectLanguage } from "@/lib/i18n/detect";
import { agentTypes, type Decisions, type Onboarding } from "@/lib/schemas/project";
import { sampleProject } from "./founder";
import { berlinBakery } from "./founders";

/** A fixed day, so the sample's dates do not change from one day to the next. */
export const sampleToday = "2026-11-23";

/** The launch pack the offline engine writes for a founder, approving every step and taking the first positioning and tagline. */
export async function renderPack(name: string, onboarding: Onboarding): Promise<string[]> {
  const approved: Record<string, unknown> = {};
  let decisions: Decisions = {};
  const language = detectProjectLanguage(onboarding);
  const sections: string[] = [];
  for (const agentType of agentTypes) {
    const input: AgentInput = {
      projectName: name,
      language,
      onboarding,
      decisions,
      approved: approved as ApprovedOutputs,
      feedback: null,
      rejections: 0,
      today: sampleToday,
    };
    const result = await runAgent(agentType, input);
    approved[agentType] = result.output;
    if (agentType === "market-strategist") {
      const market = result.output as { positioningOptions: { name: string; statement: string }[] };
      decisions = {
        ...decisions,
        positioning: { name: market.positioningOptions[0]!.name, statement: market.positioningOptions[0]!.statement },
      };
    }
    if (agentType === "brand-architect")
      decisions = { ...decisions, tagline: (result.output as { taglineOptions: string[] }).taglineOptions[0] };
    sections.push(`---\n\n## Step: ${agentType}`);
    for (const item of result.content) sections.push(`### ${item.title}\n\n${item.body.replace(/^(#+) /gm, "$1## ")}`);
  }
  return sections;
}

/** The sample launch packs of docs/sample-launch-pack.md: the English sample founder and a German bakery. */
export async function renderSamplePack(): Promise<string> {
  const sections = [
    "# Sample offline launch packs",
    "What `npm start` with no model configured produces, approving every step and taking the first positioning and tagline as decisions " +
      `(dates as if run on ${sampleToday}). Regenerate with \`npm run docs:sample\`; a test checks it is current. ` +
      "Where the answers give nothing, the pack says what to fill in, marked `[add: …]` (`[ergänzen: …]` in German), instead of inventing it.",
    "- [English: Tidybooks](#english-tidybooks) (the sample founder of `tests/support/founder.ts`, rich answers)",
    "- [German: Brotzeit Kreuzberg](#german-brotzeit-kreuzberg) (a Berlin bakery answering in German, from `tests/support/founders.ts`; the project's language is detected as `de`)",
    "# English: Tidybooks",
    ...(await renderPack(sampleProject.name, sampleProject.onboarding)),
    "# German: Brotzeit Kreuzberg",
    ...(await renderPack(berlinBakery.name, berlinBakery.onboarding)),
  ];
  return `${sections.join("\n\n")}\n`;
}
