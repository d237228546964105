import "server-only";
import type { ServiceContext } from "@/lib/core/context";
import { AppError } from "@/lib/errors";
import { revokeGrant } from "@/lib/oauth/grants";

/** Revokes one of the account's connected apps; 404 for a grant that is not the account's or already revoked. */
export async function revokeConnectedApp(ctx: ServiceContext, { grantId }: { grantId: string }) {
  if (!(await revokeGrant(ctx.db, { grantId, now: ctx.now, accountId: ctx.account.id })))
    throw new AppError("not_found", "No connected app with this id in your account.");
  return { revoked: true as const, id: grantId };
}
