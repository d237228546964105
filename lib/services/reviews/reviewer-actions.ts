import "server-only";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { RequestContext, ServiceContext } from "@/lib/core/context";
import { growthItems, itemReviews } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { itemDraftEditRequest } from "@/lib/schemas/growth";
import type { itemReviewActions } from "@/lib/schemas/reviews";
import { editItemDraft, reviewItem } from "../growth";
import { serializeReview } from "./item-reviews";
import { type OpenedReviewLink, openReviewLink, reviewerContext } from "./open-review-link";
import { reviewedItem } from "./review-week";

type Action = (typeof itemReviewActions)[number];
type Tx = Parameters<Parameters<RequestContext["db"]["transaction"]>[0]>[0];

/**
 * One reviewer action on one item of the link's week, in one transaction: the link is checked
 * again, the item is locked (so two reviewers approving at once apply one after the other, and
 * the second finds it approved), `act` runs the founder's own service as the reviewer, and the
 * review is recorded with it or not at all.
 */
async function actOnItem(
  ctx: RequestContext,
  input: { token: string; itemId: string; name: string; action: Action; comment?: string },
  act: (rctx: ServiceContext, item: typeof growthItems.$inferSelect, opened: OpenedReviewLink) => Promise<boolean>,
) {
  const opened = await openReviewLink(ctx, { token: input.token });
  const { link } = opened;
  return ctx.db.transaction(async (tx: Tx) => {
    const [item] = await tx
      .select()
      .from(growthItems)
      .where(
        and(
          eq(growthItems.id, input.itemId),
          eq(growthItems.accountId, link.accountId),
          eq(growthItems.projectId, link.projectId),
          eq(growthItems.cycleId, link.cycleId),
        ),
      )
      .for("update");
    // An item of another week, project or account is not there for this link.
    if (!item) throw new AppError("not_found", "Item not found.");
    if (opened.cycle.status !== "approved")
      throw new AppError("cycle_state", "This week is not open for review (the founder has not approved it, or it is closed).");
    if (item.status === "published") throw new AppError("invalid_transition", "This item is already out: it cannot change.");
    const rctx = reviewerContext({ ...ctx, db: tx }, opened);
    const applied = await act(rctx, item, opened);
    const [review] = await tx
      .insert(itemReviews)
      .values({
        accountId: link.accountId,
        itemId: item.id,
        reviewLinkId: link.id,
        reviewerName: input.name,
        action: input.action,
        comment: input.comment ?? null,
        applied,
        createdAt: ctx.now,
      })
      .returning();
    const [current] = await tx.select().from(growthItems).where(eq(growthItems.id, item.id));
    const { reviewLinkId: _link, ...shown } = serializeReview(review!);
    return { review: shown, item: reviewedItem(current!, []) };
  });
}

/**
 * A reviewer approves an item with a draft. When the project says a reviewer's approval is
 * enough, the item is approved as the founder's approval would (same service: default time and
 * account, the publish job); otherwise only the review is recorded and the founder still approves.
 */
export async function approveAsReviewer(ctx: RequestContext, input: { token: string; itemId: string; name: string }) {
  return actOnItem(ctx, { ...input, action: "approved" }, async (rctx, item, opened) => {
    if (item.status !== "draft" && item.status !== "approved")
      throw new AppError("invalid_transition", `Only an item with a draft can be approved; this one is ${item.status}.`);
    if (!opened.project.reviewerApprovalSchedules || item.status === "approved") return false;
    const { item: moved } = await reviewItem(rctx, { itemId: item.id, status: "approved" });
    return moved.status === "approved";
  });
}

/**
 * A reviewer asks for changes with a comment, recorded for the founder (the week board shows it
 * on the item). An approved item goes back to draft by the founder's own move (which takes it
 * off its schedule), so nothing goes out, or stays approved, until the founder approves it
 * again; a draft or a planned item stays as it is, waiting for the founder anyway.
 */
export async function requestChangesAsReviewer(
  ctx: RequestContext,
  input: { token: string; itemId: string; name: string; comment: string },
) {
  return actOnItem(ctx, { ...input, action: "changes_requested" }, async (rctx, item) => {
    if (item.status !== "approved") return false;
    const { item: moved } = await reviewItem(rctx, { itemId: item.id, status: "draft" });
    return moved.status === "draft";
  });
}

/**
 * A reviewer edits a draft's text through the founder's edit service (the channel's limits, the
 * item's states, the history). Unless a reviewer's approval is enough, an edit takes a scheduled
 * item off its schedule: what goes out is what the founder saw.
 */
export async function editAsReviewer(
  ctx: RequestContext,
  input: { token: string; itemId: string; name: string; edit: z.infer<typeof itemDraftEditRequest> },
) {
  return actOnItem(ctx, { ...input, action: "edited" }, async (rctx, item) => {
    await editItemDraft(rctx, { itemId: item.id, ...input.edit });
    return false;
  });
}
