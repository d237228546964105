import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { accounts, browserSessions } from "@/lib/db/schema";
import { randomToken, sha256Hex } from "@/lib/security/hashing";
import { sessionIdleMs, sessionLifetimeMs } from "./cookies";
import type { BrowserSession } from "./provider";

/** Touch `last_seen_at` at most this often, so page views do not each become a write. */
const touchResolutionMs = 5 * 60 * 1000;

/** A new session for the account; the token goes into the cookie, only its SHA-256 into the database. */
export async function createBrowserSession(db: Database, accountId: string, now: Date): Promise<string> {
  const token = randomToken(32);
  await db.insert(browserSessions).values({ accountId, tokenDigest: sha256Hex(token), createdAt: now, lastSeenAt: now });
  // Housekeeping: forget this account's sessions that ended long ago.
  await db
    .delete(browserSessions)
    .where(
      and(
        eq(browserSessions.accountId, accountId),
        or(
          lt(browserSessions.lastSeenAt, new Date(now.getTime() - sessionIdleMs)),
          lt(browserSessions.createdAt, new Date(now.getTime() - sessionLifetimeMs)),
          lt(browserSessions.revokedAt, new Date(now.getTime() - sessionIdleMs)),
        ),
      ),
    );
  return token;
}

/** The live session behind a token: not revoked, not idle too long, not past its absolute lifetime; and when that ends. */
export async function findBrowserSession(
  db: Database,
  token: string,
  now: Date,
): Promise<(BrowserSession & { endsAt: Date }) | null> {
  if (token.length > 100) return null;
  const [found] = await db
    .select({ account: accounts, session: browserSessions })
    .from(browserSessions)
    .innerJoin(accounts, eq(accounts.id, browserSessions.accountId))
    .where(
      and(
        eq(browserSessions.tokenDigest, sha256Hex(token)),
        isNull(browserSessions.revokedAt),
        gt(browserSessions.lastSeenAt, new Date(now.getTime() - sessionIdleMs)),
        gt(browserSessions.createdAt, new Date(now.getTime() - sessionLifetimeMs)),
      ),
    );
  if (!found) return null;
  if (now.getTime() - found.session.lastSeenAt.getTime() > touchResolutionMs) {
    await db.update(browserSessions).set({ lastSeenAt: now }).where(eq(browserSessions.id, found.session.id));
  }
  return {
    account: found.account,
    sessionId: found.session.id,
    endsAt: new Date(found.session.createdAt.getTime() + sessionLifetimeMs),
  };
}

export async function revokeBrowserSession(db: Database, token: string, now: Date): Promise<void> {
  await db
    .update(browserSessions)
    .set({ revokedAt: now })
    .where(and(eq(browserSessions.tokenDigest, sha256Hex(token)), isNull(browserSessions.revokedAt)));
}

/** Ends every session of an account (password change, account deletion); answers how many were live. */
export async function revokeAllBrowserSessions(db: Database, accountId: string, now: Date): Promise<number> {
  const revoked = await db
    .update(browserSessions)
    .set({ revokedAt: now })
    .where(and(eq(browserSessions.accountId, accountId), isNull(browserSessions.revokedAt)))
    .returning({ id: browserSessions.id });
  return revoked.length;
}
