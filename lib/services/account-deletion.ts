import { eq } from "drizzle-orm";
import { authProvider } from "@/lib/auth";
import type { ServiceContext } from "@/lib/core/context";
import { normalizeEmail } from "@/lib/db/accounts";
import { accounts, growthItemImages, packImages, projectLogos, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { revokeAccountGrants } from "@/lib/oauth/grants";
import { storage } from "@/lib/storage";
import { cancelStripeSubscriptions } from "./billing";
import { ownedRow, ownedRows } from "./tenant";

const mismatch = (field: string, message: string) =>
  new AppError("invalid_request", message, { details: { issues: [{ path: field, message }] } });

/** Deletes a project and everything in it, once its name was typed again (the name check is part of the delete). */
export async function deleteProject(ctx: ServiceContext, { projectId, ...input }: { projectId: string; confirmName: string }) {
  // Under the project's row lock, which a logo upload takes too: the files read are the files deleted.
  const { deleted, files } = await ctx.db.transaction(async (tx) => {
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(ownedRow(projects, ctx.account.id, projectId))
      .for("update");
    const files = await storedFilesOf({ ...ctx, db: tx }, projectId);
    const deleted = await tx
      .delete(projects)
      .where(ownedRow(projects, ctx.account.id, projectId, eq(projects.name, input.confirmName.trim())))
      .returning({ id: projects.id });
    return { deleted, files };
  });
  if (deleted.length === 1) {
    await removeStoredFiles(files);
    return { deleted: true as const, projectId };
  }
  const [exists] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(ownedRow(projects, ctx.account.id, projectId));
  if (!exists) throw new AppError("not_found", "No project with this id in your account.");
  throw mismatch("confirmName", "Type the project's name exactly as it is shown to confirm.");
}

/**
 * Deletes the account and all its data, once its e-mail was typed again: its Stripe
 * subscriptions are cancelled first (no charge for a deleted account), then the identity
 * at the auth provider, then the account row, whose deletion cascades to every table, and
 * last the uploaded files.
 */
export async function deleteAccount(ctx: ServiceContext, input: { confirmEmail: string }) {
  if (normalizeEmail(input.confirmEmail) !== ctx.account.email) {
    throw mismatch("confirmEmail", "Type your account's e-mail address exactly to confirm.");
  }
  await cancelStripeSubscriptions(ctx.db, { accountId: ctx.account.id }).catch((error: unknown) => {
    throw new AppError(
      "provider_unavailable",
      "The payment provider did not answer, so nothing was deleted. Retry in a moment.",
      {
        cause: error,
      },
    );
  });
  // Connected apps lose access first, so nothing they start races the deletion.
  await revokeAccountGrants({ db: ctx.db, accountId: ctx.account.id, now: ctx.now });
  await authProvider().deleteIdentity(ctx.db, ctx.account);
  const files = await storedFilesOf(ctx);
  await ctx.db.delete(accounts).where(eq(accounts.id, ctx.account.id));
  await removeStoredFiles(files);
  return { deleted: true as const };
}

/** The storage keys of the account's (or one project's) files (logos, post images, pack cards), for removal once their rows are gone. */
async function storedFilesOf(ctx: ServiceContext, projectId?: string): Promise<string[]> {
  const [logos, images, cards] = await Promise.all([
    ctx.db
      .select({ storageKey: projectLogos.storageKey })
      .from(projectLogos)
      .where(ownedRows(projectLogos, ctx.account.id, projectId ? eq(projectLogos.projectId, projectId) : undefined)),
    ctx.db
      .select({ storageKey: growthItemImages.storageKey })
      .from(growthItemImages)
      .where(ownedRows(growthItemImages, ctx.account.id, projectId ? eq(growthItemImages.projectId, projectId) : undefined)),
    ctx.db
      .select({ storageKey: packImages.storageKey })
      .from(packImages)
      .where(ownedRows(packImages, ctx.account.id, projectId ? eq(packImages.projectId, projectId) : undefined)),
  ]);
  return [...logos, ...images, ...cards].flatMap((row) => (row.storageKey ? [row.storageKey] : []));
}

/** Storage is not transactional: a failure here leaves a file nothing points to, never a row without its file. */
async function removeStoredFiles(keys: string[]): Promise<void> {
  if (keys.length)
    await storage()
      .remove(keys)
      .catch(() => {});
}
