import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import { findAccountByEmail, normalizeEmail } from "@/lib/db/accounts";
import { accounts, authTokens } from "@/lib/db/schema";
import { sendMail } from "@/lib/mail";
import { hashPassword, sha256Hex, verifyPassword } from "@/lib/security/hashing";
import { confirmationEmail } from "./confirmation-email";
import { clearedCookie, cookieValue, embeddedSessionCookieName, sessionCookie } from "./cookies";
import { createBrowserSession, findBrowserSession, revokeBrowserSession } from "./local-sessions";
import { passwordResetEmail } from "./password-reset-email";
import type { AuthProvider, SignedIn } from "./provider";
import { revokeAccountAccess } from "./revoke-access";

const confirmationLifetimeMs = 24 * 60 * 60 * 1000;
const resetLifetimeMs = 60 * 60 * 1000;
type TokenPurpose = (typeof authTokens.$inferInsert)["purpose"];

/** A hash of a password nobody has, so checking an unknown e-mail takes as long as a known one. */
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return decoyHash;
}

type SignUpPayload = Pick<typeof authTokens.$inferInsert, "passwordHash" | "signupDoor">;

async function issueToken(
  db: Database,
  accountId: string,
  purpose: TokenPurpose,
  lifetimeMs: number,
  now: Date,
  signUp?: SignUpPayload,
) {
  const tokenHash = randomBytes(32).toString("hex");
  await db.insert(authTokens).values({
    accountId,
    purpose,
    tokenDigest: sha256Hex(tokenHash),
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeMs),
    ...signUp,
  });
  return tokenHash;
}

const liveToken = (tokenHash: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(authTokens.tokenDigest, sha256Hex(tokenHash)),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, now),
  );

/** Uses a one-time token: the account it was issued to and its sign-up payload, or null when unknown, expired or used. */
async function useToken(db: Database, tokenHash: string, purpose: TokenPurpose, now: Date) {
  const [token] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(liveToken(tokenHash, purpose, now))
    .returning({ accountId: authTokens.accountId, passwordHash: authTokens.passwordHash, signupDoor: authTokens.signupDoor });
  return token ?? null;
}

/** Ends the account's live tokens of a purpose (those issued before a time, if given): only the newest link, or the one just used, works. */
async function retireTokens(
  db: Database,
  accountId: string,
  purpose: TokenPurpose,
  now: Date,
  { issuedBefore }: { issuedBefore?: Date } = {},
) {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.accountId, accountId),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        issuedBefore ? lt(authTokens.createdAt, issuedBefore) : undefined,
      ),
    );
}

/**
 * The first confirmation of an address: the account takes the password and door of the
 * sign-up whose link was used, every other link dies, and whatever already spoke for the
 * account (sessions, keys) is revoked, so an earlier registrant of the address keeps nothing.
 */
async function confirmAccount(
  db: Database,
  token: NonNullable<Awaited<ReturnType<typeof useToken>>>,
  now: Date,
  { passwordProven }: { passwordProven: boolean },
) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, token.accountId)).for("update");
  if (!account || account.emailConfirmedAt) return;
  const door = token.signupDoor ?? account.signupDoor;
  // A link alone cannot say whose sign-up it was when the address was signed up with other
  // passwords too (a victim's inbox holds an attacker's later link): then the account takes no
  // password, and its owner, who reads that inbox, sets one by a reset.
  const contested = !passwordProven && (await signedUpWithOtherPasswords(db, account.id, token.passwordHash));
  await db
    .update(accounts)
    .set({
      passwordHash: contested ? null : (token.passwordHash ?? account.passwordHash),
      signupDoor: door,
      activated: door === "browser",
      emailConfirmedAt: now,
      updatedAt: now,
    })
    .where(eq(accounts.id, account.id));
  await retireTokens(db, account.id, "email_confirmation", now);
  await retireTokens(db, account.id, "password_reset", now);
  await revokeAccountAccess(db, { accountId: account.id, now });
}

/** Whether another sign-up link of the account carries a different password than this one. */
async function signedUpWithOtherPasswords(db: Database, accountId: string, passwordHash: string | null) {
  const [other] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.accountId, accountId),
        eq(authTokens.purpose, "email_confirmation"),
        isNotNull(authTokens.passwordHash),
        passwordHash === null ? sql`true` : ne(authTokens.passwordHash, passwordHash),
      ),
    )
    .limit(1);
  return Boolean(other);
}

