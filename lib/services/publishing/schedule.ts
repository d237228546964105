import "server-only";
import { eq, sql } from "drizzle-orm";
import { mayPost, type ServiceContext } from "@/lib/core/context";
import { connections, growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { defaultPublishTime } from "@/lib/growth/publish-time";
import { assertCanGrow, entitlementsOf } from "@/lib/limits";
import { providerOfChannel } from "@/lib/networks/registry";
import type { Channel } from "@/lib/schemas/growth";
import type { PublishOptions } from "@/lib/schemas/publishing";
import { getOwnedItem } from "../growth/load";
import { serializeItem } from "../growth/serialize";
import { imagesOfItem } from "../item-images/load";
import { imagesRefusal } from "../item-images/readiness";
import { ownedRow, ownedRows } from "../tenant";
import { parseItemOptions } from "./item-options";
import { mayHavePosted } from "./may-have-posted";
import { ownedConnection } from "./owned-connection";
import { syncPublishJob } from "./sync-publish-job";

/**
 * Applies a review's publishing side: the account (`connectionId`), the time
 * (`scheduledAt`, null unschedules), the network's per-item options (`publishOptions`,
 * checked by its provider), and the defaults an approved item gets (the project's only
 * account on its network; its planned day at the channel's hour in the founder's zone).
 * Every approved item has a time, connected or not: at it a connected account publishes and
 * an item without one reminds the founder to post it by hand (see run-remind).
 */
export async function scheduleItem(
  ctx: ServiceContext,
  input: {
    itemId: string;
    scheduledAt?: string | null;
    connectionId?: string | null;
    publishOptions?: Record<string, unknown>;
  },
) {
  const { db, account, now } = ctx;
  const { item, cycle, project } = await getOwnedItem(db, { accountId: account.id, itemId: input.itemId });
  // After a plan ends, items can be taken off the schedule but not put on it.
  const mayPublish = entitlementsOf(account).canGrow;
  if (input.scheduledAt || input.connectionId) assertCanGrow(account);
  const provider = providerOfChannel(item.channel);
  const network = provider?.network ?? null;
  const changing = input.scheduledAt !== undefined || input.connectionId !== undefined || input.publishOptions !== undefined;
  if (changing && (item.publicationStatus === "published" || item.publicationStatus === "publishing")) {
    throw new AppError("not_publishable", `This item is ${item.publicationStatus}; its time and account can no longer change.`);
  }
  if (changing && item.publicationStatus === "unconfirmed") throw mayHavePosted();
  if (input.publishOptions !== undefined && !provider)
    throw new AppError("invalid_request", `publishOptions: a ${item.channel} item is posted by hand; it takes no options.`);
  const publishOptions =
    input.publishOptions !== undefined && provider
      ? (parseItemOptions(provider, input.publishOptions) as PublishOptions)
      : item.publishOptions;
  let connectionId = input.connectionId === undefined ? item.connectionId : input.connectionId;
  if (input.connectionId) {
    const connection = await ownedConnection(db, { accountId: account.id, connectionId: input.connectionId });
    if (!connection || connection.projectId !== item.projectId)
      throw new AppError("invalid_request", "connectionId: no such connection in this item's project.");
    if (connection.network !== network)
      throw new AppError(
        "invalid_request",
        `connectionId: a ${item.channel} item goes out on a ${item.channel} account, not ${connection.network}.`,
      );
  }
  // The defaults make an approved item go out: a connected app gets them only with launchloop:publish.
  const defaults = mayPost(ctx.principal);
  if (connectionId === null && input.connectionId === undefined && network && item.status === "approved" && defaults) {
    const accounts = await db
      .select({ id: connections.id })
      .from(connections)
      .where(
        ownedRows(
          connections,
          account.id,
          eq(connections.projectId, item.projectId),
          eq(connections.network, network),
          eq(connections.status, "connected"),
        ),
      );
    if (accounts.length === 1) connectionId = accounts[0]!.id;
  }
  let scheduledAt: Date | null =
    input.scheduledAt === undefined ? item.scheduledAt : input.scheduledAt === null ? null : new Date(input.scheduledAt);
  if (input.scheduledAt && item.status !== "approved") {
    throw new AppError("not_publishable", "Only an approved item can be scheduled: approve it first.");
  }
  // A time on an account needs options the network takes (a default time waits for them);
  // without an account the founder posts it by hand when reminded, so no options are needed.
  const optionsHold = () => {
    if (!provider || !connectionId) return true;
    if (input.scheduledAt) {
      parseItemOptions(provider, publishOptions);
      return true;
    }
    try {
      parseItemOptions(provider, publishOptions);
      return true;
    } catch {
      return false;
    }
  };
  // Images need alt text, and a network that takes them: a time asked for is refused with the reason, a default one waits.
  const images = await imagesOfItem(db, { accountId: account.id, itemId: item.id });
  const imagesRefused = imagesRefusal(images, connectionId ? provider : null);
  if (imagesRefused && item.status === "approved" && (input.scheduledAt || (input.connectionId && scheduledAt)))
    throw new AppError("not_publishable", imagesRefused);
  if (item.status !== "approved") scheduledAt = null;
  else if (scheduledAt === null && input.scheduledAt === undefined && mayPublish && defaults && !imagesRefused && optionsHold()) {
    scheduledAt = defaultPublishTime(
      { channel: item.channel as Channel, suggestedDay: item.suggestedDay },
      cycle.weekStart,
      project.timeZone,
      now,
    );
  } else if (scheduledAt && !optionsHold()) scheduledAt = null;
  // A reminder already given (`due`) or a failure starts afresh with a new time or account,
  // decided on the row as it is when written (a reminder may land between the read and the write).
  const restarts = sql`${growthItems.publicationStatus} in ('failed', 'due')`;
  const [updated] = await db
    .update(growthItems)
    .set({
      connectionId,
      scheduledAt,
      publishOptions,
      // A new time after a failure is a fresh start; the failure's reason stays until then.
      ...(changing && {
        publicationStatus: sql`case when ${restarts} then null else ${growthItems.publicationStatus} end`,
        publicationError: sql`case when ${restarts} then null else ${growthItems.publicationError} end`,
      }),
      updatedAt: now,
    })
    .where(
      ownedRow(
        growthItems,
        account.id,
        item.id,
        sql`${growthItems.publicationStatus} is distinct from 'publishing'`,
        sql`${growthItems.publicationStatus} is distinct from 'published'`,
        sql`${growthItems.publicationStatus} is distinct from 'unconfirmed'`,
      ),
    )
    .returning();
  if (!updated) throw new AppError("not_publishable", "The item is being published right now; read it again in a moment.");
  await syncPublishJob(db, { item: updated, now });
  return { item: serializeItem(updated) };
}
