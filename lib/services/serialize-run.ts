import type { BrandSystem, LaunchAssets, LaunchStrategy, MarketStrategy, WebsiteCopy } from "@/lib/schemas/agent-outputs";
import type { AgentType } from "@/lib/schemas/project";
import type { RunRecord } from "./project-records";

/** Each pipeline step's output, as its agent's schema defines it. */
export interface AgentOutputs {
  "market-strategist": MarketStrategy;
  "brand-architect": BrandSystem;
  "launch-strategist": LaunchStrategy;
  "website-copy": WebsiteCopy;
  "launch-assets": LaunchAssets;
}

interface RunFields {
  id: string;
  projectId: string;
  status: RunRecord["status"];
  feedback: string | null;
  error: string | null;
  usage: { inputTokens: number | null; outputTokens: number | null; model: string | null };
  startedAt: string;
  completedAt: string | null;
  reviewedAt: string | null;
}
/** A run as clients see it: its output typed by its step. */
export type SerializedRun = { [A in AgentType]: RunFields & { agentType: A; output: AgentOutputs[A] | null } }[AgentType];

export function serializeRun(run: RunRecord): SerializedRun {
  return {
    id: run.id,
    projectId: run.projectId,
    // The output column holds what the run's own agent produced (validated by its schema).
    agentType: run.agentType as AgentType,
    status: run.status,
    feedback: run.feedback,
    output: (run.output ?? null) as AgentOutputs[AgentType] | null,
    error: run.error,
    usage: { inputTokens: run.inputTokens, outputTokens: run.outputTokens, model: run.model },
    startedAt: run.startedAt.toISOString(),
    completedAt: run.completedAt?.toISOString() ?? null,
    reviewedAt: run.reviewedAt?.toISOString() ?? null,
  } as SerializedRun;
}
