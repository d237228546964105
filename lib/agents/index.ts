import type { AgentType } from "@/lib/schemas/project";
import { brandArchitect } from "./brand-architect";
import { launchAssets } from "./launch-assets";
import { launchStrategist } from "./launch-strategist";
import { marketStrategist } from "./market-strategist";
import type { Agent } from "./types";
import { websiteCopy } from "./website-copy";

export type { AgentInput, ApprovedOutputs, ContentDraft } from "./types";

/** The five pipeline agents, by step. */
export const agents: Record<AgentType, Agent<unknown>> = {
  "market-strategist": marketStrategist as Agent<unknown>,
  "brand-architect": brandArchitect as Agent<unknown>,
  "launch-strategist": launchStrategist as Agent<unknown>,
  "website-copy": websiteCopy as Agent<unknown>,
  "launch-assets": launchAssets as Agent<unknown>,
};
