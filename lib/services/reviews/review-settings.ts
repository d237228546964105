import "server-only";
import type { ServiceContext } from "@/lib/core/context";
import { projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { getOwnedProject } from "../project-records";
import { ownedRow } from "../tenant";

export async function getReviewSettings(ctx: ServiceContext, { projectId }: { projectId: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId });
  return { reviewerApprovalSchedules: project.reviewerApprovalSchedules };
}

/** Whether a reviewer's approval (through a review link) is enough to approve and schedule an item. Off by default. */
export async function updateReviewSettings(
  ctx: ServiceContext,
  input: { projectId: string; reviewerApprovalSchedules: boolean },
) {
  const [updated] = await ctx.db
    .update(projects)
    .set({ reviewerApprovalSchedules: input.reviewerApprovalSchedules, updatedAt: ctx.now })
    .where(ownedRow(projects, ctx.account.id, input.projectId))
    .returning({ reviewerApprovalSchedules: projects.reviewerApprovalSchedules });
  if (!updated) throw new AppError("not_found", "Project not found.");
  return updated;
}
