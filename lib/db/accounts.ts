import { eq } from "drizzle-orm";
import type { Database } from "./client";
import type { AccountRecord } from "./records";
import { accounts } from "./schema";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findAccountByEmail(db: Database, email: string): Promise<AccountRecord | undefined> {
  const [account] = await db.select().from(accounts).where(eq(accounts.email, normalizeEmail(email)));
  return account;
}
