import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { subscriptions } from "@/lib/db/schema";
import type { AccountRecord } from "./accounts";

export type PaidPlan = "pro" | "studio";

/** The request a client sends to get a checkout link for `plan`. */
export function checkoutPointer(plan: PaidPlan) {
  return { method: "POST" as const, path: "/api/v1/billing/checkout" as const, body: { plan } };
}

export async function getBilling(db: Database, account: AccountRecord) {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.accountId, account.id));
  return {
    plan: account.plan,
    status: subscription?.status ?? "none",
    activated: account.activated,
    provider: subscription?.provider ?? ("local" as const),
    currentPeriodEnd: subscription?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
  };
}
