import "server-only";
import { and, eq, lte } from "drizzle-orm";
import { config } from "@/lib/config";
import type { Database } from "@/lib/db";
import { describeError } from "@/lib/db/errors";
import { accounts, webhookEndpoints } from "@/lib/db/schema";
import { sendMail } from "@/lib/mail";
import { failedTooLong, webhookDisableAfterMs } from "./retry-schedule";
import type { WebhookEndpointRecord } from "./serialize";

/**
 * Turns off an endpoint that has failed every attempt for 5 days (once: the update is
 * conditional on it being on), and tells the founder by e-mail; the settings page shows why.
 */
export async function disableFailingEndpoint(
  db: Database,
  { endpoint, error, now }: { endpoint: WebhookEndpointRecord; error: string; now: Date },
) {
  if (!endpoint.enabled || !failedTooLong(endpoint.failingSince, now)) return;
  const reason = `Every attempt failed for 5 days (last: ${error}). Fix the endpoint, then turn it back on.`;
  const [disabled] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason.slice(0, 500), updatedAt: now })
    .where(
      and(
        eq(webhookEndpoints.id, endpoint.id),
        eq(webhookEndpoints.accountId, endpoint.accountId),
        eq(webhookEndpoints.enabled, true),
        lte(webhookEndpoints.failingSince, new Date(now.getTime() - webhookDisableAfterMs)),
      ),
    )
    .returning();
  if (!disabled) return;
  const [owner] = await db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, endpoint.accountId));
  if (!owner) return;
  await sendMail({
    to: owner.email,
    subject: "A webhook endpoint was turned off",
    text: [
      `Launchloop turned off your webhook endpoint ${disabled.url}: every attempt to deliver to it failed for 5 days.`,
      "",
      `The last attempt: ${error}`,
      "",
      "Nothing more is sent to it until you turn it back on. Fix the endpoint, then turn it on again in your settings:",
      `${config().appUrl}/settings/webhooks`,
    ].join("\n"),
  }).catch((failure: unknown) =>
    console.error(`[webhooks] telling the founder endpoint ${disabled.id} was turned off failed:`, describeError(failure)),
  );
}
