import "server-only";
import type { Database } from "@/lib/db";
import { growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { ownedRow } from "../tenant";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Locks the item for a change of its images (uploads, moves and removals at once take turns
 * on it), refusing one that is going out or gone out: what it carries is settled then.
 */
export async function lockItemForImages(tx: Transaction, { accountId, itemId }: { accountId: string; itemId: string }) {
  const [item] = await tx
    .select({ id: growthItems.id, projectId: growthItems.projectId, publicationStatus: growthItems.publicationStatus })
    .from(growthItems)
    .where(ownedRow(growthItems, accountId, itemId))
    .for("update");
  if (!item) throw new AppError("not_found", "Item not found.");
  if (
    item.publicationStatus === "publishing" ||
    item.publicationStatus === "published" ||
    item.publicationStatus === "unconfirmed"
  )
    throw new AppError("not_publishable", `This item is ${item.publicationStatus}; its images can no longer change.`);
  return item;
}
