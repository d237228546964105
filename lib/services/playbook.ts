import "server-only";
import { asc, eq } from "drizzle-orm";
import { channelRules, projectChannels } from "@/lib/channels";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { agentRuns, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { kindLabel } from "@/lib/exports/launch-pack";
import { plainSummary } from "@/lib/exports/markdown-blocks";
import { writtenDate } from "@/lib/i18n/dates";
import { labelOf, learningKindLabel } from "@/lib/i18n/labels";
import { exportHeadings } from "@/lib/i18n/phrasebook";
import type { BrandSystem, LaunchStrategy, MarketStrategy } from "@/lib/schemas/agent-outputs";
import type { Learning, Playbook } from "@/lib/schemas/playbook";
import type { AgentType } from "@/lib/schemas/project";
import { getOwnedProject, type ProjectRecord } from "./project-records";
import { ownedRow, ownedRows } from "./tenant";

export type { Learning };

/** The newest learnings a project keeps. */
const keptLearnings = 100;

/**
 * Adds learnings to the caller's project inside the caller's transaction: the project row
 * is locked first, so concurrent retros and edits each add theirs and none is lost.
 * `replaces` drops older learnings the new ones supersede.
 */
export async function addLearnings(
  tx: Database,
  {
    project,
    added,
    now,
    replaces = () => false,
  }: {
    project: Pick<ProjectRecord, "id" | "accountId">;
    added: Learning[];
    now: Date;
    replaces?: (learning: Learning) => boolean;
  },
): Promise<void> {
  const [locked] = await tx
    .select({ learnings: projects.learnings })
    .from(projects)
    .where(ownedRow(projects, project.accountId, project.id))
    .for("update");
  if (!locked) throw new AppError("not_found", "Project not found.");
  const learnings = [...locked.learnings.filter((learning) => !replaces(learning)), ...added].slice(-keptLearnings);
  await tx
    .update(projects)
    .set({ learnings, updatedAt: now })
    .where(ownedRow(projects, project.accountId, project.id));
}

/**
 * The Marketing Playbook: the project's strategy as it stands, from the founder's
 * decisions first, then the approved outputs, then their answers, plus dated learnings.
 * The same object is shown to the founder and given to later agents as context.
 */
export async function buildPlaybook(db: Database, project: ProjectRecord): Promise<Playbook> {
  const approvedRuns = await db
    .select({ agentType: agentRuns.agentType, output: agentRuns.output })
    .from(agentRuns)
    .where(ownedRows(agentRuns, project.accountId, eq(agentRuns.projectId, project.id), eq(agentRuns.status, "approved")))
    .orderBy(asc(agentRuns.startedAt));
  const outputOf = <T>(agentType: string) =>
    approvedRuns.filter((run) => run.agentType === agentType).at(-1)?.output as T | undefined;
  const playbook = assemblePlaybook(project, {
    market: outputOf<MarketStrategy>("market-strategist"),
    brand: outputOf<BrandSystem>("brand-architect"),
    launch: outputOf<LaunchStrategy>("launch-strategist"),
    approvedSteps: approvedRuns.map((run) => run.agentType as AgentType),
  });
  return { ...playbook, markdown: playbookMarkdown(playbook) };
}

interface ApprovedWork {
  market?: MarketStrategy;
  brand?: BrandSystem;
  launch?: LaunchStrategy;
  approvedSteps: AgentType[];
}

function assemblePlaybook(project: ProjectRecord, { market, brand, launch, approvedSteps }: ApprovedWork) {
  const { onboarding, decisions } = project;

  return {
    projectId: project.id,
    name: project.name,
    positioning:
      decisions.positioning ??
      (market ? { name: market.positioningOptions[0]!.name, statement: market.positioningOptions[0]!.statement } : null),
    valueProposition:
      decisions.valueProposition ??
      (market?.valuePropositions[0]
        ? { angle: market.valuePropositions[0].angle, statement: market.valuePropositions[0].statement }
        : null),
    audience: {
      summary: onboarding.audienceDescription ?? onboarding.audienceType ?? null,
      profiles:
        market?.idealCustomerProfiles.map((profile) => ({
          name: profile.name,
          description: profile.description,
          whereTheyAre: profile.whereTheyAre,
        })) ?? [],
    },
    brand: {
      name: decisions.brandName ?? onboarding.businessName,
      tagline: decisions.tagline ?? brand?.taglineOptions[0] ?? null,
      palette: decisions.colorPalette ?? (brand ? brand.palette.map((color) => `${color.name} ${color.hex}`).join(", ") : null),
    },
    voice: brand?.voice ?? {
      description: null,
      traits: onboarding.toneWords ?? [],
      do: [],
      dont: onboarding.avoidToneWords ?? [],
    },
    channels:
      launch?.channelStrategy ??
      projectChannels(onboarding).map((channel) => ({ channel, role: null, cadence: null, firstMove: null })),
    launchPlan: launch ? { goal: launch.launchGoal, phases: launch.launchPlan, metrics: launch.metrics } : null,
    learnings: project.learnings,
    approvedSteps,
  };
}

/** The playbook as a document a founder reads and a model takes as context. */
export function playbookMarkdown(playbook: Omit<Playbook, "markdown">): string {
  const sections = [`# Marketing Playbook: ${playbook.brand.name}`];
  if (playbook.brand.tagline) sections.push(`> ${playbook.brand.tagline}`);
  if (playbook.positioning)
    sections.push(`## Positioning\n\n**${playbook.positioning.name}.** ${playbook.positioning.statement}`);
  if (playbook.valueProposition)
    sections.push(`## Value proposition\n\n**${playbook.valueProposition.angle}.** ${playbook.valueProposition.statement}`);
  const audience = [
    playbook.audience.summary,
    ...playbook.audience.profiles.map((profile) => `- **${profile.name}:** ${profile.description}`),
  ].filter(Boolean);
  if (audience.length) sections.push(`## Audience\n\n${audience.join("\n\n")}`);
  const voice = [
    playbook.voice.description,
    playbook.voice.traits.length ? `Traits: ${playbook.voice.traits.join(", ")}` : "",
    ...playbook.voice.do.map((rule) => `- Do: ${rule}`),
    ...playbook.voice.dont.map((rule) => `- Don't: ${rule}`),
  ].filter(Boolean);
  if (voice.length) sections.push(`## Voice\n\n${voice.join("\n")}`);
  if (playbook.brand.palette) sections.push(`## Palette\n\n${playbook.brand.palette}`);
  sections.push(
    `## Channels\n\n${playbook.channels.map((entry) => `- **${channelName(entry.channel)}**${entry.role ? `: ${entry.role}${entry.cadence ? ` (${entry.cadence})` : ""}` : ""}`).join("\n")}`,
  );
  if (playbook.launchPlan) {
    sections.push(
      `## Launch plan\n\n**Goal:** ${playbook.launchPlan.goal}\n\n${playbook.launchPlan.phases.map((phase) => `- **${phase.phase}** (${datesInWords(phase.timing)}): ${datesInWords(phase.actions.join(" "))}`).join("\n")}`,
    );
  }
  if (playbook.learnings.length)
    sections.push(
      `## Learnings\n\n${playbook.learnings.map((learning) => `- ${learningDate(learning.date)} · ${labelOf(learningKindLabel, learning.kind)}: ${plainSummary(readableLearning(learning.text), 400)}`).join("\n")}`,
    );
  return sections.join("\n\n");
}

/** A channel's name ("x" is "X"); a channel the launch plan named in words stays as written. */
const channelName = (channel: string) => channelRules[channel as keyof typeof channelRules]?.label ?? channel;

/** "2026-11-27" as people write it ("November 27, 2026"); anything else as it was kept. */
const learningDate = (date: string) => (/^\d{4}-\d{2}-\d{2}/.test(date) ? writtenDate(date.slice(0, 10)) : date);

/** A plan's text with its ISO dates ("from 2026-11-30") written as people write them. */
const datesInWords = (text: string) =>
  text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (date) => (Number.isNaN(Date.parse(date)) ? date : writtenDate(date)));

const isContentKind = (slug: string) =>
  exportHeadings("en").kinds(slug) !== undefined || (slug.startsWith("post-") && slug.slice(5) in channelRules);

/** Learnings written before they named things in words quote a content kind's slug: "(post-x)" reads "(X launch post)". */
export const readableLearning = (text: string) =>
  text.replace(/\(([a-z0-9]+(?:-[a-z0-9]+)+)\)/g, (quoted, slug: string) =>
    isContentKind(slug) ? `(${kindLabel(slug)})` : quoted,
  );

export async function getPlaybook(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  return { playbook: await buildPlaybook(ctx.db, project) };
}
