import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { accounts, apiKeys, calendarFeeds, shareLinks } from "@/lib/db/schema";
import { revokeAccountGrants } from "@/lib/oauth/grants";
import { revokeAllBrowserSessions } from "./local-sessions";
import type { RevokedAccess } from "./provider";

/**
 * Ends what speaks for or reads from an account: every browser session, every connected
 * app's grant, every share link and calendar subscription URL and, unless kept, every API key.
 * Run when control of the account is proven anew (first confirmation, password reset), in
 * the transaction that proves it, so nothing an intruder or an earlier registrant set up,
 * or is setting up in a request still running, survives it.
 */
export async function revokeAccountAccess(
  db: Database,
  { accountId, now, keepApiKeys = false }: { accountId: string; now: Date; keepApiKeys?: boolean },
): Promise<RevokedAccess> {
  // First, under the account row's lock: a caller authenticated before this can create nothing after it.
  await db
    .update(accounts)
    .set({ accessGeneration: sql`${accounts.accessGeneration} + 1` })
    .where(eq(accounts.id, accountId));
  const sessions = await revokeAllBrowserSessions(db, accountId, now);
  const keys = keepApiKeys
    ? []
    : await db
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
        .returning({ name: apiKeys.name });
  const grants = await revokeAccountGrants({ db, accountId, now });
  const links = await db
    .update(shareLinks)
    .set({ revokedAt: now })
    .where(and(eq(shareLinks.accountId, accountId), isNull(shareLinks.revokedAt)))
    .returning({ id: shareLinks.id });
  const feeds = await db
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(and(eq(calendarFeeds.accountId, accountId), isNull(calendarFeeds.revokedAt)))
    .returning({ id: calendarFeeds.id });
  return { sessions, apiKeys: keys.map((key) => key.name), grants, shareLinks: links.length, calendarFeeds: feeds.length };
}
