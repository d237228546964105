import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { RequestContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { growthItems } from "@/lib/db/schema";
import type { Channel } from "@/lib/schemas/growth";
import { reviewsOf } from "./item-reviews";
import { openReviewLink } from "./open-review-link";

type ItemRecord = typeof growthItems.$inferSelect;
type Review = Awaited<ReturnType<typeof reviewsOf>>[number];

/** What a reviewer sees of an item: its plan line, its draft's text and its reviews; nothing about publishing. */
export const reviewedItem = (item: ItemRecord, reviews: Review[]) => ({
  id: item.id,
  channel: item.channel as Channel,
  title: item.title,
  angle: item.angle,
  keyMessage: item.keyMessage,
  suggestedDay: item.suggestedDay,
  status: item.status,
  draft: item.draft
    ? {
        title: item.draft.title,
        body: item.draft.body,
        parts: item.draft.parts,
        length: item.draft.length,
        limit: item.draft.limit,
        unit: item.draft.unit,
      }
    : null,
  reviews: reviews
    .filter((review) => review.itemId === item.id)
    .map(({ reviewLinkId: _link, itemId: _item, ...review }) => review),
});

export async function weekItems(db: Database, { accountId, cycleId }: { accountId: string; cycleId: string }) {
  return db
    .select()
    .from(growthItems)
    .where(and(eq(growthItems.accountId, accountId), eq(growthItems.cycleId, cycleId)))
    .orderBy(asc(growthItems.position), asc(growthItems.createdAt));
}

/** The week behind a live review link: its theme, its items and their drafts and reviews. Nothing of the rest of the account. */
export async function getReviewWeek(ctx: RequestContext, { token }: { token: string }) {
  const { link, cycle, project } = await openReviewLink(ctx, { token });
  const items = await weekItems(ctx.db, { accountId: link.accountId, cycleId: cycle.id });
  const reviews = await reviewsOf(ctx.db, { accountId: link.accountId, itemIds: items.map((item) => item.id) });
  return {
    project: { name: project.decisions?.brandName ?? project.name },
    week: { weekNumber: cycle.weekNumber, weekStart: cycle.weekStart, theme: cycle.plan.weekTheme, status: cycle.status },
    reviewerApprovalSchedules: project.reviewerApprovalSchedules,
    expiresAt: link.expiresAt.toISOString(),
    items: items.map((item) => reviewedItem(item, reviews)),
  };
}
