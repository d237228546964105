import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { growthItemImages } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { maxItemImages } from "@/lib/schemas/item-image-limits";
import { ownedRow, ownedRows } from "../tenant";

/** The item's images, first to last. */
export const imagesOfItem = (db: Database, { accountId, itemId }: { accountId: string; itemId: string }) =>
  db
    .select()
    .from(growthItemImages)
    .where(ownedRows(growthItemImages, accountId, eq(growthItemImages.itemId, itemId)))
    .orderBy(asc(growthItemImages.position));

/** One of the item's images, or 404. */
export async function ownedImage(
  db: Database,
  { accountId, itemId, imageId }: { accountId: string; itemId: string; imageId: string },
) {
  const [row] = await db
    .select()
    .from(growthItemImages)
    .where(and(ownedRow(growthItemImages, accountId, imageId), eq(growthItemImages.itemId, itemId)));
  if (!row) throw new AppError("not_found", "Image not found.");
  return row;
}

/** How many images the item carries. */
export async function countItemImages(db: Database, { accountId, itemId }: { accountId: string; itemId: string }) {
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(growthItemImages)
    .where(ownedRows(growthItemImages, accountId, eq(growthItemImages.itemId, itemId)))) as [{ count: number }];
  return count;
}

/** Refuses one more image on an item that carries `count` (409 `image_limit`). */
export function refuseImageOver(count: number) {
  if (count >= maxItemImages)
    throw new AppError(
      "image_limit",
      `This post has ${maxItemImages} images already, the most a post carries: remove one first.`,
    );
}
