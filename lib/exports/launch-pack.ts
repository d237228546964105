import type { Database } from "@/lib/db";
import { groupByStep, projectContent } from "@/lib/services/content";
import { buildPlaybook } from "@/lib/services/playbook";
import type { ProjectRecord } from "@/lib/services/projects";
import type { Decisions } from "@/lib/schemas/project";

/**
 * Everything an export shows: the project, its decisions, the playbook and the launch
 * pack's content (items of approved runs) grouped by pipeline step.
 */
export async function loadLaunchPack(db: Database, project: ProjectRecord, now: Date) {
  const playbook = await buildPlaybook(db, project);
  const items = await projectContent(db, project.id, { approvedOnly: true });
  return {
    format: "launchloop.launch-pack" as const,
    version: 1 as const,
    generatedAt: now.toISOString(),
    project: { id: project.id, name: project.name, status: project.status },
    brand: { name: playbook.brand.name, tagline: playbook.brand.tagline },
    decisions: project.decisions as Decisions,
    playbook,
    sections: groupByStep(items).map((section) => ({
      step: section.agentType,
      title: section.title,
      items: section.items.map(({ id, kind, title, body, source, editedByFounder }) => ({ id, kind, title, body, source, editedByFounder })),
    })),
  };
}
export type LaunchPack = Awaited<ReturnType<typeof loadLaunchPack>>;

/** Decisions as label/value lines, in a fixed order. */
export function decisionLines(decisions: Decisions): [string, string][] {
  const lines: [string, string | undefined][] = [
    ["Positioning", decisions.positioning && `${decisions.positioning.name}: ${decisions.positioning.statement}`],
    ["Value proposition", decisions.valueProposition && `${decisions.valueProposition.angle}: ${decisions.valueProposition.statement}`],
    ["Brand name", decisions.brandName],
    ["Tagline", decisions.tagline],
    ["Color palette", decisions.colorPalette],
  ];
  return lines.filter((line): line is [string, string] => Boolean(line[1]));
}

/** The whole launch pack as one Markdown document. */
export function launchPackMarkdown(pack: LaunchPack): string {
  const parts = [`# ${pack.brand.name}: launch pack`];
  if (pack.brand.tagline) parts.push(`> ${pack.brand.tagline}`);
  const decisions = decisionLines(pack.decisions);
  if (decisions.length) parts.push(`## Decisions\n\n${decisions.map(([label, value]) => `- **${label}:** ${value}`).join("\n")}`);
  for (const section of pack.sections) {
    parts.push(`## ${section.title}`);
    for (const item of section.items) parts.push(`### ${item.title}\n\n${item.body.trim().replace(/^(#{1,4}) /gm, "$1## ")}`);
  }
  return `${parts.join("\n\n")}\n`;
}
