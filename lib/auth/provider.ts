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

export type SignInResult = { kind: "signed_in"; session: SignedIn } | { kind: "invalid" } | { kind: "unconfirmed" };

/**
 * Accounts, e-mail confirmation and browser sessions. The built-in provider keeps scrypt
 * hashes and hashed session tokens in the database and writes its own e-mails; the
 * Supabase provider does the same through Supabase Auth. Sessions travel as cookies the
 * provider names: faces only copy them between the request, the provider and the response.
 */
export interface AuthProvider {
  readonly name: "embedded" | "supabase";
  /** Registers the e-mail if it is new and sends it a confirmation link; never says which. */
  requestConfirmation(db: Database, input: { email: string; password: string; door: SignupDoor }, now: Date): Promise<void>;
  /** Confirms the e-mail behind a link's token hash: the account id, or null when the token is unknown, expired or used. */
  confirmEmail(db: Database, tokenHash: string, now: Date): Promise<string | null>;
  /** The browser's door of the same link: confirms the e-mail and signs in. */
  confirmAndSignIn(db: Database, tokenHash: string, now: Date): Promise<SignedIn | null>;
  /** Checks e-mail and password; replaces any session the browser already had. Never says whether the e-mail exists. */
  signIn(db: Database, input: { email: string; password: string }, cookies: RequestCookie[], now: Date): Promise<SignInResult>;
  /** The session behind the browser's cookies, if it is valid; `cookies` are refreshed ones to set when the face can. */
  currentSession(db: Database, cookies: RequestCookie[], now: Date): Promise<{ session: BrowserSession; cookies: SessionCookie[] } | null>;
  /** Ends the browser's session; answers the cookies that clear it. */
  signOut(db: Database, cookies: RequestCookie[], now: Date): Promise<SessionCookie[]>;
  /** E-mails a reset link if the address has an account; silent either way. */
  requestPasswordReset(db: Database, email: string, now: Date): Promise<void>;
  /** Sets a new password through a reset link, ends every other session and signs this browser in; null when the link is not valid. */
  resetPassword(db: Database, input: { tokenHash: string; password: string }, now: Date): Promise<SignedIn | null>;
  /** Removes the account's identity at the provider (its data is deleted by the caller). */
  deleteIdentity(db: Database, account: AccountRecord): Promise<void>;
}
