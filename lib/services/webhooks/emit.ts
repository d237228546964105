import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/lib/db/schema";
import type { WebhookEventType } from "@/lib/schemas/webhook-event-types";
import { enqueueWebhookDelivery } from "./delivery-job";

/**
 * Records an event of the account for every enabled endpoint of that account subscribed to
 * its type (the outbox: one event row, one delivery and one job per endpoint), in the
 * caller's transaction when it passes one, so an event exists exactly when what it tells of
 * was saved. `data` is the resource as the API shows it. No subscriber: nothing is written.
 */
export async function emitWebhookEvent(
  db: Database,
  {
    type,
    of: owner,
    data,
    now = new Date(),
  }: { type: WebhookEventType; of: { accountId: string; projectId: string }; data: object; now?: Date },
): Promise<void> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.accountId, owner.accountId),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
  if (endpoints.length === 0) return;
  const [event] = await db
    .insert(webhookEvents)
    .values({
      accountId: owner.accountId,
      projectId: owner.projectId,
      type,
      data: data as Record<string, unknown>,
      createdAt: now,
    })
    .returning({ id: webhookEvents.id });
  const deliveries = await db
    .insert(webhookDeliveries)
    .values(
      endpoints.map((endpoint) => ({
        accountId: owner.accountId,
        endpointId: endpoint.id,
        eventId: event!.id,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const delivery of deliveries)
    await enqueueWebhookDelivery(db, {
      accountId: owner.accountId,
      projectId: owner.projectId,
      deliveryId: delivery.id,
      runAt: now,
    });
}
