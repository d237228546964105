import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { accounts } from "@/lib/db/schema";
import { activatePlan, grantFreePlan } from "@/lib/services/billing";

/** Puts the account behind an e-mail on a plan, the way the operator command does. */
export async function setPlan(db: Database, email: string, plan: "free" | "pro" | "studio") {
  const [account] = await db.select().from(accounts).where(eq(accounts.email, email));
  if (plan === "free") await grantFreePlan(db, { accountId: account!.id });
  else await activatePlan(db, { accountId: account!.id, plan, provider: "local" });
}
