import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { alertPreferences, alerts, jobs } from "@/lib/db/schema";
import { alertMailDelayMs, scheduleAlertMail } from "./schedule-mail";

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

/**
 * Queues the e-mail of accounts whose alerts waited longer than the gathering delay with no
 * e-mail job to send them (one arrived while the last e-mail was going out, or its job's
 * project was deleted). Run by the housekeeping sweep.
 */
export async function scheduleMissedAlertMails(db: Database, { now, batch = 100 }: { now: Date; batch?: number }): Promise<void> {
  const before = new Date(now.getTime() - alertMailDelayMs).toISOString();
  const waiting = rowsOf<{ account_id: string; project_id: string }>(
    await db.execute(sql`
      select a.account_id, (array_agg(a.project_id))[1]::text as project_id from ${alerts} a
      where a.emailed_at is null and a.dismissed_at is null and a.resolved_at is null and a.project_id is not null and a.created_at < ${before}::timestamptz
        and not exists (select 1 from ${alertPreferences} p where p.account_id = a.account_id and a.kind = any(p.off))
        and not exists (select 1 from ${jobs} j where j.dedupe_key = 'send_alerts:' || a.account_id::text and j.status in ('queued', 'running'))
      group by a.account_id limit ${batch}`),
  );
  for (const { account_id, project_id } of waiting)
    await scheduleAlertMail(db, {
      accountId: account_id,
      projectId: project_id,
      now: new Date(now.getTime() - alertMailDelayMs),
    });
}
