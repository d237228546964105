import { z } from "zod";
import { brandSystemSchema } from "@/lib/agents/brand-architect";
import { launchAssetsSchema } from "@/lib/agents/launch-assets";
import { launchStrategySchema } from "@/lib/agents/launch-strategist";
import { marketStrategySchema } from "@/lib/agents/market-strategist";
import { websiteCopySchema } from "@/lib/agents/website-copy";
import { projectSchema, runFields } from "@/lib/schemas/project";

// The run resource lives beside the operations because its output is each agent's own
// output schema, and lib/schemas sits below lib/agents.
const runOf = <A extends string, O extends z.ZodType>(agentType: A, output: O) =>
  z.object({
    ...runFields,
    agentType: z.literal(agentType),
    output: output.nullable().describe(`The ${agentType} output; null until the run completes`),
  });

export const runSchema = z
  .discriminatedUnion("agentType", [
    runOf("market-strategist", marketStrategySchema),
    runOf("brand-architect", brandSystemSchema),
    runOf("launch-strategist", launchStrategySchema),
    runOf("website-copy", websiteCopySchema),
    runOf("launch-assets", launchAssetsSchema),
  ])
  .meta({ id: "AgentRun", description: "One agent run; its output's shape depends on `agentType`" });

export const runResponse = z.object({ run: runSchema, project: projectSchema }).meta({ id: "RunResponse" });

export const projectDetailResponse = z
  .object({ project: projectSchema, runs: z.array(runSchema).describe("Oldest first") })
  .meta({ id: "ProjectDetail" });
