import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { accounts, alertPreferences, alerts, growthCycles, projects } from "@/lib/db/schema";
import { type Plan, planCatalog } from "@/lib/limits";
import { recordAlert } from "./record-alert";

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

/**
 * The account has not turned these alerts off: an account that did would be found again at
 * every sweep (recording its alert does nothing) and could fill the batch.
 */
const notTurnedOff = (accountId: SQL) =>
  sql`not exists (select 1 from ${alertPreferences} ap where ap.account_id = ${accountId} and 'week_unplanned' = any(ap.off))`;

/** The plans with the growth loop: a week is expected only of accounts that may plan one. */
const growingPlans = (Object.keys(planCatalog) as Plan[]).filter((plan) => planCatalog[plan].canGrow);

/**
 * Alerts the founder of each week that started (on its Monday, in the project's time zone)
 * without an approved plan: its plan still waiting for approval, or no plan at all for a
 * project whose growth loop is going (it had a week before). Run by the housekeeping sweep.
 * A week is alerted once, even after the founder dismissed it, and only during that week.
 */
export async function alertUnplannedWeeks(db: Database, { now, batch = 100 }: { now: Date; batch?: number }): Promise<number> {
  return (await alertWeeksAwaitingApproval(db, { now, batch })) + (await alertWeeksWithoutPlan(db, { now, batch }));
}

/** Weeks whose plan was made but not approved by their Monday: the alert is about the cycle. */
async function alertWeeksAwaitingApproval(db: Database, { now, batch }: { now: Date; batch: number }): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(${at} at time zone ${projects.timeZone})::date`;
  const started = rowsOf<{ id: string; account_id: string; project_id: string; week_number: number; name: string }>(
    await db.execute(sql`
      select c.id, c.account_id, c.project_id, c.week_number, ${projects.name} as name
      from ${growthCycles} c join ${projects} on ${projects.id} = c.project_id and ${projects.accountId} = c.account_id
      where c.status = 'planned' and c.week_start <= ${today} and c.week_start > ${today} - 7
        and not exists (select 1 from ${alerts} a where a.account_id = c.account_id and a.kind = 'week_unplanned' and a.subject_id = c.id)
        and ${notTurnedOff(sql`c.account_id`)}
      limit ${batch}`),
  );
  for (const week of started)
    await recordAlert(db, {
      accountId: week.account_id,
      projectId: week.project_id,
      kind: "week_unplanned",
      subject: { type: "cycle", id: week.id },
      message: `Week ${week.week_number} of ${week.name} has started, and its plan is not approved yet: nothing is scheduled.`,
      now,
    });
  return started.length;
}

/**
 * Weeks with no cycle at all, of projects in the growth phase whose week before had one, on a
 * plan with the growth loop: the week the loop stops is told once, and a founder who paused
 * is not e-mailed every Monday after. There is no cycle to name, so the alert is about the
 * project; none is raised while one of this week exists (dismissed or not) or an earlier one is open.
 */
async function alertWeeksWithoutPlan(db: Database, { now, batch }: { now: Date; batch: number }): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(${at} at time zone p.time_zone)::date`;
  const monday = sql`(${today} - (extract(isodow from ${today})::int - 1))`;
  const missing = rowsOf<{ account_id: string; project_id: string; name: string }>(
    await db.execute(sql`
      select p.id as project_id, p.account_id, p.name
      from ${projects} p
      join ${accounts} acc on acc.id = p.account_id
      join lateral (
        select c.week_start from ${growthCycles} c
        where c.project_id = p.id and c.account_id = p.account_id
        order by c.week_start desc limit 1
      ) newest on true
      where p.status = 'growth' and acc.activated and acc.plan = any(${sql.param(growingPlans)}::text[])
        and newest.week_start = ${monday} - 7
        and not exists (
          select 1 from ${alerts} a
          where a.account_id = p.account_id and a.kind = 'week_unplanned' and a.subject_id = p.id
            and (a.created_at >= (${monday}::timestamp at time zone p.time_zone) or (a.dismissed_at is null and a.resolved_at is null)))
        and ${notTurnedOff(sql`p.account_id`)}
      limit ${batch}`),
  );
  for (const week of missing)
    await recordAlert(db, {
      accountId: week.account_id,
      projectId: week.project_id,
      kind: "week_unplanned",
      subject: { type: "project", id: week.project_id },
      message: `A new week of ${week.name} has started with no plan: nothing is scheduled. Plan the next week so your posts keep going out.`,
      now,
    });
  return missing.length;
}
