import "server-only";
import { eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { connections, growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { assertCanGrow } from "@/lib/limits";
import { getOwnedItem } from "../growth/load";
import { serializeItem } from "../growth/serialize";
import { ownedRow } from "../tenant";
import { mayHavePosted } from "./may-have-posted";
import { syncPublishJob } from "./sync-publish-job";

/** Publishes an approved item with an account now (or again, after a failure). */
export async function publishNow(ctx: ServiceContext, input: { itemId: string }) {
  const { db, account, now } = ctx;
  assertCanGrow(account);
  const [updated] = await db
    .update(growthItems)
    .set({ scheduledAt: now, publicationStatus: null, publicationError: null, updatedAt: now })
    .where(
      ownedRow(
        growthItems,
        account.id,
        input.itemId,
        eq(growthItems.status, "approved"),
        sql`${growthItems.connectionId} is not null`,
        sql`${growthItems.publicationStatus} is distinct from 'publishing'`,
        sql`${growthItems.publicationStatus} is distinct from 'published'`,
        sql`${growthItems.publicationStatus} is distinct from 'unconfirmed'`,
        sql`exists (select 1 from ${connections} where ${connections.id} = ${growthItems.connectionId} and ${connections.accountId} = ${account.id} and ${connections.status} = 'connected')`,
      ),
    )
    .returning();
  if (!updated) {
    const { item } = await getOwnedItem(db, { accountId: account.id, itemId: input.itemId });
    if (item.publicationStatus === "unconfirmed") throw mayHavePosted();
    const why =
      item.publicationStatus === "published" || item.publicationStatus === "publishing"
        ? `It is already ${item.publicationStatus}.`
        : item.status !== "approved"
          ? `It is ${item.status}; approve it first.`
          : !item.connectionId
            ? "Pick the account it goes out on first (connectionId)."
            : "Its account is disconnected: reconnect it in project settings.";
    throw new AppError("not_publishable", `This item cannot be published now. ${why}`);
  }
  await syncPublishJob(db, { item: updated, now });
  return { item: serializeItem(updated) };
}
