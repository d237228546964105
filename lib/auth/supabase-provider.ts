import type { SupabaseClient, User } from "@supabase/supabase-js";
import { and, eq, isNull, sql } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import { markEmailConfirmed, normalizeEmail } from "@/lib/db/accounts";
import type { AccountRecord } from "@/lib/db/records";
import { accounts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { clearedCookie } from "./cookies";
import type { AuthProvider, PasswordReset, SignupDoor } from "./provider";
import { revokeAccountAccess } from "./revoke-access";
import { sessionIdOf, supabaseAdmin, supabaseAnon, supabaseForCookies, userIdOf } from "./supabase-clients";

/** Supabase Auth sends its own e-mails, inside the sign-up call. */
const noDelivery = async () => {};

const unavailable = (cause: unknown) =>
  new AppError("provider_unavailable", "The sign-in service did not answer. Retry in a moment.", { cause });

/** The account row linked to a Supabase user, linking (or creating) it by e-mail the first time. */
async function accountForUser(db: Database, user: User, door: SignupDoor = "browser"): Promise<AccountRecord> {
  const [linked] = await db.select().from(accounts).where(eq(accounts.supabaseUserId, user.id));
  if (linked) return linked;
  const email = normalizeEmail(user.email ?? "");
  await db
    .insert(accounts)
    .values({ email, supabaseUserId: user.id, signupDoor: door, plan: "free", activated: door === "browser" })
    .onConflictDoNothing({ target: accounts.email });
  const [byEmail] = await db
    .update(accounts)
    .set({ supabaseUserId: user.id })
    .where(and(eq(accounts.email, email), isNull(accounts.supabaseUserId)))
    .returning();
  if (byEmail) return byEmail;
  const [account] = await db.select().from(accounts).where(eq(accounts.supabaseUserId, user.id));
  if (!account) throw new AppError("unauthorized");
  return account;
}

/**
 * The user whose e-mail link this is, using the link; null when Supabase Auth refuses it.
 * Supabase's own trouble (no answer, a 5xx, its rate limit) is not the link's fault: it is retryable.
 */
async function verifiedUser(client: SupabaseClient, tokenHash: string): Promise<User | null> {
  const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: "email" }).catch((cause: unknown) => {
    throw unavailable(cause);
  });
  if (error && (!error.status || error.status >= 500 || error.status === 429)) throw unavailable(error);
  return error ? null : data.user;
}

/**
 * Marks the address proven; the first time, the account takes the door of its newest
 * sign-up and anything that already spoke for it (keys, sessions) is revoked.
 */
async function confirmAccount(db: Database, accountId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await markEmailConfirmed(tx, accountId, now))) return;
    await tx
      .update(accounts)
      .set({ activated: sql`${accounts.signupDoor} = 'browser'`, updatedAt: now })
      .where(eq(accounts.id, accountId));
    await revokeAccountAccess(tx, { accountId, now });
  });
}

/**
 * Supabase Auth: it keeps the passwords, sends the confirmation and recovery e-mails
 * (their templates link to /auth/confirm and /reset-password with the token_hash) and
 * issues the sessions, carried in @supabase/ssr cookies. Each Supabase user is linked to
 * one account row, which holds everything else.
 */
