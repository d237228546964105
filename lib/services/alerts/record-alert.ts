import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { describeError } from "@/lib/db/errors";
import { alerts } from "@/lib/db/schema";
import type { AlertKind, AlertSubject } from "@/lib/schemas/alerts";
import { kindsOff } from "./preferences";
import { scheduleAlertMail } from "./schedule-mail";

export interface NewAlert {
  accountId: string;
  projectId: string;
  kind: AlertKind;
  subject: { type: AlertSubject; id: string };
  message: string;
  now: Date;
}

/**
 * Records what the founder should hear of: a dashboard notice and a line of the account's next
 * alert e-mail (one job per account gathers them). A kind turned off records nothing; the same
 * kind and subject while its alert is open is the one alert. Never throws: telling the founder
 * must not undo the work that noticed the problem.
 */
export async function recordAlert(db: Database, alert: NewAlert): Promise<void> {
  try {
    if ((await kindsOff(db, { accountId: alert.accountId })).includes(alert.kind)) return;
    const [created] = await db
      .insert(alerts)
      .values({
        accountId: alert.accountId,
        projectId: alert.projectId,
        kind: alert.kind,
        subjectType: alert.subject.type,
        subjectId: alert.subject.id,
        message: alert.message.slice(0, 500),
        createdAt: alert.now,
      })
      .onConflictDoNothing({
        target: [alerts.accountId, alerts.kind, alerts.subjectId],
        where: sql`dismissed_at is null and resolved_at is null`,
      })
      .returning({ id: alerts.id });
    if (created) await scheduleAlertMail(db, { accountId: alert.accountId, projectId: alert.projectId, now: alert.now });
  } catch (error) {
    console.error(`[alerts] recording a ${alert.kind} alert failed:`, describeError(error));
  }
}
