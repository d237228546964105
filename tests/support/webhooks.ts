import type { Database } from "@/lib/db";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/lib/db/schema";
import { seal } from "@/lib/security/secret";
import { webhookSecretPurpose } from "@/lib/services/webhooks/endpoints";
import { newWebhookSecret } from "@/lib/services/webhooks/signing";

/** An account's webhook endpoint with one delivered event, written straight to the database (for the generated ownership tests). */
export async function addWebhookDelivery(db: Database, owner: { accountId: string; projectId: string }) {
  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({
      accountId: owner.accountId,
      url: "https://owner.example/hooks",
      events: ["item.published"],
      sealedSecret: seal(newWebhookSecret(), webhookSecretPurpose),
    })
    .returning();
  const [event] = await db
    .insert(webhookEvents)
    .values({ ...owner, type: "item.published", data: { id: owner.projectId } })
    .returning();
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ accountId: owner.accountId, endpointId: endpoint!.id, eventId: event!.id, status: "succeeded" })
    .returning();
  return { endpointId: endpoint!.id, deliveryId: delivery!.id };
}
