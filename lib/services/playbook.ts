import { and, asc, eq } from "drizzle-orm";
import type { BrandSystem } from "@/lib/agents/brand-architect";
import type { LaunchStrategy } from "@/lib/agents/launch-strategist";
import type { MarketStrategy } from "@/lib/agents/market-strategist";
import { projectChannels } from "@/lib/channels";
import type { Database } from "@/lib/db";
import { agentRuns } from "@/lib/db/schema";
import type { AuthenticatedContext } from "@/lib/operations/operation";
import type { Decisions, Onboarding } from "@/lib/schemas/project";
import { getOwnedProject, type ProjectRecord } from "./projects";

export interface Learning {
  date: string;
  kind: "worked" | "quiet" | "founder-note" | "founder-edit";
  text: string;
}

/** The project's learnings with new ones added: the newest 100 are kept. */
export const withLearnings = (existing: unknown, added: Learning[]): Learning[] => [...((existing as Learning[] | null) ?? []), ...added].slice(-100);

/**
 * The Marketing Playbook: the project's strategy as it stands, from the founder's
 * decisions first, then the approved outputs, then their answers, plus dated learnings.
 * The same object is shown to the founder and given to later agents as context.
 */
export async function buildPlaybook(db: Database, project: ProjectRecord) {
  const approvedRuns = await db
    .select({ agentType: agentRuns.agentType, output: agentRuns.output })
    .from(agentRuns)
    .where(and(eq(agentRuns.projectId, project.id), eq(agentRuns.status, "approved")))
    .orderBy(asc(agentRuns.startedAt));
  const outputOf = <T>(agentType: string) => approvedRuns.filter((run) => run.agentType === agentType).at(-1)?.output as T | undefined;
  const playbook = assemblePlaybook(project, {
    market: outputOf<MarketStrategy>("market-strategist"),
    brand: outputOf<BrandSystem>("brand-architect"),
    launch: outputOf<LaunchStrategy>("launch-strategist"),
    approvedSteps: approvedRuns.map((run) => run.agentType),
  });
  return { ...playbook, markdown: playbookMarkdown(playbook) };
}

interface ApprovedWork {
  market?: MarketStrategy;
  brand?: BrandSystem;
  launch?: LaunchStrategy;
  approvedSteps: string[];
}

function assemblePlaybook(project: ProjectRecord, { market, brand, launch, approvedSteps }: ApprovedWork) {
  const onboarding = project.onboarding as Onboarding;
  const decisions = project.decisions as Decisions;

  return {
    projectId: project.id,
    name: project.name,
    positioning: decisions.positioning ?? (market ? { name: market.positioningOptions[0]!.name, statement: market.positioningOptions[0]!.statement } : null),
    valueProposition:
      decisions.valueProposition ?? (market?.valuePropositions[0] ? { angle: market.valuePropositions[0].angle, statement: market.valuePropositions[0].statement } : null),
    audience: {
      summary: onboarding.audienceDescription ?? onboarding.audienceType ?? null,
      profiles: market?.idealCustomerProfiles.map((profile) => ({ name: profile.name, description: profile.description, whereTheyAre: profile.whereTheyAre })) ?? [],
    },
    brand: {
      name: decisions.brandName ?? onboarding.businessName,
      tagline: decisions.tagline ?? brand?.taglineOptions[0] ?? null,
      palette: decisions.colorPalette ?? (brand ? brand.palette.map((color) => `${color.name} ${color.hex}`).join(", ") : null),
    },
    voice: brand?.voice ?? { description: null, traits: onboarding.toneWords ?? [], do: [], dont: onboarding.avoidToneWords ?? [] },
    channels: launch?.channelStrategy ?? projectChannels(onboarding).map((channel) => ({ channel, role: null, cadence: null, firstMove: null })),
    launchPlan: launch ? { goal: launch.launchGoal, phases: launch.launchPlan, metrics: launch.metrics } : null,
    learnings: (project.learnings as Learning[]) ?? [],
    approvedSteps,
  };
}

type Playbook = ReturnType<typeof assemblePlaybook>;

/** The playbook as a document a founder reads and a model takes as context. */
export function playbookMarkdown(playbook: Playbook): string {
  const sections = [`# Marketing Playbook: ${playbook.brand.name}`];
  if (playbook.brand.tagline) sections.push(`> ${playbook.brand.tagline}`);
  if (playbook.positioning) sections.push(`## Positioning\n\n**${playbook.positioning.name}.** ${playbook.positioning.statement}`);
  if (playbook.valueProposition) sections.push(`## Value proposition\n\n**${playbook.valueProposition.angle}.** ${playbook.valueProposition.statement}`);
  const audience = [playbook.audience.summary, ...playbook.audience.profiles.map((profile) => `- **${profile.name}:** ${profile.description}`)].filter(Boolean);
  if (audience.length) sections.push(`## Audience\n\n${audience.join("\n\n")}`);
  const voice = [playbook.voice.description, playbook.voice.traits.length ? `Traits: ${playbook.voice.traits.join(", ")}` : "", ...playbook.voice.do.map((rule) => `- Do: ${rule}`), ...playbook.voice.dont.map((rule) => `- Don't: ${rule}`)].filter(Boolean);
  if (voice.length) sections.push(`## Voice\n\n${voice.join("\n")}`);
  if (playbook.brand.palette) sections.push(`## Palette\n\n${playbook.brand.palette}`);
  sections.push(`## Channels\n\n${playbook.channels.map((entry) => `- **${entry.channel}**${entry.role ? `: ${entry.role}${entry.cadence ? ` (${entry.cadence})` : ""}` : ""}`).join("\n")}`);
  if (playbook.launchPlan) {
    sections.push(`## Launch plan\n\n**Goal:** ${playbook.launchPlan.goal}\n\n${playbook.launchPlan.phases.map((phase) => `- **${phase.phase}** (${phase.timing}): ${phase.actions.join(" ")}`).join("\n")}`);
  }
  if (playbook.learnings.length) sections.push(`## Learnings\n\n${playbook.learnings.map((learning) => `- ${learning.date} (${learning.kind}): ${learning.text}`).join("\n")}`);
  return sections.join("\n\n");
}

export async function getPlaybook(ctx: AuthenticatedContext, projectId: string) {
  const project = await getOwnedProject(ctx.db, ctx.account.id, projectId);
  return { playbook: await buildPlaybook(ctx.db, project) };
}