export const supabaseAuthProvider: AuthProvider = {
  name: "supabase",

  async requestConfirmation(db, { email, password, door }) {
    const { data, error } = await (await supabaseAnon()).auth
      .signUp({ email: normalizeEmail(email), password, options: { emailRedirectTo: `${config().appUrl}/auth/confirm` } })
      .catch((cause: unknown) => {
        throw unavailable(cause);
      });
    if (error) {
      // Supabase sends the e-mail inside the sign-up, so its e-mail limit strikes only a new or
      // unconfirmed address: answered like a known one, it tells nobody which it was.
      if (error.code === "over_email_send_rate_limit") {
        console.error(`[auth] Supabase Auth sent no confirmation e-mail (${error.code ?? "429"}); the sign-up answered as usual`);
        return noDelivery;
      }
      // A weak or refused password is the caller's to fix; anything else is Supabase's trouble.
      if (error.status && error.status < 500 && error.status !== 429 && error.code !== "user_already_exists") {
        throw new AppError("invalid_request", error.message, {
          details: { issues: [{ path: "password", message: error.message }] },
        });
      }
      if (error.code !== "user_already_exists") throw unavailable(error);
      return noDelivery;
    }
    // A known address comes back as an obfuscated user without identities: nothing to link.
    if (data.user && (data.user.identities?.length ?? 0) > 0) {
      const account = await accountForUser(db, data.user, door);
      // The newest sign-up of an unconfirmed address decides its door, as Supabase keeps its newest password.
      if (!account.emailConfirmedAt)
        await db
          .update(accounts)
          .set({ signupDoor: door })
          .where(and(eq(accounts.id, account.id), isNull(accounts.emailConfirmedAt)));
    }
    return noDelivery;
  },

  async resendConfirmation(_db, email) {
    // Supabase Auth sends the pending sign-up's own confirmation again, and stays silent for
    // an unknown or confirmed address; it is asked after the answer, like any delivery.
    return async () => {
      const { error } = await (await supabaseAnon()).auth.resend({
        type: "signup",
        email: normalizeEmail(email),
        options: { emailRedirectTo: `${config().appUrl}/auth/confirm` },
      });
      if (error?.status && error.status >= 500) throw unavailable(error);
    };
  },

  async confirmEmail(db, tokenHash, now, andThen) {
    // Supabase Auth is asked before the transaction opens: a slow answer holds no pooled connection.
    const user = await verifiedUser(await supabaseAnon(), tokenHash);
    if (!user) return null;
    return db.transaction(async (tx) => {
      const account = await accountForUser(tx, user);
      await confirmAccount(tx, account.id, now);
      return andThen(tx, account.id);
    });
  },

  async describeLink() {
    // Supabase Auth tells whose a link is only by using it.
    return null;
  },

  async confirmAndSignIn(db, { tokenHash, password }, now) {
    const supabase = await supabaseForCookies([]);
    const user = await verifiedUser(supabase.client, tokenHash);
    if (!user) return { kind: "invalid_link" };
    const account = await accountForUser(db, user);
    await confirmAccount(db, account.id, now);
    // Supabase Auth uses the link before it can be asked about the password: the address is
    // confirmed, but this browser is signed in only with the password chosen at sign-up.
    const check = await (await supabaseAnon()).auth.signInWithPassword({ email: account.email, password });
    if (check.error) {
      await supabase.client.auth.signOut({ scope: "local" }).catch(() => undefined);
      return { kind: "wrong_password" };
    }
    return { kind: "signed_in", session: { accountId: account.id, cookies: supabase.written() } };
  },

  async signIn(db, { email, password }, cookies, now) {
    const supabase = await supabaseForCookies(cookies);
    const { data, error } = await supabase.client.auth.signInWithPassword({ email: normalizeEmail(email), password });
    if (error) {
      if (error.code === "email_not_confirmed") return { kind: "unconfirmed" };
      if (error.status && error.status >= 500) throw unavailable(error);
      return { kind: "invalid" };
    }
    const account = await accountForUser(db, data.user);
    await confirmAccount(db, account.id, now);
    return { kind: "signed_in", session: { accountId: account.id, cookies: supabase.written() } };
  },

  async currentSession(db, cookies) {
    const supabase = await supabaseForCookies(cookies);
    if (supabase.names().length === 0) return null;
    const { data: current } = await supabase.client.auth.getSession();
    const token = current.session?.access_token;
    const sessionId = token ? sessionIdOf(token) : undefined;
    const claimedUserId = token ? userIdOf(token) : undefined;
    if (!sessionId || !claimedUserId) return null;
    // The account (with its access generation) is read before Supabase vouches for the session:
    // a reset committed in between then finds this request holding the generation it revoked.
    const [account] = await db.select().from(accounts).where(eq(accounts.supabaseUserId, claimedUserId));
    if (!account) return null;
    // getUser asks Supabase Auth, so a revoked session stops at once (a cookie alone proves nothing).
    const { data, error } = await supabase.client.auth.getUser();
    if (error || data.user?.id !== claimedUserId) return null;
    return { session: { account, sessionId }, cookies: supabase.written() };
  },

  async signOut(_db, cookies) {
    const supabase = await supabaseForCookies(cookies);
    await supabase.client.auth.signOut({ scope: "local" }).catch(() => undefined);
    const cleared = new Map(supabase.written().map((cookie) => [cookie.name, cookie]));
    for (const cookie of cookies) if (cookie.name.startsWith("sb-")) cleared.set(cookie.name, clearedCookie(cookie.name));
    return [...cleared.values()];
  },

  async requestPasswordReset(_db, email) {
    const { error } = await (await supabaseAnon()).auth.resetPasswordForEmail(normalizeEmail(email), {
      redirectTo: `${config().appUrl}/reset-password`,
    });
    if (error?.status && error.status >= 500) throw unavailable(error);
  },

  async resetPassword(db, { tokenHash, password, keepApiKeys }, now): Promise<PasswordReset | null> {
    const supabase = await supabaseForCookies([]);
    const { data, error } = await supabase.client.auth.verifyOtp({ token_hash: tokenHash, type: "recovery" });
    if (error || !data.user) return null;
    const updated = await supabase.client.auth.updateUser({ password });
    if (updated.error) {
      throw new AppError("invalid_request", updated.error.message, {
        details: { issues: [{ path: "password", message: updated.error.message }] },
      });
    }
    // Every other browser signed in to this account is signed out.
    await supabase.client.auth.signOut({ scope: "others" });
    const account = await accountForUser(db, data.user);
    // All of it or none: a failure halfway must not leave an intruder's key or session standing.
    const revoked = await db.transaction(async (tx) => {
      await confirmAccount(tx, account.id, now);
      return revokeAccountAccess(tx, { accountId: account.id, now, keepApiKeys });
    });
    return { accountId: account.id, cookies: supabase.written(), email: account.email, revoked };
  },

  async deleteIdentity(_db, account) {
    if (!account.supabaseUserId) return;
    const { error } = await (await supabaseAdmin()).auth.admin.deleteUser(account.supabaseUserId);
    if (error && error.status !== 404) throw unavailable(error);
  },
};
