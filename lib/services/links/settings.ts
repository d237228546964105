import "server-only";
import type { ServiceContext } from "@/lib/core/context";
import { projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { getOwnedProject, type ProjectRecord } from "../project-records";
import { ownedRow } from "../tenant";
import { siteUrlOf } from "./site-url";

const settingsOf = (project: ProjectRecord) => {
  const siteUrl = siteUrlOf(project);
  return {
    siteUrl,
    siteUrlFrom: project.siteUrl ? ("settings" as const) : siteUrl ? ("onboarding" as const) : null,
    linkTracking: project.linkTracking,
    attributionWindowDays: project.attributionWindowDays,
  };
};

export async function readLinkSettings(ctx: ServiceContext, input: { projectId: string }) {
  return { settings: settingsOf(await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId })) };
}

export async function updateLinkSettings(
  ctx: ServiceContext,
  input: { projectId: string; siteUrl?: string | null; linkTracking?: boolean; attributionWindowDays?: number },
) {
  const [updated] = await ctx.db
    .update(projects)
    .set({
      ...(input.siteUrl !== undefined && { siteUrl: input.siteUrl }),
      ...(input.linkTracking !== undefined && { linkTracking: input.linkTracking }),
      ...(input.attributionWindowDays !== undefined && { attributionWindowDays: input.attributionWindowDays }),
      updatedAt: ctx.now,
    })
    .where(ownedRow(projects, ctx.account.id, input.projectId))
    .returning();
  if (!updated) throw new AppError("not_found", "Project not found.");
  return { settings: settingsOf(updated) };
}
