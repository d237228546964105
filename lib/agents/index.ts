import type { AgentType } from "@/lib/schemas/project";
import { brandArchitect } from "./brand-architect";
import { growthPlanner } from "./growth-planner";
import { growthWriter } from "./growth-writer";
import { imageAltWriter } from "./image-alt-writer";
import { launchAssets } from "./launch-assets";
import { launchStrategist } from "./launch-strategist";
import { marketStrategist } from "./market-strategist";
import type { Agent, Task } from "./types";
import { websiteCopy } from "./website-copy";

export type { AgentInput, ApprovedOutputs, ContentDraft, Task, UseCase } from "./types";

/** The five pipeline agents, by step. */
export const agents: Record<AgentType, Agent<unknown>> = {
  "market-strategist": marketStrategist as Agent<unknown>,
  "brand-architect": brandArchitect as Agent<unknown>,
  "launch-strategist": launchStrategist as Agent<unknown>,
  "website-copy": websiteCopy as Agent<unknown>,
  "launch-assets": launchAssets as Agent<unknown>,
};

/** All eight tasks Launchloop asks of a model, in one shape: the pipeline's five, the growth loop's two and an image's alt text. */
export const tasks: Record<string, Task<never, unknown>> = {
  ...agents,
  "growth-planner": growthPlanner as unknown as Task<never, unknown>,
  "growth-writer": growthWriter as unknown as Task<never, unknown>,
  "image-alt-writer": imageAltWriter as unknown as Task<never, unknown>,
};
