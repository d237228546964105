import "server-only";
import { eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { connections, growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { assertCanGrow } from "@/lib/limits";
import { providerOfChannel } from "@/lib/networks/registry";
import { inThePage } from "../alerts/triggers";
import { getOwnedItem } from "../growth/load";
import { serializeItem } from "../growth/serialize";
import { imagesOfItem } from "../item-images/load";
import { imagesRefusal } from "../item-images/readiness";
import { ownedRow } from "../tenant";
import { mayHavePosted } from "./may-have-posted";
import { syncPublishJob } from "./sync-publish-job";

/** Refuses an item whose images would keep it from going out (alt text missing, a network that takes none). */
async function assertImagesReady(ctx: ServiceContext, itemId: string) {
  const { item } = await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId });
  const images = await imagesOfItem(ctx.db, { accountId: ctx.account.id, itemId: item.id });
  const refusal = imagesRefusal(images, item.connectionId ? (providerOfChannel(item.channel) ?? null) : null);
  if (refusal) throw new AppError("not_publishable", refusal);
}

/** Publishes an approved item with an account now (or again, after a failure). */
export async function publishNow(ctx: ServiceContext, input: { itemId: string }) {
  const { db, account, now } = ctx;
  assertCanGrow(account);
  await assertImagesReady(ctx, input.itemId);
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
  await syncPublishJob(db, { item: updated, now, byHand: inThePage(ctx) });
  return { item: serializeItem(updated) };
}
