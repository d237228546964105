import "server-only";
import type { Database } from "@/lib/db";
import { announceJob } from "@/lib/jobs/engine";
import { enqueueJob } from "@/lib/jobs/store";
import { webhookMaxAttempts } from "./retry-schedule";

export const webhookDeliveryKey = (deliveryId: string) => `webhook_delivery:${deliveryId}`;

/**
 * Records the job that sends a delivery at `runAt` (joining, and moving up, one already
 * queued). A redelivery is one attempt; an event's first send is retried on the schedule.
 */
export async function enqueueWebhookDelivery(
  db: Database,
  input: { accountId: string; projectId: string; deliveryId: string; runAt: Date; redelivery?: boolean },
) {
  const job = await enqueueJob(db, {
    accountId: input.accountId,
    projectId: input.projectId,
    kind: "webhook_delivery",
    subjectId: input.deliveryId,
    dedupeKey: webhookDeliveryKey(input.deliveryId),
    runAt: input.runAt,
    maxAttempts: input.redelivery ? 1 : webhookMaxAttempts,
    payload: input.redelivery ? { redelivery: true } : {},
  });
  await announceJob(job);
  return job;
}
