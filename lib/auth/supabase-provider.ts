import type { User } from "@supabase/supabase-js";
import { and, eq, isNull } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import type { AccountRecord } from "@/lib/db/records";
import { accounts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { markEmailConfirmed, normalizeEmail } from "@/lib/db/accounts";
import { clearedCookie } from "./cookies";
import type { AuthProvider, SignedIn, SignupDoor } from "./provider";
import { sessionIdOf, supabaseAdmin, supabaseAnon, supabaseForCookies } from "./supabase-clients";

const unavailable = (cause: unknown) => new AppError("provider_unavailable", "The sign-in service did not answer. Retry in a moment.", { cause });

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
 * Supabase Auth: it keeps the passwords, sends the confirmation and recovery e-mails
 * (their templates link to /auth/confirm and /reset-password with the token_hash) and
 * issues the sessions, carried in @supabase/ssr cookies. Each Supabase user is linked to
 * one account row, which holds everything else.
 */
export const supabaseAuthProvider: AuthProvider = {
  name: "supabase",

  async requestConfirmation(db, { email, password, door }) {
    const { data, error } = await (await supabaseAnon())
      .auth.signUp({ email: normalizeEmail(email), password, options: { emailRedirectTo: `${config().appUrl}/auth/confirm` } })
      .catch((cause: unknown) => {
        throw unavailable(cause);
      });
    if (error) {
      // A weak or refused password is the caller's to fix; anything else is Supabase's trouble.
      if (error.status && error.status < 500 && error.code !== "user_already_exists") {
        throw new AppError("invalid_request", error.message, { details: { issues: [{ path: "password", message: error.message }] } });
      }
      if (error.code !== "user_already_exists") throw unavailable(error);
      return;
    }
    // A known address comes back as an obfuscated user without identities: nothing to link.
    if (data.user && (data.user.identities?.length ?? 0) > 0) await accountForUser(db, data.user, door);
  },

  async confirmEmail(db, tokenHash, now) {
    const { data, error } = await (await supabaseAnon()).auth.verifyOtp({ token_hash: tokenHash, type: "email" });
    if (error || !data.user) return null;
    const account = await accountForUser(db, data.user);
    await markEmailConfirmed(db, account.id, now);
    return account.id;
  },

  async confirmAndSignIn(db, tokenHash, now) {
    const supabase = await supabaseForCookies([]);
    const { data, error } = await supabase.client.auth.verifyOtp({ token_hash: tokenHash, type: "email" });
    if (error || !data.user) return null;
    const account = await accountForUser(db, data.user);
    await markEmailConfirmed(db, account.id, now);
    return { accountId: account.id, cookies: supabase.written() };
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
    await markEmailConfirmed(db, account.id, now);
    return { kind: "signed_in", session: { accountId: account.id, cookies: supabase.written() } };
  },

  async currentSession(db, cookies) {
    const supabase = await supabaseForCookies(cookies);
    if (supabase.names().length === 0) return null;
    // getUser asks Supabase Auth, so a revoked session stops at once (a cookie alone proves nothing).
    const { data, error } = await supabase.client.auth.getUser();
    if (error || !data.user) return null;
    const { data: current } = await supabase.client.auth.getSession();
    const sessionId = current.session ? sessionIdOf(current.session.access_token) : undefined;
    if (!sessionId) return null;
    const [account] = await db.select().from(accounts).where(eq(accounts.supabaseUserId, data.user.id));
    if (!account) return null;
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

  async resetPassword(db, { tokenHash, password }, now): Promise<SignedIn | null> {
    const supabase = await supabaseForCookies([]);
    const { data, error } = await supabase.client.auth.verifyOtp({ token_hash: tokenHash, type: "recovery" });
    if (error || !data.user) return null;
    const updated = await supabase.client.auth.updateUser({ password });
    if (updated.error) {
      throw new AppError("invalid_request", updated.error.message, { details: { issues: [{ path: "password", message: updated.error.message }] } });
    }
    // Every other browser signed in to this account is signed out.
    await supabase.client.auth.signOut({ scope: "others" });
    const account = await accountForUser(db, data.user);
    await markEmailConfirmed(db, account.id, now);
    return { accountId: account.id, cookies: supabase.written() };
  },

  async deleteIdentity(_db, account) {
    if (!account.supabaseUserId) return;
    const { error } = await (await supabaseAdmin()).auth.admin.deleteUser(account.supabaseUserId);
    if (error && error.status !== 404) throw unavailable(error);
  },
};
