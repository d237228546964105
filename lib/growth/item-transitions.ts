import type { z } from "zod";
import type { itemStatusSchema } from "@/lib/schemas/growth";

export type ItemStatus = z.infer<typeof itemStatusSchema>;

/**
 * Where a planned growth item may go by review. `draft` is reached from `planned` only by
 * generating a draft; `published` is final.
 */
const reviewMoves: Record<ItemStatus, readonly ItemStatus[]> = {
  planned: ["skipped"],
  draft: ["approved", "skipped", "planned"],
  approved: ["published", "draft", "skipped"],
  skipped: ["planned"],
  published: [],
};

/** `same` (a no-op), `allowed`, or `refused` (409 `invalid_transition`). */
export function reviewTransition(from: ItemStatus, to: ItemStatus): "same" | "allowed" | "refused" {
  if (from === to) return "same";
  return reviewMoves[from].includes(to) ? "allowed" : "refused";
}

/** Generating (or regenerating) a draft needs an item that is planned or already a draft. */
export const generatableStatuses = ["planned", "draft"] as const satisfies readonly ItemStatus[];
export const canGenerate = (status: ItemStatus) => (generatableStatuses as readonly ItemStatus[]).includes(status);

/**
 * Editing a draft by hand keeps the item's status: a draft, an approved item (still approved,
 * its schedule kept) or a skipped one; a planned item has no draft yet, a published one is out.
 */
export const editableStatuses = ["draft", "approved", "skipped"] as const satisfies readonly ItemStatus[];
export const canEdit = (status: ItemStatus) => (editableStatuses as readonly ItemStatus[]).includes(status);
