import { and, eq, isNull } from "drizzle-orm";
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
