import { z } from "zod";
import {
  brandSystemSchema,
  launchAssetsSchema,
  launchStrategySchema,
  marketStrategySchema,
  websiteCopySchema,
} from "./agent-outputs";
import { projectSchema, runFields } from "./project";

// A run resource: its output is the agent's own output schema, by step.
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
