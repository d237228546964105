import { z } from "zod";
import { safeString, timestamp, uuid } from "./common";

import { webhookEventTypes } from "./webhook-event-types";
export const webhookEventTypeSchema = z.enum(webhookEventTypes);

export const webhookDeliveryStatuses = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** An endpoint address: https (the outbound guard checks the address itself when it is saved and at each delivery). */
export const webhookUrl = safeString()
  .max(2000)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
      } catch {
        return false;
      }
    },
    { message: "Use a full web address starting with https://." },
  )
  .meta({
    format: "uri",
    description: "Where events are POSTed: a public https address",
    examples: ["https://example.com/hooks"],
  });

const eventList = z
  .array(webhookEventTypeSchema)
  .min(1)
  .max(webhookEventTypes.length)
  .describe("The events to send (at least one)");

export const webhookEndpointSchema = z
  .object({
    id: uuid,
    url: z.string(),
    events: z.array(webhookEventTypeSchema),
    enabled: z.boolean().describe("False when the founder turned it off or it failed every attempt for 5 days"),
    disabledReason: z.string().nullable().describe("Why it was turned off by Launchloop; null otherwise"),
    failingSince: timestamp.nullable().describe("When its current run of failed attempts began; null while it answers"),
    secretRotatedAt: timestamp.nullable().describe("When the secret was last rotated; the previous one signs too for 24 hours"),
    createdAt: timestamp,
  })
  .meta({ id: "WebhookEndpoint" });

export const webhookEndpointParams = z.strictObject({ endpointId: uuid.describe("Webhook endpoint id") });
export const webhookDeliveryParams = z.strictObject({ deliveryId: uuid.describe("Webhook delivery id") });

export const createWebhookEndpointRequest = z
  .strictObject({ url: webhookUrl, events: eventList })
  .meta({ id: "CreateWebhookEndpointRequest" });
export const updateWebhookEndpointRequest = z
  .strictObject({
    url: webhookUrl.optional(),
    events: eventList.optional(),
    enabled: z.boolean().optional().describe("Turn deliveries off or back on (on again forgets past failures)"),
  })
  .meta({ id: "UpdateWebhookEndpointRequest" });

export const webhookEndpointResponse = z.object({ endpoint: webhookEndpointSchema }).meta({ id: "WebhookEndpointResponse" });
export const webhookEndpointListResponse = z
  .object({ endpoints: z.array(webhookEndpointSchema) })
  .meta({ id: "WebhookEndpointList" });
export const webhookSecretResponse = z
  .object({
    endpoint: webhookEndpointSchema,
    secret: z.string().describe("The signing secret (whsec_…). Shown once: store it now."),
  })
  .meta({ id: "WebhookSecretResponse" });

export const webhookAttemptSchema = z
  .object({
    at: timestamp,
    statusCode: z.number().int().nullable().describe("The endpoint's HTTP status; null when no answer came"),
    durationMs: z.number().int(),
    error: z.string().nullable().describe("Why the attempt failed, in short; null on success"),
  })
  .meta({ id: "WebhookAttempt" });

export const webhookDeliverySchema = z
  .object({
    id: uuid,
    endpointId: uuid,
    eventId: z.string().describe("The event's id (evt_…), sent as `webhook-id`; the same on every attempt"),
    eventType: webhookEventTypeSchema,
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.array(webhookAttemptSchema).describe("Newest first (at most 20)"),
    nextAttemptAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "WebhookDelivery" });

export const webhookDeliveryListResponse = z
  .object({ deliveries: z.array(webhookDeliverySchema) })
  .meta({ id: "WebhookDeliveryList" });
export const webhookDeliveryResponse = z.object({ delivery: webhookDeliverySchema }).meta({ id: "WebhookDeliveryResponse" });

/** The body every delivery POSTs: the Standard Webhooks shape. */
export const webhookPayloadSchema = z
  .object({
    id: z.string().describe("evt_…, also the `webhook-id` header"),
    type: webhookEventTypeSchema,
    timestamp: timestamp.describe("When the event happened"),
    data: z.record(z.string(), z.unknown()).describe("The resource as the API shows it"),
  })
  .meta({ id: "WebhookPayload" });
