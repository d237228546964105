import "server-only";
import { and, count, eq } from "drizzle-orm";
import { dailyRunUsage, projects } from "@/lib/db/schema";
import { checkoutPointer, entitlementsOf } from "@/lib/limits";
import { utcDay } from "@/lib/limits/gates";
import type { ServiceContext } from "@/lib/core/context";
import { getBilling } from "./billing";

/** The caller's account: plan, limits, scope-aware usage, billing, and how to activate. */
export async function describeAccount(ctx: Pick<ServiceContext, "db" | "account" | "now">) {
  const { db, account } = ctx;
  const [projectCount] = await db.select({ value: count() }).from(projects).where(eq(projects.accountId, account.id));
  const runsByProject = await db
    .select({ projectId: dailyRunUsage.projectId, count: dailyRunUsage.count })
    .from(dailyRunUsage)
    .where(and(eq(dailyRunUsage.accountId, account.id), eq(dailyRunUsage.day, utcDay(ctx.now))));

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
      projects: projectCount?.value ?? 0,
      runsToday: runsByProject.reduce((total, row) => total + row.count, 0),
      runsTodayByProject: Object.fromEntries(runsByProject.map((row) => [row.projectId, row.count])),
    },
    billing: await getBilling(db, account),
    ...(account.activated ? {} : { activation: { checkout: checkoutPointer("pro") } }),
  };
}
