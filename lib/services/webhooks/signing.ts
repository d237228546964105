import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A new signing secret as the Standard Webhooks spec writes it: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/** The event's id as sent (`webhook-id` and the payload's `id`): stable across attempts and redeliveries. */
export const publicEventId = (eventId: string) => `evt_${eventId.replace(/-/g, "")}`;

/**
 * The Standard Webhooks headers of one attempt: `webhook-signature` carries one `v1,…` per
 * secret (the current one, and during a rotation's overlap the previous one), space-separated.
 */
export function signedHeaders(input: { id: string; at: Date; body: string; secrets: string[] }): Record<string, string> {
  const at = new Date(Math.floor(input.at.getTime() / 1000) * 1000);
  return {
    "webhook-id": input.id,
    "webhook-timestamp": String(at.getTime() / 1000),
    "webhook-signature": input.secrets.map((secret) => new Webhook(secret).sign(input.id, at, input.body)).join(" "),
  };
}