/** A confirmation link checked against the password of its sign-up, in the same time whatever the outcome. */
async function checkSignUpPassword(db: Database, tokenHash: string, password: string, now: Date) {
  const [pending] = await db
    .select({ fromSignUp: authTokens.passwordHash, current: accounts.passwordHash })
    .from(authTokens)
    .innerJoin(accounts, eq(accounts.id, authTokens.accountId))
    .where(liveToken(tokenHash, "email_confirmation", now));
  const expected = pending?.fromSignUp ?? pending?.current;
  const matches = await verifyPassword(password, expected ?? (await decoy()));
  if (!pending) return "invalid_link" as const;
  return expected && matches ? ("matches" as const) : ("wrong_password" as const);
}

const signUpPasswordMatches = async (db: Database, tokenHash: string, password: string, now: Date) =>
  (await checkSignUpPassword(db, tokenHash, password, now)) === "matches";

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

/** An unconfirmed account's newest live sign-up link (its password and door), if any. */
async function pendingSignUp(db: Database, accountId: string, now: Date) {
  const [token] = await db
    .select({ passwordHash: authTokens.passwordHash, signupDoor: authTokens.signupDoor })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.accountId, accountId),
        eq(authTokens.purpose, "email_confirmation"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return token ?? null;
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
    // The account and its token are written first and the e-mail sent after the answer,
    // outside any transaction: a slow mail server must neither hold a database session
    // (the embedded database has only one) nor tell by its delay that the address is known.
    const { account, created, tokenHash } = await db.transaction(async (tx) => {
      // Inserted, or the existing row returned and locked (a no-op update), so a withdrawal
      // elsewhere cannot remove it before this request's token is in; `xmax = 0` on a new row.
      // A new account has no password until its address is confirmed: the password travels
      // with the token, so only the sign-up whose link is used sets it.
      const [account] = await tx
        .insert(accounts)
        .values({ email: address, passwordHash: null, signupDoor: door, plan: "free", activated: false })
        .onConflictDoUpdate({ target: accounts.email, set: { email: sql`excluded.email` } })
        .returning({ id: accounts.id, emailConfirmedAt: accounts.emailConfirmedAt, created: sql<boolean>`xmax = 0` });
      const confirmed = account!.emailConfirmedAt !== null;
      const tokenHash = await issueToken(
        tx,
        account!.id,
        "email_confirmation",
        confirmationLifetimeMs,
        now,
        confirmed ? undefined : { passwordHash, signupDoor: door },
      );
      return { account: account!, created: account!.created, tokenHash };
    });
    const link = `${config().appUrl}/auth/confirm?token_hash=${tokenHash}&type=email`;
    return async () => {
      try {
        await sendMail({
          to: address,
          ...confirmationEmail({ link, tokenHash, alreadyConfirmed: account.emailConfirmedAt !== null }),
        });
      } catch (error) {
        // If the e-mail cannot be sent, what this request wrote goes.
        await withdrawConfirmation(db, account.id, tokenHash, created);
        throw error;
      }
      // Once sent, the newest sign-up of an unconfirmed address supersedes the earlier ones' links.
      if (account.emailConfirmedAt === null) await retireTokens(db, account.id, "email_confirmation", now, { issuedBefore: now });
    };
  },

  async resendConfirmation(db, email, now) {
    // All of it after the answer: a pending address costs the request no more time than any other.
    return async () => {
      const account = await findAccountByEmail(db, email);
      const pending = account && !account.emailConfirmedAt ? await pendingSignUp(db, account.id, now) : null;
      if (!account || !pending?.passwordHash) return;
      // A fresh token (only digests are stored) carrying the pending sign-up's own password and
      // door; it retires nothing, so which sign-up's link is live stays the sign-ups' business.
      const tokenHash = await issueToken(db, account.id, "email_confirmation", confirmationLifetimeMs, now, {
        passwordHash: pending.passwordHash,
        signupDoor: pending.signupDoor,
      });
      const link = `${config().appUrl}/auth/confirm?token_hash=${tokenHash}&type=email`;
      try {
        await sendMail({ to: account.email, ...confirmationEmail({ link, tokenHash, alreadyConfirmed: false }) });
      } catch (error) {
        await withdrawConfirmation(db, account.id, tokenHash, false);
        throw error;
      }
    };
  },

  async confirmEmail(db, tokenHash, now, andThen, { password } = {}) {
    // A password given with the link must be the one chosen at that sign-up (checked before the link is used).
    if (password !== undefined && !(await signUpPasswordMatches(db, tokenHash, password, now))) return null;
    return db.transaction(async (tx) => {
      const token = await useToken(tx, tokenHash, "email_confirmation", now);
      if (!token) return null;
      await confirmAccount(tx, token, now, { passwordProven: password !== undefined });
      return andThen(tx, token.accountId);
    });
  },

  async describeLink(db, { tokenHash, purpose }, now) {
    const [found] = await db
      .select({ email: accounts.email })
      .from(authTokens)
      .innerJoin(accounts, eq(accounts.id, authTokens.accountId))
      .where(liveToken(tokenHash, purpose === "confirmation" ? "email_confirmation" : "password_reset", now));
    return found ?? null;
  },

  async confirmAndSignIn(db, { tokenHash, password }, now) {
    // The password is checked before the link is used: a wrong one leaves it working.
    const checked = await checkSignUpPassword(db, tokenHash, password, now);
    if (checked === "invalid_link") return { kind: "invalid_link" };
    if (checked === "wrong_password") return { kind: "wrong_password" };
    const session = await this.confirmEmail(db, tokenHash, now, (tx, accountId) => startSession(tx, accountId, now), {
      password,
    });
    return session ? { kind: "signed_in", session } : { kind: "invalid_link" };
  },

  async signIn(db, { email, password }, cookies, now) {
    const account = await findAccountByEmail(db, email);
    // An unconfirmed account has no password yet: the newest sign-up's link carries it.
    const stored =
      account && !account.emailConfirmedAt ? (await pendingSignUp(db, account.id, now))?.passwordHash : account?.passwordHash;
    const matches = await verifyPassword(password, stored ?? (await decoy()));
    if (!account || !stored || !matches) return { kind: "invalid" };
    if (!account.emailConfirmedAt) return { kind: "unconfirmed" };
    // Rotation: whatever session this browser carried ends; the new one gets a fresh token.
    const previous = cookieValue(cookies, embeddedSessionCookieName());
    if (previous) await revokeBrowserSession(db, previous, now);
    return { kind: "signed_in", session: await startSession(db, account.id, now) };
  },

  async currentSession(db, cookies, now) {
    const token = cookieValue(cookies, embeddedSessionCookieName());
    if (!token) return null;
    const found = await findBrowserSession(db, token, now);
    if (!found) return null;
    // The cookie lives exactly as long as the session may: no longer than its absolute lifetime.
    const { endsAt, ...session } = found;
    return { session, cookies: [sessionCookie(embeddedSessionCookieName(), token, endsAt.getTime() - now.getTime())] };
  },

  async signOut(db, cookies, now) {
    const token = cookieValue(cookies, embeddedSessionCookieName());
    if (token) await revokeBrowserSession(db, token, now);
    return [clearedCookie(embeddedSessionCookieName())];
  },

  async requestPasswordReset(db, email, now) {
    const account = await findAccountByEmail(db, email);
    // An unconfirmed address has no password to reset: its sign-up link is the way in.
    if (!account?.emailConfirmedAt) return;
    const tokenHash = await issueToken(db, account.id, "password_reset", resetLifetimeMs, now);
    const link = `${config().appUrl}/reset-password?token_hash=${tokenHash}&type=recovery`;
    await sendMail({ to: account.email, ...passwordResetEmail({ link }) });
  },

  async resetPassword(db, { tokenHash, password, keepApiKeys }, now) {
    const passwordHash = await hashPassword(password);
    const reset = await db.transaction(async (tx) => {
      const token = await useToken(tx, tokenHash, "password_reset", now);
      if (!token) return null;
      const [account] = await tx
        .update(accounts)
        .set({ passwordHash, updatedAt: now })
        .where(eq(accounts.id, token.accountId))
        .returning({ id: accounts.id, email: accounts.email });
      await retireTokens(tx, token.accountId, "password_reset", now);
      const revoked = await revokeAccountAccess(tx, { accountId: token.accountId, now, keepApiKeys });
      return { account: account!, revoked };
    });
    if (!reset) return null;
    return { ...(await startSession(db, reset.account.id, now)), email: reset.account.email, revoked: reset.revoked };
  },

  async deleteIdentity() {
    // The built-in identity is the account row itself: deleting the account removes it.
  },
};
