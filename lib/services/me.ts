import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { accounts, dailyRunUsage, projects, subscriptions } from "@/lib/db/schema";
import { checkoutPointer, entitlementsOf } from "@/lib/limits";
import { utcDay } from "@/lib/limits/gates";
import { billingOf } from "./billing";

/** The caller's account: plan, limits, scope-aware usage, billing, and how to activate. */
export async function describeAccount(ctx: Pick<ServiceContext, "db" | "account" | "now">) {
  const { db, account } = ctx;
  // One statement: the subscription joined to the account, the counts as subqueries.
  const [usage] = await db
    .select({
      subscription: subscriptions,
      projectCount: sql<number>`(select count(*)::int from ${projects} where ${projects.accountId} = ${accounts.id})`,
      runsByProject: sql<
        Record<string, number> | string
      >`(select coalesce(json_object_agg(${dailyRunUsage.projectId}, ${dailyRunUsage.count}), '{}'::json) from ${dailyRunUsage} where ${and(eq(dailyRunUsage.accountId, accounts.id), eq(dailyRunUsage.day, utcDay(ctx.now)))})`,
    })
    .from(accounts)
    .leftJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
    .where(eq(accounts.id, account.id));
  const runsTodayByProject = (
    typeof usage?.runsByProject === "string" ? JSON.parse(usage.runsByProject) : (usage?.runsByProject ?? {})
  ) as Record<string, number>;

  return {
    account: {
      id: account.id,
      email: account.email,
      plan: account.plan,
      activated: account.activated,
      createdAt: account.createdAt.toISOString(),
    },
    limits: entitlementsOf(account),
    usage: {
      projects: usage?.projectCount ?? 0,
      runsToday: Object.values(runsTodayByProject).reduce((total, count) => total + count, 0),
      runsTodayByProject,
    },
    billing: billingOf(account, usage?.subscription),
    ...(account.activated ? {} : { activation: { checkout: checkoutPointer("pro") } }),
  };
}
