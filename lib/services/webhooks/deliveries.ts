import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { webhookAttempts, webhookDeliveries, webhookEvents } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { inIds, ownedRow, ownedRows } from "../tenant";
import { enqueueWebhookDelivery } from "./delivery-job";
import { loadWebhookEndpoint } from "./endpoints";
import {
  serializeWebhookDelivery,
  type WebhookAttemptRecord,
  type WebhookDeliveryRecord,
  type WebhookEventRecord,
} from "./serialize";

const shownDeliveries = 50;
const shownAttempts = 20;

/** Deliveries with their event and their newest attempts, in two statements whatever their number. */
async function describeDeliveries(
  db: Database,
  accountId: string,
  rows: { delivery: WebhookDeliveryRecord; event: Pick<WebhookEventRecord, "id" | "type"> }[],
) {
  const ids = rows.map((row) => row.delivery.id);
  const attempts: WebhookAttemptRecord[] = ids.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(ownedRows(webhookAttempts, accountId, inIds(webhookAttempts.deliveryId, ids)))
        .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.id))
    : [];
  return rows.map(({ delivery, event }) =>
    serializeWebhookDelivery(
      delivery,
      event,
      attempts.filter((attempt) => attempt.deliveryId === delivery.id).slice(0, shownAttempts),
    ),
  );
}

const deliveryColumns = { delivery: webhookDeliveries, event: { id: webhookEvents.id, type: webhookEvents.type } };

/** The endpoint's latest deliveries (newest first, at most 50), each with its attempts. */
export async function listWebhookDeliveries(ctx: ServiceContext, { endpointId }: { endpointId: string }) {
  const endpoint = await loadWebhookEndpoint(ctx, { endpointId });
  const rows = await ctx.db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(ownedRows(webhookDeliveries, ctx.account.id, eq(webhookDeliveries.endpointId, endpoint.id)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(shownDeliveries);
  return { deliveries: await describeDeliveries(ctx.db, ctx.account.id, rows) };
}

/** Sends a delivery again now, with the same `webhook-id` (a new attempt of the same message), once. */
export async function redeliverWebhook(ctx: ServiceContext, { deliveryId }: { deliveryId: string }) {
  const [found] = await ctx.db
    .select({ ...deliveryColumns, projectId: webhookEvents.projectId })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, and(eq(webhookEvents.id, webhookDeliveries.eventId), eq(webhookEvents.accountId, ctx.account.id)))
    .where(ownedRow(webhookDeliveries, ctx.account.id, deliveryId));
  if (!found) throw new AppError("not_found", "No webhook delivery with this id in your account.");
  const [pending] = await ctx.db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: ctx.now, updatedAt: ctx.now })
    .where(ownedRow(webhookDeliveries, ctx.account.id, deliveryId))
    .returning();
  await enqueueWebhookDelivery(ctx.db, {
    accountId: ctx.account.id,
    projectId: found.projectId,
    deliveryId,
    runAt: ctx.now,
    redelivery: true,
  });
  const [delivery] = await describeDeliveries(ctx.db, ctx.account.id, [
    { delivery: pending ?? found.delivery, event: found.event },
  ]);
  return { delivery: delivery! };
}
