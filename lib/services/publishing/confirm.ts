import "server-only";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { growthCycles, growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { assertCanGrow } from "@/lib/limits";
import { providerFor } from "@/lib/networks/registry";
import { raiseItemPublished } from "../alerts/triggers";
import { getOwnedItem } from "../growth/load";
import { type ItemRecord, serializeItem } from "../growth/serialize";
import { ownedRow } from "../tenant";
import { scheduleMetricPulls } from "./metric-pulls";
import { ownedConnection } from "./owned-connection";
import { syncPublishJob } from "./sync-publish-job";

/**
 * The founder's answer for a post that may have gone out (`unconfirmed`): `posted` (with the
 * post's link) marks it published; `not_posted` puts it back in the queue to be posted now.
 * For a post they were reminded to post by hand (`due`), `posted` is their "I posted it"; so it
 * is for an approved post with no connected account before its time (nothing of Launchloop's
 * sends it), in a week still open.
 * Both are one conditional update on the caller's item in that state, so of two answers sent
 * at once, one applies and the other is told the item moved on.
 */
export async function confirmPublication(
  ctx: ServiceContext,
  input: { itemId: string; outcome: "posted"; url: string } | { itemId: string; outcome: "not_posted" },
) {
  const { db, account, now } = ctx;
  const unconfirmed = eq(growthItems.publicationStatus, "unconfirmed");
  const postedByHandEarly = and(
    eq(growthItems.status, "approved"),
    isNull(growthItems.connectionId),
    or(isNull(growthItems.publicationStatus), eq(growthItems.publicationStatus, "scheduled")),
    sql`${growthItems.cycleId} in (select ${growthCycles.id} from ${growthCycles} where ${growthCycles.accountId} = ${account.id} and ${growthCycles.status} = 'approved')`,
  );
  const answerable = or(inArray(growthItems.publicationStatus, ["unconfirmed", "due"]), postedByHandEarly);
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
      .where(ownedRow(growthItems, account.id, input.itemId, answerable))
      .returning();
    // Its numbers are pulled as for a post Launchloop saw go out, where the network shares them.
    const connection = updated?.connectionId
      ? await ownedConnection(db, { accountId: account.id, connectionId: updated.connectionId })
      : null;
    if (updated && connection && providerFor(connection.network).metrics) await scheduleMetricPulls(db, { item: updated, now });
    if (updated) await raiseItemPublished(db, { item: updated, now });
    // Posted before its time: its reminder is not needed any more.
    if (updated) await syncPublishJob(db, { item: updated, now });
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
        : item.publicationStatus === "due"
          ? "This post is due to be posted by hand: post it, then say it went out (posted, with its link)."
          : item.status === "approved" && item.connectionId
            ? "This post goes out on its connected account: publish it there, or detach the account to say you posted it by hand."
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
