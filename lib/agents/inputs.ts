import { readFeedback } from "@/lib/i18n/feedback";
import type {
  AgentInput,
  ApprovedOutputs,
  CycleHistory,
  PlannerInput,
  PlaybookDigest,
  WriterInput,
} from "@/lib/schemas/agent-inputs";
import type { Channel } from "@/lib/schemas/growth";
import type { AgentType, Decisions, Onboarding } from "@/lib/schemas/project";

/** What the agents read of a project. */
export interface ProjectFacts {
  name: string;
  language: string;
  onboarding: unknown;
  decisions: unknown;
}

/** What the agents read of a pipeline run. */
export interface RunFacts {
  agentType: string;
  status: string;
  output: unknown;
  feedback: string | null;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * What a pipeline step works from: the answers, the decisions, earlier approved work, the
 * last rejection's feedback (whose language request, if any, wins) and how often the
 * founder rejected this step.
 */
export function pipelineInput(project: ProjectFacts, runs: RunFacts[], agentType: AgentType, now: Date): AgentInput {
  const approved: Record<string, unknown> = {};
  for (const run of runs) if (run.status === "approved" && run.agentType !== agentType) approved[run.agentType] = run.output;
  const ofStep = runs.filter((run) => run.agentType === agentType && run.status !== "running");
  const last = ofStep.at(-1);
  const feedback = last?.status === "rejected" ? last.feedback : null;
  return {
    projectName: project.name,
    language: readFeedback(feedback).language ?? project.language,
    onboarding: project.onboarding as Onboarding,
    decisions: project.decisions as Decisions,
    approved: approved as ApprovedOutputs,
    feedback,
    rejections: ofStep.filter((run) => run.status === "rejected").length,
    today: today(now),
  };
}

export function plannerInput(
  project: ProjectFacts,
  playbook: PlaybookDigest,
  history: CycleHistory[],
  weekNumber: number,
  now: Date,
): PlannerInput {
  return {
    projectName: project.name,
    language: project.language,
    onboarding: project.onboarding as Onboarding,
    decisions: project.decisions as Decisions,
    playbook,
    weekNumber,
    history,
    today: today(now),
  };
}

/** What the writer of one planned item works from. */
export interface ItemFacts {
  channel: string;
  title: string;
  angle: string;
  keyMessage: string;
  cta: string | null;
  notes: string | null;
  position: number;
  draft: unknown;
  draftHistory: unknown;
}

export function writerInput(
  project: ProjectFacts,
  playbook: PlaybookDigest,
  weekNumber: number,
  item: ItemFacts,
  feedback: string | null,
): WriterInput {
  const history = (item.draftHistory as unknown[] | null) ?? [];
  return {
    projectName: project.name,
    language: project.language,
    onboarding: project.onboarding as Onboarding,
    decisions: project.decisions as Decisions,
    playbook,
    weekNumber,
    item: {
      channel: item.channel as Channel,
      title: item.title,
      angle: item.angle,
      keyMessage: item.keyMessage,
      cta: item.cta,
      notes: item.notes,
      position: item.position,
    },
    feedback: feedback?.trim() || null,
    previousDrafts: history.length + (item.draft ? 1 : 0),
    previousBody: (item.draft as { body?: string } | null)?.body ?? null,
  };
}
