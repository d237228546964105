import "server-only";
import { and, desc, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import type { AccountRecord } from "@/lib/db/records";
import { accounts, oauthClients, oauthGrants, oauthTokens } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { sha256Hex } from "@/lib/security/hashing";
import { mcpResource } from "./metadata";
import type { OAuthScope } from "./scopes";

export const tokenPrefixes = { code: "lloc_", access: "lloa_", refresh: "llor_" } as const;
/** Touch a grant's `last_used_at` at most this often, so calls do not each write. */
const lastUsedResolutionMs = 60_000;

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

export interface GrantCaller {
  account: AccountRecord;
  principal: { kind: "grant"; grantId: string; scopes: OAuthScope[] };
}

/**
 * The caller behind an OAuth access token for the MCP server, or a 401: the token must be
 * live, its grant not revoked, and issued for this resource (RFC 8707 audience).
 */
export async function authenticateAccessToken(db: Database, authorization: string | null, now: Date): Promise<GrantCaller> {
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

/** Revokes one of the account's connected apps; 404 for a grant that is not the account's or already revoked. */
export async function revokeConnectedApp(ctx: ServiceContext, { grantId }: { grantId: string }) {
  if (!(await revokeGrant(ctx.db, { grantId, now: ctx.now, accountId: ctx.account.id })))
    throw new AppError("not_found", "No connected app with this id in your account.");
  return { revoked: true as const, id: grantId };
}

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

const dayMs = 86_400_000;
const unusedClientDays = 30;

/**
 * Forgets what can no longer be used: codes and tokens a day past their expiry, grants
 * revoked or never completed (their code not exchanged) a day ago, and cached client
 * metadata documents a day past their freshness (fetched again when next used), or at once
 * for one no founder ever allowed.
 */
export async function purgeExpiredOAuth(db: Database, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - dayMs);
  await db.delete(oauthTokens).where(lt(oauthTokens.expiresAt, dayAgo));
  await db
    .delete(oauthGrants)
    .where(or(lt(oauthGrants.revokedAt, dayAgo), and(isNull(oauthGrants.activatedAt), lt(oauthGrants.createdAt, dayAgo))));
  // A fetched document nobody allowed anything goes once its cache lapses (anyone signed in can make the server fetch one).
  await db
    .delete(oauthClients)
    .where(
      and(
        eq(oauthClients.kind, "metadata_document"),
        or(lt(oauthClients.expiresAt, dayAgo), and(isNull(oauthClients.firstGrantedAt), lt(oauthClients.expiresAt, now))),
      ),
    );
  // Anyone may register a client: one no founder allowed anything within a month is forgotten, so registrations cannot pile up.
  await db
    .delete(oauthClients)
    .where(
      and(
        eq(oauthClients.kind, "registered"),
        isNull(oauthClients.firstGrantedAt),
        lt(oauthClients.createdAt, new Date(now.getTime() - unusedClientDays * dayMs)),
      ),
    );
}
