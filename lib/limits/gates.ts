import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import type { AccountRecord } from "@/lib/db/records";
import { accounts, dailyRunUsage, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { planNames } from "./plan-name";
import { entitlementsOf, type PaidPlan, paidPlans, planCatalog } from "./plans";
import { rateLimitHeaders } from "./policies";
import { upgradeRequired } from "./upgrade";

const plansWhere = (allows: (plan: (typeof planCatalog)[PaidPlan]) => boolean) =>
  paidPlans.filter((plan) => allows(planCatalog[plan]));

/** The UTC calendar day of `now`, as the daily run cap counts it. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** Whole seconds from `now` to the next UTC midnight. */
export function secondsToUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/** Locks the account's row for the rest of the caller's transaction: its counted rules then act one at a time. */
export async function lockAccount(tx: Database, accountId: string): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for("update");
}

/**
 * The project cap. Call it inside the transaction that inserts the project: the account
 * row is locked first, so concurrent creates are counted one after another.
 */
export async function assertCanCreateProject(tx: Database, account: AccountRecord): Promise<void> {
  const allowed = entitlementsOf(account).projects;
  await lockAccount(tx, account.id);
  const [owned] = await tx.select({ value: count() }).from(projects).where(eq(projects.accountId, account.id));
  const used = owned?.value ?? 0;
  if (used < allowed) return;
  const plans = plansWhere((plan) => plan.projects > used);
  throw upgradeRequired(
    "projects",
    plans,
    allowed === 0
      ? "Your account is not activated yet: choose a plan to create projects."
      : `Your plan allows ${allowed} project${allowed === 1 ? "" : "s"}. Upgrade to create more.`,
  );
}

export function assertCanExport(account: AccountRecord): void {
  if (entitlementsOf(account).canExport) return;
  const plans = plansWhere((plan) => plan.canExport);
  throw upgradeRequired("exports", plans, `Exports are part of the ${planNames(plans)} plans.`);
}

export function assertCanGrow(account: AccountRecord): void {
  if (entitlementsOf(account).canGrow) return;
  const plans = plansWhere((plan) => plan.canGrow);
  throw upgradeRequired("growth", plans, `The weekly growth loop is part of the ${planNames(plans)} plans.`);
}

/**
 * Counts one run against the daily cap, inside the caller's transaction: the account row
 * is locked first, so concurrent starts are counted one after another and never pass the
 * cap. Returns the UTC day the run was counted on (to give it back if it fails through
 * our fault).
 */
export async function reserveDailyRun(
  tx: Database,
  { account, projectId, now }: { account: AccountRecord; projectId: string; now: Date },
): Promise<string> {
  const { dailyRuns, dailyRunsScope, projects } = entitlementsOf(account);
  if (dailyRuns === 0) {
    throw upgradeRequired(
      "runs",
      plansWhere((plan) => plan.dailyRuns > 0),
      "Your account is not activated yet: choose a plan to run agents.",
    );
  }
  const day = utcDay(now);
  await lockAccount(tx, account.id);
  // A per-project cap also holds for the whole account (the runs of every project it may
  // have): a deleted project's runs still count, so deleting and re-creating one starts nothing anew.
  const [used] = await tx
    .select({
      project: sql<number>`coalesce(sum(${dailyRunUsage.count}) filter (where ${dailyRunUsage.projectId} = ${projectId}), 0)::int`,
      account: sql<number>`coalesce(sum(${dailyRunUsage.count}), 0)::int`,
    })
    .from(dailyRunUsage)
    .where(and(eq(dailyRunUsage.accountId, account.id), eq(dailyRunUsage.day, day)));
  const perProject = dailyRunsScope === "project";
  const accountCap = perProject ? dailyRuns * projects : dailyRuns;
  const overProject = perProject && (used?.project ?? 0) >= dailyRuns;
  if (overProject || (used?.account ?? 0) >= accountCap) {
    const limit = overProject ? dailyRuns : accountCap;
    const scopeText = overProject ? " for this project" : perProject ? " across your projects" : "";
    throw new AppError("daily_run_limit", `Your plan allows ${limit} runs a day${scopeText}. The count resets at midnight UTC.`, {
      headers: { "Retry-After": String(secondsToUtcMidnight(now)), ...rateLimitHeaders({ limit, remaining: 0 }) },
    });
  }
  await tx
    .insert(dailyRunUsage)
    .values({ accountId: account.id, projectId, day, count: 1 })
    .onConflictDoUpdate({
      target: [dailyRunUsage.accountId, dailyRunUsage.projectId, dailyRunUsage.day],
      set: { count: sql`${dailyRunUsage.count} + 1` },
    });
  return day;
}

/** Gives back a run that failed through a server or model-provider fault. */
export async function releaseDailyRun(
  db: Database,
  { accountId, projectId, day }: { accountId: string; projectId: string; day: string },
): Promise<void> {
  await db
    .update(dailyRunUsage)
    .set({ count: sql`greatest(${dailyRunUsage.count} - 1, 0)` })
    .where(and(eq(dailyRunUsage.accountId, accountId), eq(dailyRunUsage.projectId, projectId), eq(dailyRunUsage.day, day)));
}
