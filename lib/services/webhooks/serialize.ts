import type { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/lib/db/schema";
import { publicEventId } from "./signing";

export type WebhookEndpointRecord = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRecord = typeof webhookDeliveries.$inferSelect;
export type WebhookEventRecord = typeof webhookEvents.$inferSelect;
export type WebhookAttemptRecord = typeof webhookAttempts.$inferSelect;

/** An endpoint as every face shows it: never its secrets. */
export const serializeWebhookEndpoint = (endpoint: WebhookEndpointRecord) => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  enabled: endpoint.enabled,
  disabledReason: endpoint.disabledReason,
  failingSince: endpoint.failingSince?.toISOString() ?? null,
  secretRotatedAt: endpoint.secretRotatedAt?.toISOString() ?? null,
  createdAt: endpoint.createdAt.toISOString(),
});

export const serializeWebhookDelivery = (
  delivery: WebhookDeliveryRecord,
  event: Pick<WebhookEventRecord, "id" | "type">,
  attempts: WebhookAttemptRecord[],
) => ({
  id: delivery.id,
  endpointId: delivery.endpointId,
  eventId: publicEventId(event.id),
  eventType: event.type,
  status: delivery.status,
  attempts: attempts.map((attempt) => ({
    at: attempt.at.toISOString(),
    statusCode: attempt.statusCode,
    durationMs: attempt.durationMs,
    error: attempt.error,
  })),
  nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
  createdAt: delivery.createdAt.toISOString(),
});
