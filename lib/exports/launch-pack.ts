import type { z } from "zod";
import { channelRules } from "@/lib/channels/rules";
import type { Channel } from "@/lib/schemas/growth";
import type { launchPackSchema } from "@/lib/schemas/exports";
import type { Decisions } from "@/lib/schemas/project";

/** A brand logo for the cover of the PDF and DOCX exports (PNG or JPEG bytes): optional. */
export interface CoverImage {
  bytes: Uint8Array;
  contentType: "image/png" | "image/jpeg";
}
/** Everything an export shows (loaded by the exports service), with an optional cover logo. */
export type LaunchPack = z.infer<typeof launchPackSchema> & { logo?: CoverImage };

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

const kindLabels: Record<string, string> = {
  "market-summary": "Market summary",
  "ideal-customer-profiles": "Ideal customer profiles",
  "competitor-angles": "Competitor angles",
  "positioning-options": "Positioning options",
  "value-propositions": "Value propositions",
  "brand-names": "Brand names",
  taglines: "Taglines",
  voice: "Voice",
  palette: "Palette",
  "messaging-pillars": "Messaging pillars",
  "launch-plan": "Launch plan",
  "channel-strategy": "Channel strategy",
  metrics: "Metrics",
  homepage: "Home page",
  about: "About page",
  faq: "FAQ",
  "announcement-email": "Announcement email",
  "product-hunt": "Product Hunt launch",
  "press-blurb": "Press blurb",
};

/** A content kind as a person reads it: "post-linkedin" is "LinkedIn post". */
export function kindLabel(kind: string): string {
  if (kindLabels[kind]) return kindLabels[kind];
  const channel = kind.startsWith("post-") ? channelRules[kind.slice(5) as Channel] : undefined;
  if (channel) return `${channel.label} post`;
  const words = kind.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The whole launch pack as one Markdown document. */
export function launchPackMarkdown(pack: LaunchPack): string {
  const parts = [`# ${pack.brand.name}: launch pack`];
  if (pack.brand.tagline) parts.push(`> ${pack.brand.tagline}`);
  const decisions = decisionLines(pack.decisions);
  if (decisions.length) parts.push(`## Decisions\n\n${decisions.map(([label, value]) => `- **${label}:** ${value}`).join("\n")}`);
  const playbook = pack.playbook.markdown.replace(/^# .*\n+/, "").replace(/^> .*\n+/, "").trim();
  if (playbook) parts.push(`## Marketing Playbook\n\n${playbook.replace(/^(#{1,4}) /gm, "$1# ")}`);
  for (const section of pack.sections) {
    parts.push(`## ${section.title}`);
    for (const item of section.items) parts.push(`### ${item.title}\n\n${item.body.trim().replace(/^(#{1,4}) /gm, "$1## ")}`);
  }
  return `${parts.join("\n\n")}\n`;
}
