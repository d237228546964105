import { eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import type { AccountRecord } from "./records";
import { accounts } from "./schema";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findAccountByEmail(db: Database, email: string): Promise<AccountRecord | undefined> {
  const [account] = await db.select().from(accounts).where(eq(accounts.email, normalizeEmail(email)));
  return account;
}

/** Records that the account's address is proven (the first time only). */
export async function markEmailConfirmed(db: Database, accountId: string, now: Date): Promise<void> {
  await db
    .update(accounts)
    .set({ emailConfirmedAt: sql`coalesce(${accounts.emailConfirmedAt}, ${now.toISOString()})` })
    .where(eq(accounts.id, accountId));
}
