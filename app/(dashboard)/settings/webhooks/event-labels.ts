import type { WebhookEventType } from "@/lib/schemas/webhook-event-types";

/** What each event means, as the settings page says it. */
export const eventLabels: Record<WebhookEventType, string> = {
  "run.completed": "A pipeline step finished",
  "run.failed": "A pipeline step failed",
  "week.planned": "A week's plan is ready",
  "item.approved": "A post was approved",
  "item.published": "A post went out",
  "item.failed": "A post failed to go out",
  "connection.disconnected": "A channel was disconnected",
  "conversion.created": "A sign-up was reported",
};
