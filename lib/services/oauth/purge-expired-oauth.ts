import "server-only";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { oauthClients, oauthGrants, oauthTokens } from "@/lib/db/schema";

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
