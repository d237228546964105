import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { growthItems } from "@/lib/db/schema";
import type { JobContext, JobHandler } from "@/lib/jobs/run";
import type { JobRecord } from "@/lib/jobs/store";
import { entitlementsOf } from "@/lib/limits";
import { sendMail } from "@/lib/mail";
import type { ItemRecord } from "../growth/serialize";
import { loadForJob } from "./load-for-job";
import { reminderEmail } from "./reminder-email";
import { syncPublishJob } from "./sync-publish-job";

/** What a reminder needs of the item's project: its name (in the e-mail) and whether the founder chose e-mails. */
interface ReminderProject {
  name: string;
  emailReminders: boolean;
}

/**
 * Marks a due item `due` (the dashboard's "Due to post by hand") and, when the founder chose
 * it, e-mails them the post. One conditional update on the item as read (approved, not yet
 * reminded, still at that time): of two runs, one reminds; a moved time waits for its own job.
 * True when this run reminded.
 */
export async function remindItem(
  db: Database,
  { item, project, owner, now }: { item: ItemRecord; project: ReminderProject; owner: { email: string }; now: Date },
): Promise<boolean> {
  if (!item.scheduledAt) return false;
  const [reminded] = await db
    .update(growthItems)
    .set({ publicationStatus: "due", publicationError: null, updatedAt: now })
    .where(
      and(
        eq(growthItems.id, item.id),
        eq(growthItems.accountId, item.accountId),
        eq(growthItems.status, "approved"),
        eq(growthItems.scheduledAt, item.scheduledAt),
        isNull(growthItems.publicationStatus),
      ),
    )
    .returning();
  if (!reminded) return false;
  // The dashboard's notice is the reminder of record: an e-mail that cannot be sent is not retried.
  if (project.emailReminders)
    await sendMail({ to: owner.email, ...reminderEmail(reminded, { id: reminded.projectId, name: project.name }) }).catch(
      () => undefined,
    );
  return true;
}

async function runRemind(job: JobRecord, { db, now }: JobContext) {
  const found = await loadForJob(db, job);
  if (!found) return; // the item was deleted
  const { item, connection, project, account } = found;
  if (item.status !== "approved" || !item.scheduledAt || item.scheduledAt.getTime() > now.getTime() + 1000) return; // moved: its own job runs it
  if (!entitlementsOf(account).canGrow) return; // a plan that ended stops its reminders, as it stops its posts
  // Connected meanwhile: its publish job posts it (queued again here, should two changes have crossed).
  if (connection?.status === "connected") return syncPublishJob(db, { item, now });
  await remindItem(db, { item, project, owner: account, now });
}

// A reminder that cannot be given (the item is gone or moved on) leaves the item as it is.
export const remindJobHandler: JobHandler = { run: runRemind, giveUp: async () => undefined };
