import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "@/lib/errors";
import type { Database } from "./client";
import type { AccountRecord } from "./records";
import { accounts } from "./schema";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findAccountByEmail(db: Database, email: string): Promise<AccountRecord | undefined> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(eq(accounts.email, normalizeEmail(email)));
  return account;
}

/** Records that the account's address is proven; true only for the call that did it first. */
export async function markEmailConfirmed(db: Database, accountId: string, now: Date): Promise<boolean> {
  const confirmed = await db
    .update(accounts)
    .set({ emailConfirmedAt: now })
    .where(and(eq(accounts.id, accountId), isNull(accounts.emailConfirmedAt)))
    .returning({ id: accounts.id });
  return confirmed.length === 1;
}

/**
 * Locks the account's row (shared) for the rest of the transaction, and refuses when its
 * access was revoked (a password reset, the first confirmation) since `account` was read
 * with the caller's credentials: what the caller creates cannot outlive a revocation that
 * ran while its request did.
 */
export async function lockUnrevokedAccess(db: Database, account: Pick<AccountRecord, "id" | "accessGeneration">) {
  const [current] = await db
    .select({ accessGeneration: accounts.accessGeneration })
    .from(accounts)
    .where(eq(accounts.id, account.id))
    .for("share");
  if (current?.accessGeneration !== account.accessGeneration) {
    throw new AppError(
      "unauthorized",
      "The account's access was revoked (a password reset) while this request ran, so nothing was created. Sign in again, or retry with a key that still works.",
    );
  }
}
