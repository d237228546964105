import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import { accounts, authTokens } from "@/lib/db/schema";
import { sendMail } from "@/lib/mail";
import { findAccountByEmail, markEmailConfirmed, normalizeEmail } from "@/lib/db/accounts";
import { hashPassword, sha256Hex, verifyPassword } from "@/lib/security/hashing";
import { confirmationEmail } from "./confirmation-email";
import { clearedCookie, cookieValue, embeddedSessionCookieName, sessionCookie } from "./cookies";
import { createBrowserSession, findBrowserSession, revokeAllBrowserSessions, revokeBrowserSession } from "./local-sessions";
import { passwordResetEmail } from "./password-reset-email";
import type { AuthProvider, SignedIn } from "./provider";

const confirmationLifetimeMs = 24 * 60 * 60 * 1000;
const resetLifetimeMs = 60 * 60 * 1000;
type TokenPurpose = (typeof authTokens.$inferInsert)["purpose"];

/** A hash of a password nobody has, so checking an unknown e-mail takes as long as a known one. */
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return decoyHash;
}

async function issueToken(db: Database, accountId: string, purpose: TokenPurpose, lifetimeMs: number, now: Date) {
  const tokenHash = randomBytes(32).toString("hex");
  await db.insert(authTokens).values({
    accountId,
    purpose,
    tokenDigest: sha256Hex(tokenHash),
    expiresAt: new Date(now.getTime() + lifetimeMs),
  });
  return tokenHash;
}

/** Uses a one-time token: the account it was issued to, or null when unknown, expired or used. */
async function useToken(db: Database, tokenHash: string, purpose: TokenPurpose, now: Date): Promise<string | null> {
  const [token] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.tokenDigest, sha256Hex(tokenHash)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ accountId: authTokens.accountId });
  return token?.accountId ?? null;
}

/**
 * Takes back a confirmation whose e-mail was not sent: its token, and the account when this
 * request created it and nothing has claimed it since (unconfirmed, no other token issued).
 */
async function withdrawConfirmation(db: Database, accountId: string, tokenHash: string, created: boolean) {
  await db.transaction(async (tx) => {
    // The account's row lock waits for a sign-up of the same address that is issuing its own
    // token (its insert holds a key-share lock), so that token is seen below and kept.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
    await tx.delete(authTokens).where(eq(authTokens.tokenDigest, sha256Hex(tokenHash)));
    if (!created) return;
    await tx
      .delete(accounts)
      .where(
        and(
          eq(accounts.id, accountId),
          isNull(accounts.emailConfirmedAt),
          sql`not exists (select 1 from ${authTokens} where ${authTokens.accountId} = ${accounts.id})`,
        ),
      );
  });
}

async function startSession(db: Database, accountId: string, now: Date): Promise<SignedIn> {
  const token = await createBrowserSession(db, accountId, now);
  return { accountId, cookies: [sessionCookie(embeddedSessionCookieName(), token)] };
}

/** Built-in accounts: scrypt password hashes, one-time e-mail tokens, hashed session tokens. */
export const localAuthProvider: AuthProvider = {
  name: "embedded",

  async requestConfirmation(db, { email, password, door }, now) {
    const address = normalizeEmail(email);
    // Hash even for a known address, so the answer takes as long either way.
    const passwordHash = await hashPassword(password);
    // The account and its token are written first and the e-mail sent after, outside any
    // transaction: a slow mail server must not hold a database session (the embedded
    // database has only one). If the e-mail cannot be sent, what this request wrote goes.
    const { account, created, tokenHash } = await db.transaction(async (tx) => {
      // Inserted, or the existing row returned and locked (a no-op update), so a withdrawal
      // elsewhere cannot remove it before this request's token is in; `xmax = 0` on a new row.
      const [account] = await tx
        .insert(accounts)
        .values({ email: address, passwordHash, signupDoor: door, plan: "free", activated: door === "browser" })
        .onConflictDoUpdate({ target: accounts.email, set: { email: sql`excluded.email` } })
        .returning({ id: accounts.id, emailConfirmedAt: accounts.emailConfirmedAt, created: sql<boolean>`xmax = 0` });
      const tokenHash = await issueToken(tx, account!.id, "email_confirmation", confirmationLifetimeMs, now);
      return { account: account!, created: account!.created, tokenHash };
    });
    const link = `${config().appUrl}/auth/confirm?token_hash=${tokenHash}&type=email`;
    try {
      await sendMail({ to: address, ...confirmationEmail({ link, tokenHash, alreadyConfirmed: account.emailConfirmedAt !== null }) });
    } catch (error) {
      await withdrawConfirmation(db, account.id, tokenHash, created);
      throw error;
    }
  },

  async confirmEmail(db, tokenHash, now) {
    const accountId = await useToken(db, tokenHash, "email_confirmation", now);
    if (accountId) await markEmailConfirmed(db, accountId, now);
    return accountId;
  },

  async confirmAndSignIn(db, tokenHash, now) {
    const accountId = await this.confirmEmail(db, tokenHash, now);
    return accountId ? startSession(db, accountId, now) : null;
  },

  async signIn(db, { email, password }, cookies, now) {
    const account = await findAccountByEmail(db, email);
    const stored = account?.passwordHash ?? (await decoy());
    const matches = await verifyPassword(password, stored);
    if (!account?.passwordHash || !matches) return { kind: "invalid" };
    if (!account.emailConfirmedAt) return { kind: "unconfirmed" };
    // Rotation: whatever session this browser carried ends; the new one gets a fresh token.
    const previous = cookieValue(cookies, embeddedSessionCookieName());
    if (previous) await revokeBrowserSession(db, previous, now);
    return { kind: "signed_in", session: await startSession(db, account.id, now) };
  },

  async currentSession(db, cookies, now) {
    const token = cookieValue(cookies, embeddedSessionCookieName());
    if (!token) return null;
    const session = await findBrowserSession(db, token, now);
    // Re-sending the cookie restarts its 30-day lifetime, as the server restarts the idle window.
    return session ? { session, cookies: [sessionCookie(embeddedSessionCookieName(), token)] } : null;
  },

  async signOut(db, cookies, now) {
    const token = cookieValue(cookies, embeddedSessionCookieName());
    if (token) await revokeBrowserSession(db, token, now);
    return [clearedCookie(embeddedSessionCookieName())];
  },

  async requestPasswordReset(db, email, now) {
    const account = await findAccountByEmail(db, email);
    if (!account?.passwordHash) return;
    const tokenHash = await issueToken(db, account.id, "password_reset", resetLifetimeMs, now);
    const link = `${config().appUrl}/reset-password?token_hash=${tokenHash}&type=recovery`;
    await sendMail({ to: account.email, ...passwordResetEmail({ link }) });
  },

  async resetPassword(db, { tokenHash, password }, now) {
    const passwordHash = await hashPassword(password);
    const accountId = await db.transaction(async (tx) => {
      const owner = await useToken(tx, tokenHash, "password_reset", now);
      if (!owner) return null;
      // The link proved the address too.
      await tx.update(accounts).set({ passwordHash, updatedAt: now }).where(eq(accounts.id, owner));
      await markEmailConfirmed(tx, owner, now);
      await revokeAllBrowserSessions(tx, owner, now);
      return owner;
    });
    return accountId ? startSession(db, accountId, now) : null;
  },

  async deleteIdentity() {
    // The built-in identity is the account row itself: deleting the account removes it.
  },
};
