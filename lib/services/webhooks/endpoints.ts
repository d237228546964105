import "server-only";
import { count, desc, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ServiceContext } from "@/lib/core/context";
import { webhookEndpoints } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { lockAccount } from "@/lib/limits";
import type { createWebhookEndpointRequest, updateWebhookEndpointRequest } from "@/lib/schemas/webhooks";
import { seal } from "@/lib/security/secret";
import { ownedRow, ownedRows } from "../tenant";
import { checkWebhookUrl } from "./check-url";
import { maxWebhookEndpoints, webhookSecretOverlapMs } from "./retry-schedule";
import { serializeWebhookEndpoint, type WebhookEndpointRecord } from "./serialize";
import { newWebhookSecret } from "./signing";

/** The purpose signing secrets are sealed under (lib/security/secret). */
export const webhookSecretPurpose = "webhook-signing-secret";

const notFound = () => new AppError("not_found", "No webhook endpoint with this id in your account.");

export async function listWebhookEndpoints(ctx: ServiceContext) {
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(ownedRows(webhookEndpoints, ctx.account.id))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return { endpoints: rows.map(serializeWebhookEndpoint) };
}

export async function loadWebhookEndpoint(
  ctx: ServiceContext,
  { endpointId }: { endpointId: string },
): Promise<WebhookEndpointRecord> {
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(ownedRow(webhookEndpoints, ctx.account.id, endpointId));
  if (!row) throw notFound();
  return row;
}

export async function getWebhookEndpoint(ctx: ServiceContext, { endpointId }: { endpointId: string }) {
  return { endpoint: serializeWebhookEndpoint(await loadWebhookEndpoint(ctx, { endpointId })) };
}

/** Adds an endpoint with a new secret, shown once; the account is locked so concurrent creations keep the cap. */
export async function createWebhookEndpoint(ctx: ServiceContext, input: z.output<typeof createWebhookEndpointRequest>) {
  const url = await checkWebhookUrl(input.url);
  const secret = newWebhookSecret();
  return ctx.db.transaction(async (tx) => {
    await lockAccount(tx, ctx.account.id);
    const [held] = await tx.select({ value: count() }).from(webhookEndpoints).where(ownedRows(webhookEndpoints, ctx.account.id));
    if ((held?.value ?? 0) >= maxWebhookEndpoints)
      throw new AppError(
        "forbidden",
        `An account has at most ${maxWebhookEndpoints} webhook endpoints. Delete one you no longer use first.`,
      );
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        accountId: ctx.account.id,
        url,
        events: [...new Set(input.events)],
        sealedSecret: seal(secret, webhookSecretPurpose),
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    return { endpoint: serializeWebhookEndpoint(created!), secret };
  });
}

/** Changes the address, the events, or turns it on or off; turning it on forgets past failures. */
export async function updateWebhookEndpoint(
  ctx: ServiceContext,
  { endpointId, ...input }: { endpointId: string } & z.output<typeof updateWebhookEndpointRequest>,
) {
  const url = input.url === undefined ? undefined : await checkWebhookUrl(input.url);
  const [updated] = await ctx.db
    .update(webhookEndpoints)
    .set({
      ...(url !== undefined && { url }),
      ...(input.events !== undefined && { events: [...new Set(input.events)] }),
      ...(input.enabled === true && { enabled: true, disabledReason: null, failingSince: null }),
      ...(input.enabled === false && { enabled: false, disabledReason: null }),
      updatedAt: ctx.now,
    })
    .where(ownedRow(webhookEndpoints, ctx.account.id, endpointId))
    .returning();
  if (!updated) throw notFound();
  return { endpoint: serializeWebhookEndpoint(updated) };
}

/** Deletes the endpoint with its deliveries: nothing more is sent to it, a delivery under way included. */
export async function deleteWebhookEndpoint(ctx: ServiceContext, { endpointId }: { endpointId: string }) {
  const [deleted] = await ctx.db
    .delete(webhookEndpoints)
    .where(ownedRow(webhookEndpoints, ctx.account.id, endpointId))
    .returning();
  if (!deleted) throw notFound();
  return { endpoint: serializeWebhookEndpoint(deleted) };
}

/**
 * A new secret, shown once. The one it replaces keeps signing beside it for 24 hours (each
 * delivery carries both signatures), so a receiver can switch without losing an event.
 */
export async function rotateWebhookSecret(ctx: ServiceContext, { endpointId }: { endpointId: string }) {
  const secret = newWebhookSecret();
  const [rotated] = await ctx.db
    .update(webhookEndpoints)
    .set({
      sealedSecret: seal(secret, webhookSecretPurpose),
      sealedPreviousSecret: sql`${webhookEndpoints.sealedSecret}`,
      previousSecretExpiresAt: new Date(ctx.now.getTime() + webhookSecretOverlapMs),
      secretRotatedAt: ctx.now,
      updatedAt: ctx.now,
    })
    .where(ownedRow(webhookEndpoints, ctx.account.id, endpointId))
    .returning();
  if (!rotated) throw notFound();
  return { endpoint: serializeWebhookEndpoint(rotated), secret };
}
