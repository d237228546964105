import "server-only";
import type { Database } from "@/lib/db";
import { announceJob } from "@/lib/jobs/engine";
import { cancelQueuedJob, enqueueJob } from "@/lib/jobs/store";
import type { ItemRecord } from "../growth/serialize";
import { publishKey } from "./publish-key";

/** Records (or moves, or cancels) the item's publish job to match what the item now says. */
export async function syncPublishJob(db: Database, { item, now }: { item: ItemRecord; now: Date }) {
  const due =
    item.status === "approved" &&
    item.connectionId &&
    item.scheduledAt &&
    item.publicationStatus !== "published" &&
    item.publicationStatus !== "publishing" &&
    item.publicationStatus !== "unconfirmed";
  if (!due) return cancelQueuedJob(db, publishKey(item.id), now);
  const job = await enqueueJob(db, {
    accountId: item.accountId,
    projectId: item.projectId,
    kind: "publish",
    subjectId: item.id,
    dedupeKey: publishKey(item.id),
    runAt: item.scheduledAt!,
    maxAttempts: 5,
  });
  await announceJob(job);
}
