import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { alerts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { kindsOff } from "./preferences";
import { serializeAlert } from "./serialize";

const shownAtMost = 50;

/** The notices the dashboard shows: the account's alerts neither dismissed nor resolved, of kinds that are on, newest first. */
export async function listAlerts(ctx: ServiceContext, input: { projectId?: string } = {}) {
  const off = await kindsOff(ctx.db, { accountId: ctx.account.id });
  const rows = await ctx.db
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.accountId, ctx.account.id),
        isNull(alerts.dismissedAt),
        isNull(alerts.resolvedAt),
        input.projectId ? eq(alerts.projectId, input.projectId) : undefined,
        off.length ? sql`${alerts.kind} <> all(${sql.param(off)}::text[])` : undefined,
      ),
    )
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(shownAtMost);
  return { alerts: rows.map(serializeAlert) };
}

/** Dismisses a notice (again is a no-op); another account's alert is not found. */
export async function dismissAlert(ctx: ServiceContext, input: { alertId: string }) {
  const [dismissed] = await ctx.db
    .update(alerts)
    .set({ dismissedAt: sql`coalesce(${alerts.dismissedAt}, ${ctx.now.toISOString()}::timestamptz)` })
    .where(and(eq(alerts.id, input.alertId), eq(alerts.accountId, ctx.account.id)))
    .returning();
  if (!dismissed) throw new AppError("not_found", "Alert not found.");
  return { alert: serializeAlert(dismissed) };
}
