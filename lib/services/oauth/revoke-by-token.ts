import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { oauthGrants, oauthTokens } from "@/lib/db/schema";
import { revokeGrant, tokenPrefixes } from "@/lib/oauth/grants";
import { sha256Hex } from "@/lib/security/hashing";

/**
 * RFC 7009: revokes the grant behind an access or refresh token the client presents. An
 * unknown token, or one of another client, changes nothing and is not told apart.
 */
export async function revokeByToken(
  db: Database,
  { token, clientId, now }: { token: string; clientId: string; now: Date },
): Promise<void> {
  if (token.length > 200 || !(token.startsWith(tokenPrefixes.access) || token.startsWith(tokenPrefixes.refresh))) return;
  const [found] = await db
    .select({ grantId: oauthGrants.id })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .where(and(eq(oauthTokens.tokenHash, sha256Hex(token)), eq(oauthGrants.clientId, clientId)));
  if (found) await revokeGrant(db, { grantId: found.grantId, now });
}
