import "server-only";
import { eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { connections, growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { cancelQueuedJob } from "@/lib/jobs/store";
import { providerFor } from "@/lib/networks/registry";
import { openSecrets } from "@/lib/networks/secrets";
import { publishKey } from "../publishing/publish-key";
import { ownedRow, ownedRows } from "../tenant";
import { serializeConnection } from "./serialize";

const removedWhilePublishing =
  "The account was removed while this post was going out; any part already posted stays on the network.";

/** Forgets a connection and its secrets; items on it lose it and their queued publications are cancelled. */
export async function deleteConnection(ctx: ServiceContext, input: { connectionId: string }) {
  const [removed] = await ctx.db
    .delete(connections)
    .where(ownedRow(connections, ctx.account.id, input.connectionId))
    .returning();
  if (!removed) throw new AppError("not_found", "Connection not found.");
  // A post going out on it (or waiting to retry) fails with the reason rather than staying "publishing".
  const wasGoingOut = sql`${growthItems.publicationStatus} = 'publishing'`;
  const detached = await ctx.db
    .update(growthItems)
    .set({
      connectionId: null,
      scheduledAt: null,
      publicationStatus: sql`case when ${wasGoingOut} then 'failed' else ${growthItems.publicationStatus} end`,
      publicationError: sql`case when ${wasGoingOut} then ${removedWhilePublishing} else ${growthItems.publicationError} end`,
      updatedAt: ctx.now,
    })
    .where(
      ownedRows(
        growthItems,
        ctx.account.id,
        eq(growthItems.connectionId, removed.id),
        sql`${growthItems.publicationStatus} is distinct from 'published'`,
      ),
    )
    .returning({ id: growthItems.id });
  for (const item of detached) await cancelQueuedJob(ctx.db, publishKey(item.id), ctx.now);
  const provider = providerFor(removed.network);
  if (provider.revoke && removed.status !== "pending") {
    const account = {
      serviceUrl: removed.serviceUrl,
      handle: removed.handle,
      externalAccountId: removed.externalAccountId,
      secrets: openSecrets(removed.sealedSecrets),
    };
    ctx.waitUntil?.(provider.revoke(account).catch(() => undefined));
  }
  return { connection: serializeConnection(removed) };
}
