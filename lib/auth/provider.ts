import type { Database } from "@/lib/db";
import type { AccountRecord } from "@/lib/db/records";

export type SignupDoor = "browser" | "api";

/** A cookie as the browser sent it. */
export interface RequestCookie {
  name: string;
  value: string;
}

/** A cookie the face must set (or clear, with `maxAge: 0`) on its response. */
export interface SessionCookie {
  name: string;
  value: string;
  options: { httpOnly: boolean; secure: boolean; sameSite: "lax"; path: string; maxAge: number };
}

/** A signed-in browser: whose it is, and the session's id (the principal of its requests). */
export interface BrowserSession {
  account: AccountRecord;
  sessionId: string;
}

/** A new session: the account it belongs to and the cookies that carry it. */
export interface SignedIn {
  accountId: string;
  cookies: SessionCookie[];
}

/** A message a request owes, sent after the answer, so a known address answers no slower than an unknown one. */
export type Delivery = () => Promise<void>;

/** What a revocation ended: browser sessions (embedded auth), the names of the API keys, connected apps' grants. */
export interface RevokedAccess {
  sessions: number;
  apiKeys: string[];
  grants: number;
  shareLinks: number;
  calendarFeeds: number;
}

/** A password reset that went through: the new session, whose account it is, and what it revoked. */
export interface PasswordReset extends SignedIn {
  email: string;
  revoked: RevokedAccess;
}

export type ConfirmResult = { kind: "signed_in"; session: SignedIn } | { kind: "invalid_link" } | { kind: "wrong_password" };

export type SignInResult = { kind: "signed_in"; session: SignedIn } | { kind: "invalid" } | { kind: "unconfirmed" };

/**
 * Accounts, e-mail confirmation and browser sessions. The built-in provider keeps scrypt
 * hashes and hashed session tokens in the database and writes its own e-mails; the
 * Supabase provider does the same through Supabase Auth. Sessions travel as cookies the
 * provider names: faces only copy them between the request, the provider and the response.
 */
export interface AuthProvider {
  readonly name: "embedded" | "supabase";
  /** Registers the e-mail if it is new and answers the delivery of its confirmation link; never says which. */
  requestConfirmation(db: Database, input: { email: string; password: string; door: SignupDoor }, now: Date): Promise<Delivery>;
  /**
   * Sends the address's newest pending sign-up link again: a fresh link carrying that sign-up's
   * own password and door, so whoever asks can neither choose the password nor change whose it
   * is. Nothing is sent for an unknown or confirmed address, or one without a live link; the
   * answer never says which.
   */
  resendConfirmation(db: Database, email: string, now: Date): Promise<Delivery>;
  /**
   * Confirms the e-mail behind a link's token hash and runs `andThen` with the account id in
   * the same transaction, so what it writes stands or falls with the link's use; null when the
   * token is unknown, expired or used (or `password` is not the one chosen at that sign-up).
   * The first confirmation revokes every session and key of the account. Without a proven
   * password, an address signed up with more than one password is confirmed without any. Any
   * call to the auth service is made before the transaction opens, never inside it.
   */
  confirmEmail<T>(
    db: Database,
    tokenHash: string,
    now: Date,
    andThen: (tx: Database, accountId: string) => Promise<T>,
    options?: { password?: string },
  ): Promise<T | null>;
  /** The account an e-mailed link acts on, without using it (null when unknown, or when the provider cannot tell). */
  describeLink(
    db: Database,
    link: { tokenHash: string; purpose: "confirmation" | "reset" },
    now: Date,
  ): Promise<{ email: string } | null>;
  /**
   * The browser's door of the same link: with the password chosen at that sign-up, confirms
   * the e-mail and signs in. A wrong password leaves the link unused, so a link made by
   * someone else's sign-up of the address can neither give them the account nor sign the
   * founder into theirs.
   */
  confirmAndSignIn(db: Database, input: { tokenHash: string; password: string }, now: Date): Promise<ConfirmResult>;
  /** Checks e-mail and password; replaces any session the browser already had. Never says whether the e-mail exists. */
  signIn(db: Database, input: { email: string; password: string }, cookies: RequestCookie[], now: Date): Promise<SignInResult>;
  /** The session behind the browser's cookies, if it is valid; `cookies` are refreshed ones to set when the face can. */
  currentSession(
    db: Database,
    cookies: RequestCookie[],
    now: Date,
  ): Promise<{ session: BrowserSession; cookies: SessionCookie[] } | null>;
  /** Ends the browser's session; answers the cookies that clear it. */
  signOut(db: Database, cookies: RequestCookie[], now: Date): Promise<SessionCookie[]>;
  /** E-mails a reset link if the address has an account; silent either way. */
  requestPasswordReset(db: Database, email: string, now: Date): Promise<void>;
  /**
   * Sets a new password through a reset link, ends every session and (unless kept) every API
   * key, and signs this browser in; null when the link is not valid.
   */
  resetPassword(
    db: Database,
    input: { tokenHash: string; password: string; keepApiKeys: boolean },
    now: Date,
  ): Promise<PasswordReset | null>;
  /** Removes the account's identity at the provider (its data is deleted by the caller). */
  deleteIdentity(db: Database, account: AccountRecord): Promise<void>;
}
