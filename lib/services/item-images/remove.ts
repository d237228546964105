import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { growthItemImages } from "@/lib/db/schema";
import { storage } from "@/lib/storage";
import { ownedRow, ownedRows } from "../tenant";
import { ownedImage } from "./load";
import { lockItemForImages } from "./lock-item";
import { describeImage } from "./serialize";

/** Removes an image from its post (the ones after it move up) and its stored file. */
export async function removeItemImage(ctx: ServiceContext, input: { itemId: string; imageId: string }) {
  const accountId = ctx.account.id;
  const removed = await ctx.db.transaction(async (tx) => {
    await lockItemForImages(tx, { accountId, itemId: input.itemId });
    const image = await ownedImage(tx, { accountId, ...input });
    await tx.delete(growthItemImages).where(ownedRow(growthItemImages, accountId, image.id));
    await tx
      .update(growthItemImages)
      .set({ position: sql`${growthItemImages.position} - 1` })
      .where(
        and(
          ownedRows(growthItemImages, accountId, eq(growthItemImages.itemId, input.itemId)),
          gt(growthItemImages.position, image.position),
        ),
      );
    return image;
  });
  const answer = { image: await describeImage(removed) };
  await storage()
    .remove([removed.storageKey])
    .catch(() => {});
  return answer;
}
