import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { apiKeys, calendarFeeds, shareLinks } from "@/lib/db/schema";
import { revokeAccountGrants } from "@/lib/oauth/grants";
import { revokeAllBrowserSessions } from "./local-sessions";
import type { RevokedAccess } from "./provider";

/**
 * Ends what speaks for or reads from an account: every browser session, every connected
 * app's grant, every share link and calendar subscription URL and, unless kept, every API key.
 * Run when control of the account is proven anew (first confirmation, password reset), so
 * nothing an intruder or an earlier registrant set up survives it.
 */
export async function revokeAccountAccess(
  db: Database,
  { accountId, now, keepApiKeys = false }: { accountId: string; now: Date; keepApiKeys?: boolean },
): Promise<RevokedAccess> {
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
