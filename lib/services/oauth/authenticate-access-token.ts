import "server-only";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Database } from "@/lib/db";
import type { AccountRecord } from "@/lib/db/records";
import { accounts, oauthGrants, oauthTokens } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { tokenPrefixes } from "@/lib/oauth/grants";
import { mcpResource } from "@/lib/oauth/metadata";
import type { OAuthScope } from "@/lib/schemas/oauth-scopes";
import { sha256Hex } from "@/lib/security/hashing";

/** Touch a grant's `last_used_at` at most this often, so calls do not each write. */
const lastUsedResolutionMs = 60_000;

export interface GrantCaller {
  account: AccountRecord;
  principal: { kind: "grant"; grantId: string; scopes: OAuthScope[] };
}

/**
 * The caller behind an OAuth access token for the MCP server, or a 401: the token must be
 * live, its grant not revoked, and issued for this resource (RFC 8707 audience).
 */
export async function authenticateAccessToken(
  db: Database,
  { authorization, now }: { authorization: string | null; now: Date },
): Promise<GrantCaller> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!token?.startsWith(tokenPrefixes.access) || token.length > 200) throw new AppError("unauthorized");
  const [found] = await db
    .select({ account: accounts, grantId: oauthGrants.id, scopes: oauthTokens.scopes, lastUsedAt: oauthGrants.lastUsedAt })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(accounts, eq(accounts.id, oauthGrants.accountId))
    .where(
      and(
        eq(oauthTokens.tokenHash, sha256Hex(token)),
        eq(oauthTokens.kind, "access"),
        gt(oauthTokens.expiresAt, now),
        isNull(oauthGrants.revokedAt),
        eq(oauthGrants.resource, mcpResource()),
      ),
    );
  if (!found) throw new AppError("unauthorized");
  if (!found.lastUsedAt || found.lastUsedAt.getTime() < now.getTime() - lastUsedResolutionMs) {
    await db
      .update(oauthGrants)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(oauthGrants.id, found.grantId),
          or(isNull(oauthGrants.lastUsedAt), lt(oauthGrants.lastUsedAt, new Date(now.getTime() - lastUsedResolutionMs))),
        ),
      );
  }
  return { account: found.account, principal: { kind: "grant", grantId: found.grantId, scopes: found.scopes as OAuthScope[] } };
}
