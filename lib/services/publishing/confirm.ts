import "server-only";
import { eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { assertCanGrow } from "@/lib/limits";
import { providerFor } from "@/lib/networks/registry";
import { getOwnedItem } from "../growth/load";
import { type ItemRecord, serializeItem } from "../growth/serialize";
import { ownedRow } from "../tenant";
import { scheduleMetricPulls } from "./metric-pulls";
import { ownedConnection } from "./owned-connection";
import { syncPublishJob } from "./sync-publish-job";

/**
 * The founder's answer for a post that may have gone out (`unconfirmed`): `posted` (with the
 * post's link) marks it published; `not_posted` puts it back in the queue to be posted now.
 * Both are one conditional update on the caller's item in that state, so of two answers sent
 * at once, one applies and the other is told the item moved on.
 */
export async function confirmPublication(
  ctx: ServiceContext,
  input: { itemId: string; outcome: "posted"; url: string } | { itemId: string; outcome: "not_posted" },
) {
  const { db, account, now } = ctx;
  const unconfirmed = eq(growthItems.publicationStatus, "unconfirmed");
  let updated: ItemRecord | undefined;
  if (input.outcome === "posted") {
    [updated] = await db
      .update(growthItems)
      .set({
        status: "published",
        publicationStatus: "published",
        publishedAt: now,
        postUrl: input.url,
        postId: sql`coalesce(${growthItems.publishedParts}->0->>'id', ${postIdOf(input.url)})`,
        // A post none of whose parts was recorded is the one the founder links (its numbers can be read).
        publishedParts: sql`case when coalesce(jsonb_array_length(${growthItems.publishedParts}), 0) = 0
          then jsonb_build_array(jsonb_build_object('id', ${postIdOf(input.url)}::text, 'url', ${input.url}::text))
          else ${growthItems.publishedParts} end`,
        publicationError: null,
        updatedAt: now,
      })
      .where(ownedRow(growthItems, account.id, input.itemId, unconfirmed))
      .returning();
    // Its numbers are pulled as for a post Launchloop saw go out, where the network shares them.
    const connection = updated?.connectionId
      ? await ownedConnection(db, { accountId: account.id, connectionId: updated.connectionId })
      : null;
    if (updated && connection && providerFor(connection.network).metrics) await scheduleMetricPulls(db, { item: updated, now });
  } else {
    assertCanGrow(account);
    [updated] = await db
      .update(growthItems)
      .set({ scheduledAt: now, publicationStatus: null, publicationError: null, updatedAt: now })
      .where(ownedRow(growthItems, account.id, input.itemId, unconfirmed, eq(growthItems.status, "approved")))
      .returning();
    if (updated) await syncPublishJob(db, { item: updated, now });
  }
  if (!updated) {
    const { item } = await getOwnedItem(db, { accountId: account.id, itemId: input.itemId });
    throw new AppError(
      "not_publishable",
      item.publicationStatus === "unconfirmed"
        ? `This item is ${item.status}: approve it again to post it again, or say it went out (posted, with its link).`
        : `This item is not waiting for a confirmation (it is ${item.publicationStatus ?? item.status}); read it again.`,
    );
  }
  return { item: serializeItem(updated) };
}

/** The post's id on the network from its link (the last path segment: an X status id, a LinkedIn URN). */
const postIdOf = (url: string) => {
  const segments = new URL(url).pathname.split("/").filter(Boolean);
  return segments.at(-1) ?? url;
};
