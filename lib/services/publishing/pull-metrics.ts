import "server-only";
import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { GiveUp, RetryLater } from "@/lib/jobs/outcome";
import type { JobHandler } from "@/lib/jobs/run";
import { providerFor } from "@/lib/networks/registry";
import type { PostMetrics } from "@/lib/schemas/publishing";
import { inThePage } from "../alerts/triggers";
import { saveSecrets } from "../connections/save-secrets";
import type { ConnectionRecord } from "../connections/serialize";
import { getOwnedItem } from "../growth/load";
import { type ItemRecord, serializeItem } from "../growth/serialize";
import { connectedAccount } from "./connected-account";
import { asJobOutcome } from "./job-outcome";
import { loadForJob } from "./load-for-job";
import { ownedConnection } from "./owned-connection";

/** Reads the network's numbers for a published item and keeps them on it. */
async function pullMetrics(
  db: Database,
  item: ItemRecord,
  connection: ConnectionRecord | null,
  now: Date,
  inThePage = false,
): Promise<ItemRecord> {
  if (item.publicationStatus !== "published" || !item.publishedParts?.length)
    throw new GiveUp("The item is not published on a connected account.");
  if (!connection) throw new GiveUp("The item's account is no longer connected.");
  const provider = providerFor(connection.network);
  if (!provider.metrics) throw new GiveUp(`${provider.label} does not give apps the numbers of members' posts.`);
  let metrics: PostMetrics;
  try {
    metrics = await provider.metrics(connectedAccount(db, { connection, now }), item.publishedParts[0]!, {
      now,
      onSecrets: (secrets) => saveSecrets(db, { connection, secrets, now }),
    });
  } catch (error) {
    throw await asJobOutcome(error, db, connection, now, inThePage);
  }
  const [updated] = await db
    .update(growthItems)
    .set({ metrics })
    .where(and(eq(growthItems.id, item.id), eq(growthItems.accountId, item.accountId)))
    .returning();
  return updated ?? item;
}

/** Pulls the numbers now (the on-demand pull). */
export async function pullItemMetrics(ctx: ServiceContext, input: { itemId: string }) {
  const { item } = await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId: input.itemId });
  if (item.publicationStatus !== "published")
    throw new AppError("not_publishable", "Numbers come from a post Launchloop published; this item has none yet.");
  const connection = item.connectionId
    ? await ownedConnection(ctx.db, { accountId: ctx.account.id, connectionId: item.connectionId })
    : null;
  try {
    return { item: serializeItem(await pullMetrics(ctx.db, item, connection, ctx.now, inThePage(ctx))) };
  } catch (error) {
    if (error instanceof RetryLater)
      throw new AppError("provider_unavailable", `The network did not answer: ${error.message}. Try again in a moment.`);
    if (error instanceof GiveUp) throw new AppError("not_publishable", error.message);
    throw error;
  }
}

export const metricsJobHandler: JobHandler = {
  run: async (job, { db, now }) => {
    const found = await loadForJob(db, job);
    if (!found) return;
    await pullMetrics(db, found.item, found.connection, now);
  },
  giveUp: async () => {
    // The numbers stay as last read; the next pull (or the founder's) tries again.
  },
};
