import { channelRules } from "@/lib/channels/rules";
import type { itemStatuses } from "@/lib/schemas/growth-lists";

export { labelOf, learningKindLabel, sentenceCase } from "@/lib/i18n/labels";

/**
 * The one label of each state a founder reads, in sentence case: badges, lists and sentences
 * use these, never the stored value ("draft", "unconfirmed", "founder-edit").
 */

type ItemStatus = (typeof itemStatuses)[number];

export const itemStatusLabel: Record<ItemStatus, string> = {
  planned: "Planned",
  draft: "Draft",
  approved: "Approved",
  skipped: "Skipped",
  published: "Published",
};

export const gradeLabel = { great: "Great", ok: "OK", quiet: "Quiet" } as const;

export const taskStatusLabel = { open: "Open", done: "Done", skipped: "Skipped" } as const;

/** A post's way out, as the publishing panel shows it. */
export const publicationLabel = {
  scheduled: "Scheduled",
  publishing: "Publishing",
  published: "Published",
  failed: "Failed",
  unconfirmed: "May have posted",
  due: "Due to post by hand",
} as const;

/** A channel's name ("x" is "X", "linkedin" is "LinkedIn"); text that names no channel is kept as written. */
export function channelLabel(channel: string): string {
  return channelRules[channel as keyof typeof channelRules]?.label ?? channel;
}

/** Channels as a sentence's list: "X, LinkedIn and Bluesky". */
export function channelList(channels: readonly string[]): string {
  const names = channels.map(channelLabel);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}
