import "server-only";
import { eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { connections, growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { cancelQueuedJobs } from "@/lib/jobs/store";
import { providerFor } from "@/lib/networks/registry";
import { openSecrets } from "@/lib/networks/secrets";
import { syncPublishJob } from "../publishing/sync-publish-job";
import { ownedRow, ownedRows } from "../tenant";
import { serializeConnection } from "./serialize";

const removedWhilePublishing =
  "The account was removed while this post was going out; any part already posted stays on the network.";

/**
 * Forgets a connection and its secrets; items on it lose it but keep their time, at which the
 * founder is reminded to post them by hand.
 */
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
    .returning();
  await cancelQueuedJobs(ctx.db, { accountId: ctx.account.id, subjectIds: detached.map((item) => item.id), now: ctx.now });
  // Its approved posts keep their times, as reminders to post them by hand.
  const remindable = detached.filter((item) => item.status === "approved" && item.scheduledAt && !item.publicationStatus);
  for (const item of remindable) await syncPublishJob(ctx.db, { item, now: ctx.now });
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
