export { listWebhookDeliveries, redeliverWebhook } from "./deliveries";
export { emitWebhookEvent } from "./emit";
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "./endpoints";
export { webhookDeliveryJobHandler } from "./send-delivery";
