import type { z } from "zod";
import { channelRules } from "@/lib/channels/rules";
import { type ExportHeadings, exportHeadings } from "@/lib/i18n/phrasebook";
import type { launchPackSchema } from "@/lib/schemas/exports";
import type { Channel } from "@/lib/schemas/growth";
import type { Decisions } from "@/lib/schemas/project";

/** A brand logo for the cover of the PDF and DOCX exports (PNG or JPEG bytes): optional. */
export interface CoverImage {
  bytes: Uint8Array;
  contentType: "image/png" | "image/jpeg";
}
/** A brand card of the pack (PNG bytes), with its title and alt text in the project's language. */
export interface PackCard {
  kind: string;
  title: string;
  alt: string;
  width: number;
  height: number;
  png: Uint8Array;
}
/** Everything an export shows (loaded by the exports service), with an optional cover logo and the pack's brand cards. */
export type LaunchPack = z.infer<typeof launchPackSchema> & { logo?: CoverImage; cards?: { title: string; cards: PackCard[] } };

/** The words an export prints around the content, in the project's language (English when it has no phrasebook). */
export const wordsOf = (pack: Pick<LaunchPack, "project">): ExportHeadings => exportHeadings(pack.project.language);

/** Decisions as label/value lines, in a fixed order. */
export function decisionLines(decisions: Decisions, words: ExportHeadings): [string, string][] {
  const lines: [string, string | undefined][] = [
    [words.positioning, decisions.positioning && `${decisions.positioning.name}: ${decisions.positioning.statement}`],
    [
      words.valueProposition,
      decisions.valueProposition && `${decisions.valueProposition.angle}: ${decisions.valueProposition.statement}`,
    ],
    [words.brandName, decisions.brandName],
    [words.tagline, decisions.tagline],
    [words.colorPalette, decisions.colorPalette],
  ];
  return lines.filter((line): line is [string, string] => Boolean(line[1]));
}

/** A content kind as a person reads it, in the language: "post-linkedin" is "LinkedIn launch post". */
export function kindLabel(kind: string, words: ExportHeadings = exportHeadings("en")): string {
  const named = words.kinds(kind);
  if (named) return named;
  const channel = kind.startsWith("post-") ? kind.slice(5) : undefined;
  const rule = channel ? channelRules[channel as Channel] : undefined;
  if (channel && rule)
    return (words.kinds("post") ?? "{channel} launch post").replace("{channel}", words.channels(channel) ?? rule.label);
  const text = kind.replace(/[-_]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The whole launch pack as one Markdown document. */
export function launchPackMarkdown(pack: LaunchPack): string {
  const words = wordsOf(pack);
  const parts = [`# ${pack.brand.name}: ${words.launchPack}`];
  if (pack.brand.tagline) parts.push(`> ${pack.brand.tagline}`);
  const decisions = decisionLines(pack.decisions, words);
  if (decisions.length)
    parts.push(`## ${words.decisions}\n\n${decisions.map(([label, value]) => `- **${label}:** ${value}`).join("\n")}`);
  const playbook = pack.playbook.markdown
    .replace(/^# .*\n+/, "")
    .replace(/^> .*\n+/, "")
    .trim();
  if (playbook) parts.push(`## ${words.playbook}\n\n${playbook.replace(/^(#{1,4}) /gm, "$1# ")}`);
  for (const section of pack.sections) {
    parts.push(`## ${section.title}`);
    for (const item of section.items) parts.push(`### ${item.title}\n\n${item.body.trim().replace(/^(#{1,4}) /gm, "$1## ")}`);
  }
  return `${parts.join("\n\n")}\n`;
}
