import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { channelRules, countAs } from "@/lib/channels";
import { mayPost, type ServiceContext } from "@/lib/core/context";
import type { Database } from "@/lib/db";
import { accounts, connections, growthItems, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { defaultPublishTime } from "@/lib/growth/publish-time";
import { announceJob } from "@/lib/jobs/engine";
import { GiveUp, RetryLater } from "@/lib/jobs/outcome";
import type { JobContext, JobHandler } from "@/lib/jobs/run";
import { cancelQueuedJob, enqueueJob, type JobRecord } from "@/lib/jobs/store";
import { assertCanGrow, entitlementsOf } from "@/lib/limits";
import { NetworkError } from "@/lib/networks/errors";
import type { ConnectedAccount } from "@/lib/networks/provider";
import { providerFor, providerOfChannel } from "@/lib/networks/registry";
import { openSecrets } from "@/lib/networks/secrets";
import type { Channel } from "@/lib/schemas/growth";
import type { Network, PostMetrics } from "@/lib/schemas/publishing";
import { type ConnectionRecord, markDisconnected, renewConnectionTokens, saveSecrets } from "./connections";
import { getOwnedItem } from "./growth/load";
import { type ItemRecord, serializeItem } from "./growth/serialize";
import { ownedRow, ownedRows } from "./tenant";

const networkOfChannel = (channel: string): Network | null => providerOfChannel(channel)?.network ?? null;

const publishKey = (itemId: string) => `publish:${itemId}`;
/** When the numbers are pulled after publishing. */
export const metricsPulls = [
  { label: "1h", afterMs: 3_600_000 },
  { label: "24h", afterMs: 86_400_000 },
  { label: "7d", afterMs: 7 * 86_400_000 },
] as const;

async function ownedConnection(db: Database, accountId: string, connectionId: string) {
  const [row] = await db
    .select()
    .from(connections)
    .where(ownedRow(connections, accountId, connectionId));
  return row ?? null;
}

/** Records (or moves, or cancels) the item's publish job to match what the item now says. */
export async function syncPublishJob(db: Database, { item, now }: { item: ItemRecord; now: Date }) {
  const due =
    item.status === "approved" &&
    item.connectionId &&
    item.scheduledAt &&
    item.publicationStatus !== "published" &&
    item.publicationStatus !== "publishing" &&
    item.publicationStatus !== "unconfirmed";
  if (!due) return cancelQueuedJob(db, publishKey(item.id), now);
  const job = await enqueueJob(db, {
    accountId: item.accountId,
    projectId: item.projectId,
    kind: "publish",
    subjectId: item.id,
    dedupeKey: publishKey(item.id),
    runAt: item.scheduledAt!,
    maxAttempts: 5,
  });
  await announceJob(job);
}

/**
 * Applies a review's publishing side: the account (`connectionId`), the time
 * (`scheduledAt`, null unschedules), and the defaults an approved item gets (the project's
 * only account on its network; its planned day at the channel's hour in the founder's zone).
 */
export async function scheduleItem(
  ctx: ServiceContext,
  input: { itemId: string; scheduledAt?: string | null; connectionId?: string | null },
) {
  const { db, account, now } = ctx;
  const { item, cycle, project } = await getOwnedItem(db, { accountId: account.id, itemId: input.itemId });
  // After a plan ends, items can be taken off the schedule but not put on it.
  const mayPublish = entitlementsOf(account).canGrow;
  if (input.scheduledAt || input.connectionId) assertCanGrow(account);
  const network = networkOfChannel(item.channel);
  const changing = input.scheduledAt !== undefined || input.connectionId !== undefined;
  if (changing && (item.publicationStatus === "published" || item.publicationStatus === "publishing")) {
    throw new AppError("not_publishable", `This item is ${item.publicationStatus}; its time and account can no longer change.`);
  }
  if (changing && item.publicationStatus === "unconfirmed") throw mayHavePosted();
  let connectionId = input.connectionId === undefined ? item.connectionId : input.connectionId;
  if (input.connectionId) {
    const connection = await ownedConnection(db, account.id, input.connectionId);
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
  if (input.scheduledAt && (item.status !== "approved" || !connectionId)) {
    throw new AppError(
      "not_publishable",
      "Only an approved item with a connected account can be scheduled: approve it and pick the account first.",
    );
  }
  if (item.status !== "approved") scheduledAt = null;
  else if (scheduledAt === null && input.scheduledAt === undefined && connectionId && mayPublish && defaults) {
    scheduledAt = defaultPublishTime(
      { channel: item.channel as Channel, suggestedDay: item.suggestedDay },
      cycle.weekStart,
      project.timeZone,
      now,
    );
  }
  const [updated] = await db
    .update(growthItems)
    .set({
      connectionId,
      scheduledAt,
      // A new time after a failure is a fresh start; the failure's reason stays until then.
      ...(changing && item.publicationStatus === "failed" && { publicationStatus: null, publicationError: null }),
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

const mayHavePosted = () =>
  new AppError(
    "not_publishable",
    "This post may already have gone out (its answer was lost): check the account, then confirm it (confirmPublication: posted with its link, or not posted to post it again).",
  );

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

async function loadForJob(db: Database, job: JobRecord) {
  const [found] = await db
    .select({
      item: growthItems,
      connection: connections,
      language: projects.language,
      account: { plan: accounts.plan, activated: accounts.activated },
    })
    .from(growthItems)
    .innerJoin(projects, and(eq(projects.id, growthItems.projectId), eq(projects.accountId, job.accountId)))
    .innerJoin(accounts, eq(accounts.id, job.accountId))
    .leftJoin(connections, and(eq(connections.id, growthItems.connectionId), eq(connections.accountId, job.accountId)))
    .where(and(eq(growthItems.id, job.subjectId), eq(growthItems.accountId, job.accountId)));
  return found ?? null;
}

const accountOf = (db: Database, connection: ConnectionRecord, now: Date): ConnectedAccount => ({
  serviceUrl: connection.serviceUrl,
  handle: connection.handle,
  externalAccountId: connection.externalAccountId,
  secrets: openSecrets(connection.sealedSecrets),
  renewTokens: (stale) => renewConnectionTokens({ db, connection, stale, now }),
});

/** A network's classified failure as the job's next step; an auth refusal disconnects the account first. */
async function asJobOutcome(error: unknown, db: Database, connection: ConnectionRecord, now: Date): Promise<Error> {
  if (!(error instanceof NetworkError)) return error instanceof Error ? error : new Error(String(error));
  switch (error.kind) {
    case "auth":
      await markDisconnected(db, { connection, reason: error.message, now });
      return new GiveUp(`${error.message} (the account was disconnected: reconnect it in project settings)`);
    case "rate_limit":
      return new RetryLater(error.message, error.retryAfterMs);
    case "transient":
      return new RetryLater(error.message);
    case "permanent":
      return new GiveUp(error.message);
    case "unconfirmed":
      return new GiveUp(`${error.message}: check the account and confirm whether it went out`);
  }
}

/**
 * Posts a due item exactly once: the keys (a TID per part for Bluesky, an Idempotency-Key
 * for Mastodon) and `publishing` are written before the first call; each posted part is
 * recorded as it lands; a retry (any attempt after the first, including one after a crash)
 * looks up what the network already has before posting.
 */
async function runPublish(job: JobRecord, { db, now, signal }: JobContext) {
  const found = await loadForJob(db, job);
  if (!found) return; // the item was deleted
  const { item, connection, account } = found;
  if (item.publicationStatus === "published") return;
  if (item.status !== "approved" || !item.scheduledAt || item.scheduledAt.getTime() > now.getTime() + 1000) return; // unscheduled or moved: a newer job (if any) runs it
  // A plan that ended stops what it had scheduled; a post already going out is finished, not left half a thread.
  if (!entitlementsOf(account).canGrow && item.publicationStatus !== "publishing")
    throw new GiveUp("Your plan no longer includes publishing: upgrade, then schedule it again.");
  if (!connection) throw new GiveUp("The item has no connected account any more.");
  if (connection.status !== "connected")
    throw new GiveUp(`The ${connection.network} account is disconnected: reconnect it in project settings.`);
  const module = providerFor(connection.network);
  const rule = channelRules[item.channel as Channel];
  const parts = item.draft?.parts?.length ? item.draft.parts : item.draft?.body ? [item.draft.body] : [];
  if (parts.length === 0) throw new GiveUp("The item has no draft to publish.");
  const tooLong = parts.findIndex((part) => countAs(rule.unit, part) > rule.bodyLimit);
  if (tooLong >= 0)
    throw new GiveUp(`Part ${tooLong + 1} is longer than ${rule.label}'s ${rule.bodyLimit} ${rule.unit}: shorten the draft.`);

  const stored = item.publicationKeys ?? [];
  const keys =
    stored.length >= parts.length ? stored : [...stored, ...parts.slice(stored.length).map(() => module.newPublicationKey())];
  const [claimed] = await db
    .update(growthItems)
    .set({ publicationKeys: keys, publicationStatus: "publishing", publicationError: null, updatedAt: now })
    .where(
      and(
        eq(growthItems.id, item.id),
        eq(growthItems.accountId, job.accountId),
        eq(growthItems.status, "approved"),
        // The draft read above is the one that goes out: an edit saved meanwhile makes this claim miss.
        sql`${growthItems.draft} = ${JSON.stringify(item.draft)}::jsonb`,
        sql`${growthItems.publicationStatus} is distinct from 'published'`,
      ),
    )
    .returning();
  if (!claimed) throw new RetryLater("The draft changed while it was being claimed; publishing what it holds now.", 1000);

  const saveParts = async (posted: NonNullable<ItemRecord["publishedParts"]>) => {
    await db
      .update(growthItems)
      .set({ publishedParts: posted })
      .where(and(eq(growthItems.id, item.id), eq(growthItems.accountId, job.accountId)));
  };
  let result: { parts: NonNullable<ItemRecord["publishedParts"]> };
  try {
    signal.throwIfAborted();
    result = await module.publish(accountOf(db, connection, now), {
      signal,
      parts,
      keys,
      posted: claimed.publishedParts ?? [],
      reconcile: job.attempts > 1 || stored.length > 0,
      options: {},
      language: found.language,
      now,
      onPart: saveParts,
      onSecrets: (secrets) => saveSecrets(db, { connection, secrets, now }),
    });
  } catch (error) {
    if (error instanceof NetworkError && error.kind === "unconfirmed") await markUnconfirmed(db, job, error.message, now);
    throw await asJobOutcome(error, db, connection, now);
  }
  const first = result.parts[0]!;
  const [published] = await db
    .update(growthItems)
    .set({
      status: "published",
      publicationStatus: "published",
      publishedAt: now,
      postUrl: first.url,
      postId: first.id,
      publicationError: null,
      updatedAt: now,
    })
    .where(and(eq(growthItems.id, item.id), eq(growthItems.accountId, job.accountId)))
    .returning();
  if (module.metrics) await scheduleMetricPulls(db, item, now);
  return published;
}

/** Records the item's metric pulls (about 1 h, 24 h and 7 d after it went out). */
async function scheduleMetricPulls(db: Database, item: Pick<ItemRecord, "id" | "accountId" | "projectId">, now: Date) {
  for (const pull of metricsPulls) {
    const metricsJob = await enqueueJob(db, {
      accountId: item.accountId,
      projectId: item.projectId,
      kind: "metrics",
      subjectId: item.id,
      dedupeKey: `metrics:${item.id}:${pull.label}`,
      runAt: new Date(now.getTime() + pull.afterMs),
      maxAttempts: 3,
      payload: { pull: pull.label },
    });
    await announceJob(metricsJob);
  }
}

/**
 * A post whose answer was lost on a network that takes no idempotency key: never retried
 * automatically; the item says it may have gone out until the founder confirms either way.
 */
async function markUnconfirmed(db: Database, job: JobRecord, reason: string, now: Date) {
  await db
    .update(growthItems)
    .set({ publicationStatus: "unconfirmed", publicationError: reason.slice(0, 500), updatedAt: now })
    .where(
      and(
        eq(growthItems.id, job.subjectId),
        eq(growthItems.accountId, job.accountId),
        eq(growthItems.publicationStatus, "publishing"),
      ),
    );
}

/** A publication that will not be retried: failed with the network's reason; the item stays approved so the founder can retry. */
async function failPublication(job: JobRecord, reason: string, { db, now }: Pick<JobContext, "db" | "now">) {
  await db
    .update(growthItems)
    .set({ publicationStatus: "failed", publicationError: reason.slice(0, 500), updatedAt: now })
    .where(
      and(
        eq(growthItems.id, job.subjectId),
        eq(growthItems.accountId, job.accountId),
        sql`${growthItems.publicationStatus} is distinct from 'published'`,
        // A post that may have gone out keeps saying so until the founder confirms.
        sql`${growthItems.publicationStatus} is distinct from 'unconfirmed'`,
      ),
    );
}

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
    const connection = updated?.connectionId ? await ownedConnection(db, account.id, updated.connectionId) : null;
    if (updated && connection && providerFor(connection.network).metrics) await scheduleMetricPulls(db, updated, now);
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

/** Reads the network's numbers for a published item and keeps them on it. */
async function pullMetrics(db: Database, item: ItemRecord, connection: ConnectionRecord | null, now: Date): Promise<ItemRecord> {
  if (item.publicationStatus !== "published" || !item.publishedParts?.length)
    throw new GiveUp("The item is not published on a connected account.");
  if (!connection) throw new GiveUp("The item's account is no longer connected.");
  const module = providerFor(connection.network);
  if (!module.metrics)
    throw new GiveUp(
      `${channelRules[item.channel as Channel]?.label ?? connection.network} does not give apps the numbers of members' posts.`,
    );
  let metrics: PostMetrics;
  try {
    metrics = await module.metrics(accountOf(db, connection, now), item.publishedParts[0]!, {
      now,
      onSecrets: (secrets) => saveSecrets(db, { connection, secrets, now }),
    });
  } catch (error) {
    throw await asJobOutcome(error, db, connection, now);
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
  const connection = item.connectionId ? await ownedConnection(ctx.db, ctx.account.id, item.connectionId) : null;
  try {
    return { item: serializeItem(await pullMetrics(ctx.db, item, connection, ctx.now)) };
  } catch (error) {
    if (error instanceof RetryLater)
      throw new AppError("provider_unavailable", `The network did not answer: ${error.message}. Try again in a moment.`);
    if (error instanceof GiveUp) throw new AppError("not_publishable", error.message);
    throw error;
  }
}

export const publishJobHandler: JobHandler = {
  run: async (job, ctx) => {
    await runPublish(job, ctx);
  },
  giveUp: failPublication,
};

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
