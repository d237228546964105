import "server-only";
import type { ServiceContext } from "@/lib/core/context";
import { projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { connectableNetworks } from "./connections";
import { getOwnedProject } from "./project-records";
import { ownedRow } from "./tenant";

/**
 * The founder's time zone (scheduled posts default to their planned day at the channel's hour
 * there) and whether a post due by hand is also e-mailed to them.
 */
export async function updatePublishingSettings(
  ctx: ServiceContext,
  input: { projectId: string; timeZone?: string; emailReminders?: boolean },
) {
  const [updated] = await ctx.db
    .update(projects)
    .set({
      ...(input.timeZone !== undefined && { timeZone: input.timeZone }),
      ...(input.emailReminders !== undefined && { emailReminders: input.emailReminders }),
      updatedAt: ctx.now,
    })
    .where(ownedRow(projects, ctx.account.id, input.projectId))
    .returning({ timeZone: projects.timeZone, emailReminders: projects.emailReminders });
  if (!updated) throw new AppError("not_found", "Project not found.");
  return updated;
}

export async function readPublishingSettings(ctx: ServiceContext, input: { projectId: string }) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  return { timeZone: project.timeZone, emailReminders: project.emailReminders, connectable: connectableNetworks() };
}
