import type { z } from "zod";
import type { cycleSchema, growthItemSchema, itemDraftSchema, taskSchema } from "@/lib/schemas/growth";

// The growth board's types are its response schemas' outputs, narrowed to what the board shows:
// the page sends only these fields (every other one would travel in its data for nothing).
export type Cycle = z.output<typeof cycleSchema>;
export type FounderTask = z.output<typeof taskSchema>;
export const boardDraftFields = ["title", "body", "parts", "hashtags", "length"] as const;
export type Draft = Pick<z.output<typeof itemDraftSchema>, (typeof boardDraftFields)[number]>;

export const boardItemFields = [
  "id",
  "channel",
  "title",
  "angle",
  "cta",
  "suggestedDay",
  "status",
  "publication",
  "metrics",
  "tracking",
  "images",
  "result",
  "grade",
  "resultNote",
] as const;
/** An item as the board holds it (its earlier drafts are read when its history is opened). */
export type GrowthItem = Pick<z.output<typeof growthItemSchema>, (typeof boardItemFields)[number]> & { draft: Draft | null };

/** A draft as the board is sent it: a body that is its parts joined (as every fitted draft's is) is not sent again. */
export type BoardDraft = Omit<Draft, "body"> & { body?: string };
export type BoardItem = Omit<GrowthItem, "draft"> & { draft: BoardDraft | null };

export const boardTaskFields = ["id", "title", "description", "effort", "suggestedDay", "status"] as const;
/** A task as the board shows it. */
export type BoardTask = Pick<FounderTask, (typeof boardTaskFields)[number]>;

/** What the approved week's board is sent: the week's own fields, its theme (not the whole plan), its items and tasks as above. */
export type BoardCycle = Pick<Cycle, "id" | "projectId" | "weekNumber" | "weekStart"> & {
  theme: string;
  items: BoardItem[];
  tasks: BoardTask[];
};

export const partsSeparator = "\n\n";

/** The draft the page sends, without a body its parts say already. */
export function boardDraft({ body, ...draft }: Draft): BoardDraft {
  return body === draft.parts.join(partsSeparator) ? draft : { ...draft, body };
}

/** An item of the board as the browser holds it: its draft's body joined again from its parts. */
export const withBody = ({ draft, ...item }: BoardItem): GrowthItem => ({
  ...item,
  draft: draft && { ...draft, body: draft.body ?? draft.parts.join(partsSeparator) },
});

/** Of earlier weeks' items, what the retro's grade suggestion compares. */
export type MeasuredItem = Pick<GrowthItem, "id" | "channel" | "metrics"> & { tracking: GrowthItem["tracking"] };

/** A reviewer's request for changes, shown on its item while the founder has not approved it again. */
export interface ChangeRequest {
  reviewerName: string;
  comment: string | null;
  createdAt: string;
}

/** Each item whose latest review asked for changes, with that request (reviews oldest first). */
export function latestChangeRequests(
  reviews: { itemId: string; action: string; reviewerName: string; comment: string | null; createdAt: string }[],
): Record<string, ChangeRequest> {
  const latest = new Map<string, (typeof reviews)[number]>();
  for (const review of reviews) latest.set(review.itemId, review);
  const open: Record<string, ChangeRequest> = {};
  for (const [itemId, review] of latest)
    if (review.action === "changes_requested")
      open[itemId] = { reviewerName: review.reviewerName, comment: review.comment, createdAt: review.createdAt };
  return open;
}

/** The change request an item still shows: until the founder approves it again (or it goes out or is skipped). */
export const openChangeRequest = (item: Pick<GrowthItem, "id" | "status">, requests: Record<string, ChangeRequest>) =>
  item.status === "draft" || item.status === "planned" ? requests[item.id] : undefined;
