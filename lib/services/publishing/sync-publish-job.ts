import "server-only";
import type { Database } from "@/lib/db";
import { announceJob } from "@/lib/jobs/engine";
import { cancelQueuedJob, enqueueJob } from "@/lib/jobs/store";
import type { ItemRecord } from "../growth/serialize";
import { publishKey, remindKey } from "./publish-key";

/**
 * Records (or moves, or cancels) the item's job to match what the item now says: on an
 * account it is published at its time; without one the founder is reminded then. `byHand`: the
 * founder asked for it in the dashboard ("Publish now"), where its failure shows.
 */
export async function syncPublishJob(
  db: Database,
  { item, now, byHand = false }: { item: ItemRecord; now: Date; byHand?: boolean },
) {
  const due =
    item.status === "approved" &&
    item.scheduledAt &&
    item.publicationStatus !== "published" &&
    item.publicationStatus !== "publishing" &&
    item.publicationStatus !== "unconfirmed" &&
    item.publicationStatus !== "due";
  const [kind, other] = item.connectionId ? (["publish", "remind"] as const) : (["remind", "publish"] as const);
  const keyOf = { publish: publishKey, remind: remindKey };
  await cancelQueuedJob(db, keyOf[other](item.id), now);
  // "Publish now" in the page: a fresh job that says so, whose failure the page shows (not alerted).
  if (byHand) await cancelQueuedJob(db, keyOf[kind](item.id), now);
  if (!due) return cancelQueuedJob(db, keyOf[kind](item.id), now);
  const job = await enqueueJob(db, {
    accountId: item.accountId,
    projectId: item.projectId,
    kind,
    subjectId: item.id,
    dedupeKey: keyOf[kind](item.id),
    runAt: item.scheduledAt!,
    maxAttempts: 5,
    ...(byHand && { payload: { byHand: true } }),
  });
  await announceJob(job);
}
