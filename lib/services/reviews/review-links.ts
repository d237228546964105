import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { config } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import { lockUnrevokedAccess } from "@/lib/db/accounts";
import { reviewLinks } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { type reviewLinkCreateRequest, reviewLinkDays } from "@/lib/schemas/reviews";
import { randomToken, sha256Hex } from "@/lib/security/hashing";
import { getOwnedCycle } from "../growth/load";
import { ownedRows } from "../tenant";

type ReviewLinkRecord = typeof reviewLinks.$inferSelect;

export const serializeReviewLink = (link: ReviewLinkRecord) => ({
  id: link.id,
  projectId: link.projectId,
  cycleId: link.cycleId,
  hint: link.hint,
  label: link.label,
  expiresAt: link.expiresAt.toISOString(),
  createdAt: link.createdAt.toISOString(),
  revokedAt: link.revokedAt?.toISOString() ?? null,
});

const dayMs = 24 * 60 * 60 * 1000;

/**
 * A new link to review one week (its plan and drafts) without an account: 256 random bits,
 * kept only as a hash; the address is shown once. It stops working when revoked or expired.
 */
export async function createReviewLink(
  ctx: ServiceContext,
  input: { cycleId: string } & z.infer<typeof reviewLinkCreateRequest>,
) {
  const { cycle } = await getOwnedCycle(ctx.db, { accountId: ctx.account.id, cycleId: input.cycleId });
  if (cycle.status === "closed") throw new AppError("cycle_state", "This week is closed: there is nothing left to review.");
  const token = `rvw_${randomToken(32)}`;
  const days = input.expiresInDays ?? reviewLinkDays.default;
  const link = await ctx.db.transaction(async (tx) => {
    await lockUnrevokedAccess(tx, ctx.account);
    const [created] = await tx
      .insert(reviewLinks)
      .values({
        accountId: ctx.account.id,
        projectId: cycle.projectId,
        cycleId: cycle.id,
        tokenHash: sha256Hex(token),
        hint: token.slice(0, 10),
        label: input.label ?? null,
        expiresAt: new Date(ctx.now.getTime() + days * dayMs),
        createdAt: ctx.now,
      })
      .returning();
    return created!;
  });
  return { link: serializeReviewLink(link), url: `${config().appUrl}/review/${token}` };
}

export async function listReviewLinks(ctx: ServiceContext, { cycleId }: { cycleId: string }) {
  const { cycle } = await getOwnedCycle(ctx.db, { accountId: ctx.account.id, cycleId });
  const links = await ctx.db
    .select()
    .from(reviewLinks)
    .where(ownedRows(reviewLinks, ctx.account.id, eq(reviewLinks.cycleId, cycle.id)))
    .orderBy(desc(reviewLinks.createdAt));
  return { links: links.map(serializeReviewLink) };
}

/** Revokes a link at once; revoking twice is a no-op. */
export async function revokeReviewLink(ctx: ServiceContext, { linkId }: { linkId: string }) {
  const mine = and(eq(reviewLinks.id, linkId), eq(reviewLinks.accountId, ctx.account.id));
  const [revoked] = await ctx.db
    .update(reviewLinks)
    .set({ revokedAt: ctx.now })
    .where(and(mine, isNull(reviewLinks.revokedAt)))
    .returning();
  if (revoked) return { link: serializeReviewLink(revoked) };
  const [existing] = await ctx.db.select().from(reviewLinks).where(mine);
  if (!existing) throw new AppError("not_found", "Review link not found.");
  return { link: serializeReviewLink(existing) };
}
