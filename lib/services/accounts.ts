import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { accounts } from "@/lib/db/schema";

export type AccountRecord = typeof accounts.$inferSelect;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findAccountByEmail(db: Database, email: string): Promise<AccountRecord | undefined> {
  const [account] = await db.select().from(accounts).where(eq(accounts.email, normalizeEmail(email)));
  return account;
}
