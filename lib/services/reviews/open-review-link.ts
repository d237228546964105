import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { RequestContext, ServiceContext } from "@/lib/core/context";
import { accounts, growthCycles, projects, reviewLinks } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { sha256Hex } from "@/lib/security/hashing";

export const linkGone = () =>
  new AppError("not_found", "This review link does not exist, expired or was revoked. Ask the founder for a new one.");

/**
 * The live link behind a token, with its week, project and account, or 404: a revoked or
 * expired link, and one whose week or project is no longer its account's, answers like an
 * unknown one. Looked up by the token's hash (an index lookup, no comparison of secrets).
 * Every request of the review page comes through here.
 */
export async function openReviewLink(ctx: RequestContext, { token }: { token: string }) {
  const [found] = await ctx.db
    .select({ link: reviewLinks, cycle: growthCycles, project: projects, account: accounts })
    .from(reviewLinks)
    .innerJoin(growthCycles, and(eq(growthCycles.id, reviewLinks.cycleId), eq(growthCycles.accountId, reviewLinks.accountId)))
    .innerJoin(
      projects,
      and(
        eq(projects.id, reviewLinks.projectId),
        eq(projects.id, growthCycles.projectId),
        eq(projects.accountId, reviewLinks.accountId),
      ),
    )
    .innerJoin(accounts, eq(accounts.id, reviewLinks.accountId))
    .where(and(eq(reviewLinks.tokenHash, sha256Hex(token)), isNull(reviewLinks.revokedAt), gt(reviewLinks.expiresAt, ctx.now)));
  if (!found) throw linkGone();
  return found;
}

export type OpenedReviewLink = Awaited<ReturnType<typeof openReviewLink>>;

/** The founder's services, called for the link's holder: the link's account, a reviewer principal. */
export const reviewerContext = (ctx: RequestContext, opened: OpenedReviewLink): ServiceContext => ({
  ...ctx,
  account: opened.account,
  principal: { kind: "reviewer", reviewLinkId: opened.link.id, approves: opened.project.reviewerApprovalSchedules },
});
