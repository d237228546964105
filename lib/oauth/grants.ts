import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { oauthGrants } from "@/lib/db/schema";

export const tokenPrefixes = { code: "lloc_", access: "lloa_", refresh: "llor_" } as const;

/** Revokes one grant (and with it every code and token issued under it). */
export async function revokeGrant(db: Database, { grantId, now, accountId }: { grantId: string; now: Date; accountId?: string }) {
  const rows = await db
    .update(oauthGrants)
    .set({ revokedAt: now })
    .where(
      and(
        eq(oauthGrants.id, grantId),
        isNull(oauthGrants.revokedAt),
        accountId ? eq(oauthGrants.accountId, accountId) : undefined,
      ),
    )
    .returning({ id: oauthGrants.id });
  return rows.length > 0;
}

/**
 * Revokes every grant of an account: its connected apps' next calls answer 401. Called on
 * account deletion, a password reset and the first e-mail confirmation.
 */
export async function revokeAccountGrants({
  db,
  accountId,
  now,
}: {
  db: Database;
  accountId: string;
  now: Date;
}): Promise<number> {
  const rows = await db
    .update(oauthGrants)
    .set({ revokedAt: now })
    .where(and(eq(oauthGrants.accountId, accountId), isNull(oauthGrants.revokedAt)))
    .returning({ id: oauthGrants.id });
  return rows.length;
}
