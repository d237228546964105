import type { Database } from "@/lib/db";

export type SignupDoor = "browser" | "api";

/**
 * Accounts and e-mail confirmation. The built-in provider keeps scrypt hashes and writes
 * its own confirmation e-mails; a Supabase provider (signUp, verifyOtp with token_hash)
 * can stand in its place without any route or service noticing.
 */
export interface AuthProvider {
  /** Registers the e-mail if it is new and sends it a confirmation link; never says which. */
  requestConfirmation(db: Database, input: { email: string; password: string; door: SignupDoor }, now: Date): Promise<void>;
  /** Confirms the e-mail behind a link's token hash: the account id, or null when the token is unknown, expired or used. */
  confirmEmail(db: Database, tokenHash: string, now: Date): Promise<string | null>;
}
