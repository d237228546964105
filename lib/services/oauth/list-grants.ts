import "server-only";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { oauthGrants } from "@/lib/db/schema";

/** The account's connected apps: grants whose code was exchanged and that are not revoked, newest first. */
export async function listGrants(ctx: ServiceContext) {
  const rows = await ctx.db
    .select()
    .from(oauthGrants)
    .where(and(eq(oauthGrants.accountId, ctx.account.id), isNull(oauthGrants.revokedAt), isNotNull(oauthGrants.activatedAt)))
    .orderBy(desc(oauthGrants.createdAt));
  return {
    apps: rows.map((grant) => ({
      id: grant.id,
      clientName: grant.clientName,
      clientId: grant.clientId,
      redirectHost: new URL(grant.redirectUri).host || grant.redirectUri,
      scopes: grant.scopes,
      createdAt: grant.createdAt.toISOString(),
      lastUsedAt: grant.lastUsedAt?.toISOString() ?? null,
    })),
  };
}
