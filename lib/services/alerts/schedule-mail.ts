import "server-only";
import type { Database } from "@/lib/db";
import { announceJob } from "@/lib/jobs/engine";
import { enqueueJob, findActiveJob } from "@/lib/jobs/store";

/** How long alerts gather before the e-mail goes: ten failures in a burst are one e-mail. */
export const alertMailDelayMs = 5 * 60_000;

export const alertMailKey = (accountId: string) => `send_alerts:${accountId}`;

/**
 * Makes sure one `send_alerts` job of the account is queued. A queued one is left at its time
 * (a stream of alerts never holds the e-mail back); one that is running already leaves the
 * newer alerts to the sweep (`scheduleMissedAlertMails`). The jobs table's key keeps it to one
 * under concurrency.
 */
export async function scheduleAlertMail(
  db: Database,
  { accountId, projectId, now }: { accountId: string; projectId: string; now: Date },
) {
  const dedupeKey = alertMailKey(accountId);
  if (await findActiveJob(db, { accountId, dedupeKey })) return;
  const job = await enqueueJob(db, {
    accountId,
    projectId,
    kind: "send_alerts",
    subjectId: accountId,
    dedupeKey,
    runAt: new Date(now.getTime() + alertMailDelayMs),
    maxAttempts: 5,
  });
  await announceJob(job);
}
