import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { accounts, alerts } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { RetryLater } from "@/lib/jobs/outcome";
import type { JobContext, JobHandler } from "@/lib/jobs/run";
import type { JobRecord } from "@/lib/jobs/store";
import { sendMail } from "@/lib/mail";
import { alertEmail } from "./alert-email";
import { kindsOff } from "./preferences";

/**
 * Sends the account's one e-mail of every alert not yet e-mailed (nor dismissed, nor resolved, nor
 * of a kind turned off since). The alerts are marked e-mailed in the transaction that sends: a mail
 * server that fails rolls the mark back and the job retries; of two runs, one sends.
 */
async function sendAlerts(job: JobRecord, { db, now, signal }: JobContext) {
  const [account] = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, job.accountId));
  if (!account) return;
  const off = await kindsOff(db, { accountId: job.accountId });
  signal.throwIfAborted();
  await db.transaction(async (tx) => {
    const due = await tx
      .update(alerts)
      .set({ emailedAt: now })
      .where(
        and(
          eq(alerts.accountId, job.accountId),
          isNull(alerts.emailedAt),
          isNull(alerts.dismissedAt),
          isNull(alerts.resolvedAt),
          off.length ? sql`${alerts.kind} <> all(${sql.param(off)}::text[])` : undefined,
        ),
      )
      .returning();
    if (due.length === 0) return;
    const ordered = due.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    try {
      await sendMail({ to: account.email, ...alertEmail(ordered) });
    } catch (error) {
      throw new RetryLater(error instanceof AppError ? error.message : "The alert e-mail could not be sent.");
    }
  });
}

// An e-mail that never went out leaves its alerts on the dashboard, where they were all along.
export const sendAlertsJobHandler: JobHandler = { run: sendAlerts, giveUp: async () => undefined };
