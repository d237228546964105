import {
  createWebhookEndpointRequest,
  updateWebhookEndpointRequest,
  webhookDeliveryListResponse,
  webhookDeliveryParams,
  webhookDeliveryResponse,
  webhookEndpointListResponse,
  webhookEndpointParams,
  webhookEndpointResponse,
  webhookSecretResponse,
} from "@/lib/schemas/webhooks";
import * as webhooks from "@/lib/services/webhooks";
import { defineOperation } from "./operation";

// Endpoints that hear of the account's events (Standard Webhooks), and what was sent to them.

const receiver = "the founder's webhook endpoint: events are POSTed to it";

export const listWebhookEndpoints = defineOperation({
  id: "listWebhookEndpoints",
  rest: { method: "GET", path: "/api/v1/webhooks" },
  // Where the account's events go stays with the founder: no connected app sees or changes it.
  scope: "never",
  tag: "Webhooks",
  summary: "List your webhook endpoints",
  description: "Each endpoint's address, events, and whether it is on. Secrets are never shown after creation.",
  response: webhookEndpointListResponse,
  tool: {
    name: "webhooks_list",
    title: "List webhook endpoints",
    description: "Lists the account's webhook endpoints: URL, events, on or off. Secrets are never shown.",
    readOnly: true,
    idempotent: true,
  },
  handler: (_input, ctx) => webhooks.listWebhookEndpoints(ctx),
});

export const createWebhookEndpoint = defineOperation({
  id: "createWebhookEndpoint",
  rest: { method: "POST", path: "/api/v1/webhooks" },
  scope: "never",
  tag: "Webhooks",
  summary: "Add a webhook endpoint",
  description:
    "A public https URL and the events to send it (at most 10 endpoints). The answer carries the signing secret (`whsec_…`) once: store it to verify `webhook-signature`.",
  body: createWebhookEndpointRequest,
  status: 201,
  response: webhookSecretResponse,
  limit: "write",
  reaches: receiver,
  tool: {
    name: "webhooks_create",
    title: "Add a webhook endpoint",
    description: "Adds an https endpoint that receives the chosen events, signed (Standard Webhooks). The secret is shown once.",
  },
  handler: ({ body }, ctx) => webhooks.createWebhookEndpoint(ctx, body),
});

export const getWebhookEndpoint = defineOperation({
  id: "getWebhookEndpoint",
  rest: { method: "GET", path: "/api/v1/webhooks/{endpointId}" },
  scope: "never",
  tag: "Webhooks",
  summary: "Read a webhook endpoint",
  description: "The endpoint's address, events, state and, once turned off by Launchloop, why.",
  params: webhookEndpointParams,
  response: webhookEndpointResponse,
  handler: ({ params }, ctx) => webhooks.getWebhookEndpoint(ctx, params),
});

export const updateWebhookEndpoint = defineOperation({
  id: "updateWebhookEndpoint",
  rest: { method: "PATCH", path: "/api/v1/webhooks/{endpointId}" },
  scope: "never",
  tag: "Webhooks",
  summary: "Change a webhook endpoint",
  description: "Its URL, its events, or `enabled`: turning it back on forgets its past failures.",
  params: webhookEndpointParams,
  body: updateWebhookEndpointRequest,
  response: webhookEndpointResponse,
  reaches: receiver,
  tool: {
    name: "webhooks_update",
    title: "Change a webhook endpoint",
    description: "Changes an endpoint's URL or events, or turns it off or back on.",
    idempotent: true,
  },
  handler: ({ params, body }, ctx) => webhooks.updateWebhookEndpoint(ctx, { ...params, ...body }),
});

export const deleteWebhookEndpoint = defineOperation({
  id: "deleteWebhookEndpoint",
  rest: { method: "DELETE", path: "/api/v1/webhooks/{endpointId}" },
  scope: "never",
  tag: "Webhooks",
  summary: "Delete a webhook endpoint",
  description: "Deletes the endpoint and its deliveries; nothing more is sent to it.",
  params: webhookEndpointParams,
  response: webhookEndpointResponse,
  tool: {
    name: "webhooks_delete",
    title: "Delete a webhook endpoint",
    description: "Deletes a webhook endpoint and its delivery history.",
    destructive: true,
  },
  handler: ({ params }, ctx) => webhooks.deleteWebhookEndpoint(ctx, params),
});

export const rotateWebhookSecret = defineOperation({
  id: "rotateWebhookSecret",
  rest: { method: "POST", path: "/api/v1/webhooks/{endpointId}/rotate-secret" },
  scope: "never",
  tag: "Webhooks",
  summary: "Rotate a webhook endpoint's secret",
  description:
    "A new secret, shown once. For 24 hours deliveries are signed with the new and the previous secret (two signatures in `webhook-signature`).",
  params: webhookEndpointParams,
  response: webhookSecretResponse,
  handler: ({ params }, ctx) => webhooks.rotateWebhookSecret(ctx, params),
});

export const listWebhookDeliveries = defineOperation({
  id: "listWebhookDeliveries",
  rest: { method: "GET", path: "/api/v1/webhooks/{endpointId}/deliveries" },
  scope: "never",
  tag: "Webhooks",
  summary: "List an endpoint's deliveries and their attempts",
  description: "The latest 50 deliveries, newest first, each with its attempts: status code, time, duration, error.",
  params: webhookEndpointParams,
  response: webhookDeliveryListResponse,
  handler: ({ params }, ctx) => webhooks.listWebhookDeliveries(ctx, params),
});

export const redeliverWebhook = defineOperation({
  id: "redeliverWebhook",
  rest: { method: "POST", path: "/api/v1/webhook-deliveries/{deliveryId}/redeliver" },
  scope: "never",
  tag: "Webhooks",
  summary: "Send a delivery again",
  description: "One new attempt now, with the same `webhook-id`, even to an endpoint that is turned off.",
  params: webhookDeliveryParams,
  status: 202,
  response: webhookDeliveryResponse,
  reaches: receiver,
  handler: ({ params }, ctx) => webhooks.redeliverWebhook(ctx, params),
});
