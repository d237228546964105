// Kept free of zod so the dashboard's endpoint form lists the events without loading it.

/** What a webhook endpoint can be sent: each names the resource its `data` holds, as the API shows it. */
export const webhookEventTypes = [
  "run.completed",
  "run.failed",
  "week.planned",
  "item.approved",
  "item.published",
  "item.failed",
  "connection.disconnected",
  "conversion.created",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
