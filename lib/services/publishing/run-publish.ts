import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { channelRules, countAs } from "@/lib/channels";
import type { Database } from "@/lib/db";
import { growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { GiveUp, RetryLater } from "@/lib/jobs/outcome";
import type { JobContext, JobHandler } from "@/lib/jobs/run";
import type { JobRecord } from "@/lib/jobs/store";
import { entitlementsOf } from "@/lib/limits";
import { NetworkError } from "@/lib/networks/errors";
import { providerFor } from "@/lib/networks/registry";
import type { ConnectionSecrets } from "@/lib/networks/secrets";
import type { Channel } from "@/lib/schemas/growth";
import { raiseItemPublished, raisePostFailed } from "../alerts/triggers";
import { saveSecrets } from "../connections/save-secrets";
import type { ItemRecord } from "../growth/serialize";
import { imagesOfItem } from "../item-images/load";
import { imagesRefusal } from "../item-images/readiness";
import { connectedAccount } from "./connected-account";
import { parseItemOptions } from "./item-options";
import { asJobOutcome } from "./job-outcome";
import { loadForJob } from "./load-for-job";
import { scheduleMetricPulls } from "./metric-pulls";
import { partsOf } from "./reminder-email";
import { remindItem } from "./run-remind";
import { uploadItemImages } from "./upload-images";

/**
 * Posts a due item exactly once: the keys (chosen by the provider: a TID per part for
 * Bluesky, an Idempotency-Key for Mastodon) and `publishing` are written before the first
 * call; each posted part is recorded as it lands; a retry (any attempt after the first,
 * including one after a crash) looks up what the network already has before posting.
 */
async function runPublish(job: JobRecord, { db, now, signal }: JobContext) {
  const found = await loadForJob(db, job);
  if (!found) return; // the item was deleted
  const { item, connection, project, account } = found;
  if (item.publicationStatus === "published") return;
  if (item.status !== "approved" || !item.scheduledAt || item.scheduledAt.getTime() > now.getTime() + 1000) return; // unscheduled or moved: a newer job (if any) runs it
  // A plan that ended stops what it had scheduled; a post already going out is finished, not left half a thread.
  if (!entitlementsOf(account).canGrow && item.publicationStatus !== "publishing")
    throw new GiveUp("Your plan no longer includes publishing: upgrade, then schedule it again.");
  if (item.publicationStatus === "due") return; // reminded already: the founder posts it by hand
  // An account removed or disconnected since: the founder is reminded to post it by hand instead.
  if (connection?.status !== "connected") {
    if (await remindItem(db, { item, project, owner: account, now })) return;
    if (!connection) throw new GiveUp("The item has no connected account any more.");
    throw new GiveUp(`The ${connection.network} account is disconnected: reconnect it in project settings.`);
  }
  const provider = providerFor(connection.network);
  const rule = channelRules[item.channel as Channel];
  const parts = partsOf(item);
  if (parts.length === 0) throw new GiveUp("The item has no draft to publish.");
  const tooLong = parts.findIndex((part) => countAs(rule.unit, part) > rule.bodyLimit);
  if (tooLong >= 0)
    throw new GiveUp(`Part ${tooLong + 1} is longer than ${rule.label}'s ${rule.bodyLimit} ${rule.unit}: shorten the draft.`);
  const images = await imagesOfItem(db, { accountId: job.accountId, itemId: item.id });
  const refusal = imagesRefusal(images, provider);
  if (refusal) throw new GiveUp(refusal);
  let options: Record<string, unknown>;
  try {
    options = parseItemOptions(provider, item.publishOptions);
  } catch (error) {
    throw error instanceof AppError ? new GiveUp(error.message) : error;
  }

  const stored = item.publicationKeys ?? [];
  const keys =
    stored.length >= parts.length ? stored : [...stored, ...parts.slice(stored.length).map(() => provider.newPublicationKey())];
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
  const onSecrets = (secrets: ConnectionSecrets) => saveSecrets(db, { connection, secrets, now });
  try {
    signal.throwIfAborted();
    const account = connectedAccount(db, { connection, now });
    const posted = claimed.publishedParts ?? [];
    // Images go on the first part: once it is out, they are too.
    const media =
      posted.length === 0
        ? await uploadItemImages(db, { provider, account, connectionId: connection.id, images, now, signal, onSecrets })
        : [];
    result = await provider.publish(account, {
      signal,
      parts,
      keys,
      posted,
      media,
      reconcile: job.attempts > 1 || stored.length > 0,
      options,
      title: item.draft?.title ?? item.title,
      language: found.language,
      now,
      onPart: saveParts,
      onSecrets,
    });
  } catch (error) {
    if (error instanceof NetworkError && error.kind === "unconfirmed") await markUnconfirmed(db, job, error.message, now);
    throw await asJobOutcome(error, db, connection, now, job.payload.byHand === true);
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
  if (published) await raiseItemPublished(db, { item: published, now });
  if (provider.metrics) await scheduleMetricPulls(db, { item, now });
  return published;
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
  const [failed] = await db
    .update(growthItems)
    .set({ publicationStatus: "failed", publicationError: reason.slice(0, 500), updatedAt: now })
    .where(
      and(
        eq(growthItems.id, job.subjectId),
        eq(growthItems.accountId, job.accountId),
        sql`${growthItems.publicationStatus} is distinct from 'published'`,
        // A post that may have gone out keeps saying so until the founder confirms.
        sql`${growthItems.publicationStatus} is distinct from 'unconfirmed'`,
        // A post the founder was reminded to post by hand waits for "I posted it".
        sql`${growthItems.publicationStatus} is distinct from 'due'`,
      ),
    )
    .returning();
  if (failed) await raisePostFailed(db, { item: failed, reason, now, alert: job.payload.byHand !== true });
}

export const publishJobHandler: JobHandler = {
  run: async (job, ctx) => {
    await runPublish(job, ctx);
  },
  giveUp: failPublication,
};
