import "server-only";
import { and, eq, gt, gte, lt, lte, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { growthItemImages } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { ownedRow, ownedRows } from "../tenant";
import { ownedImage } from "./load";
import { lockItemForImages } from "./lock-item";
import { describeImage } from "./serialize";

/** Sets an image's alt text and/or moves it to another place, the others shifting to make room. */
export async function updateItemImage(
  ctx: ServiceContext,
  input: { itemId: string; imageId: string; alt?: string; position?: number },
) {
  const accountId = ctx.account.id;
  const row = await ctx.db.transaction(async (tx) => {
    await lockItemForImages(tx, { accountId, itemId: input.itemId });
    const image = await ownedImage(tx, { accountId, ...input });
    const sameItem = ownedRows(growthItemImages, accountId, eq(growthItemImages.itemId, input.itemId));
    if (input.position !== undefined && input.position !== image.position) {
      const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(growthItemImages).where(sameItem)) as [
        { count: number },
      ];
      if (input.position > count) {
        const message = `This post has ${count} image${count === 1 ? "" : "s"}: use a place from 1 to ${count}.`;
        throw new AppError("invalid_request", message, { details: { issues: [{ path: "position", message }] } });
      }
      const down = input.position > image.position;
      await tx
        .update(growthItemImages)
        .set({ position: down ? sql`${growthItemImages.position} - 1` : sql`${growthItemImages.position} + 1` })
        .where(
          and(
            sameItem,
            down
              ? and(gt(growthItemImages.position, image.position), lte(growthItemImages.position, input.position))
              : and(gte(growthItemImages.position, input.position), lt(growthItemImages.position, image.position)),
          ),
        );
    }
    const [updated] = await tx
      .update(growthItemImages)
      .set({
        ...(input.alt !== undefined && { alt: input.alt }),
        ...(input.position !== undefined && { position: input.position }),
        updatedAt: ctx.now,
      })
      .where(ownedRow(growthItemImages, accountId, image.id))
      .returning();
    return updated!;
  });
  return { image: await describeImage(row) };
}
