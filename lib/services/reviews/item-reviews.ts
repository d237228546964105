import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { growthItems, itemReviews } from "@/lib/db/schema";
import { getOwnedCycle, getOwnedItem } from "../growth/load";
import { inIds, ownedRows } from "../tenant";

type ItemReviewRecord = typeof itemReviews.$inferSelect;

export const serializeReview = (review: ItemReviewRecord) => ({
  id: review.id,
  itemId: review.itemId,
  reviewLinkId: review.reviewLinkId,
  reviewerName: review.reviewerName,
  action: review.action,
  comment: review.comment,
  applied: review.applied,
  createdAt: review.createdAt.toISOString(),
});

/** The reviews of the account's `itemIds`, oldest first. */
export async function reviewsOf(db: Database, { accountId, itemIds }: { accountId: string; itemIds: string[] }) {
  if (itemIds.length === 0) return [];
  const rows = await db
    .select()
    .from(itemReviews)
    .where(ownedRows(itemReviews, accountId, inIds(itemReviews.itemId, itemIds)))
    .orderBy(asc(itemReviews.createdAt), asc(itemReviews.id));
  return rows.map(serializeReview);
}

/** Who did what to the item through review links, and when: the founder's view of its reviews. */
export async function listItemReviews(ctx: ServiceContext, { itemId }: { itemId: string }) {
  const { item } = await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId });
  return { reviews: await reviewsOf(ctx.db, { accountId: ctx.account.id, itemIds: [item.id] }) };
}

/** Every review of the week's items, oldest first: the week board's activity list. */
export async function listCycleReviews(ctx: ServiceContext, { cycleId }: { cycleId: string }) {
  const { cycle } = await getOwnedCycle(ctx.db, { accountId: ctx.account.id, cycleId });
  const rows = await ctx.db
    .select({ review: itemReviews })
    .from(itemReviews)
    .innerJoin(growthItems, and(eq(growthItems.id, itemReviews.itemId), eq(growthItems.accountId, ctx.account.id)))
    .where(ownedRows(itemReviews, ctx.account.id, eq(growthItems.cycleId, cycle.id)))
    .orderBy(asc(itemReviews.createdAt), asc(itemReviews.id));
  return { reviews: rows.map((row) => serializeReview(row.review)) };
}
