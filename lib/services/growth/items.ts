import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { fittedDraft, growthWriter } from "@/lib/agents/growth-writer";
import { writerInput as writerInputOf } from "@/lib/agents/inputs";
import { runTask } from "@/lib/agents/run";
import { ModelFailure } from "@/lib/ai/generate";
import { channelRules } from "@/lib/channels";
import type { ServiceContext } from "@/lib/core/context";
import { growthCycles, growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { canGenerate, generatableStatuses, reviewTransition } from "@/lib/growth/item-transitions";
import { type RequestJobHandle, runInRequest } from "@/lib/jobs/request";
import { assertCanGrow } from "@/lib/limits";
import type { Channel, ItemDraft, ItemUsage, itemGenerateRequest, itemReviewRequest } from "@/lib/schemas/growth";
import { resolveAlerts } from "../alerts/resolve-alerts";
import { alertingFailure } from "../alerts/triggers";
import { linkDraft } from "../links/link-draft";
import { buildPlaybook } from "../playbook";
import { scheduleItem } from "../publishing";
import { ownedRow } from "../tenant";
import { emitWebhookEvent } from "../webhooks";
import { getOwnedItem } from "./load";
import { type ItemRecord, serializeItem } from "./serialize";

export const notApproved = (status: string, doing: string) =>
  new AppError("cycle_state", `${doing} while their cycle is approved; this one is ${status}.`);

/** The item's cycle is (still) approved: a subquery, so the check and the write are one statement. */
export const cycleIsApproved = (accountId: string) =>
  sql`${growthItems.cycleId} in (select ${growthCycles.id} from ${growthCycles} where ${growthCycles.accountId} = ${accountId} and ${growthCycles.status} = 'approved')`;

/** Why a conditional write on an item found nothing to change: its cycle or its status moved meanwhile. */
export async function refusal(
  ctx: ServiceContext,
  { itemId, refuse, doing }: { itemId: string; refuse: (item: ItemRecord) => AppError | null; doing: string },
) {
  const { item, cycle } = await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId });
  if (cycle.status !== "approved") return notApproved(cycle.status, doing);
  return refuse(item);
}

/** Writes (or rewrites, with optional feedback) the item's channel-ready draft, keeping earlier drafts. */
export async function generateItem(ctx: ServiceContext, input: { itemId: string } & z.infer<typeof itemGenerateRequest>) {
  const { account } = ctx;
  const { item, cycle, project } = await getOwnedItem(ctx.db, { accountId: account.id, itemId: input.itemId });
  assertCanGrow(account);
  if (cycle.status !== "approved") throw notApproved(cycle.status, "Drafts are written");
  const notGeneratable = (current: ItemRecord) =>
    canGenerate(current.status)
      ? null
      : new AppError("invalid_transition", `Only a planned item or a draft can be (re)generated; this one is ${current.status}.`);
  const refused = notGeneratable(item);
  if (refused) throw refused;
  return runInRequest({
    db: ctx.db,
    accountId: account.id,
    onProgress: ctx.progress,
    onAccepted: (id) => ctx.accepted?.({ kind: "job", id }),
    kind: "draft",
    projectId: item.projectId,
    subjectId: item.id,
    saved: () => ({ itemId: item.id }),
    reread: async () => ({ item: serializeItem((await getOwnedItem(ctx.db, { accountId: account.id, itemId: item.id })).item) }),
    busy: () => new AppError("agent_running", "A draft of this item is still being written; it will show on the item when done."),
    work: alertingFailure(ctx, {
      projectId: item.projectId,
      label: `Writing the draft of "${item.title}"`,
      work: (job) => writeDraft(ctx, { item, cycle, project, feedback: input.feedback ?? null, job, notGeneratable }),
    }),
  });
}

type Owned = Awaited<ReturnType<typeof getOwnedItem>>;

async function writeDraft(
  ctx: ServiceContext,
  input: Owned & {
    feedback: string | null;
    job: RequestJobHandle;
    notGeneratable: (item: ItemRecord) => AppError | null;
  },
) {
  const { account } = ctx;
  const { item, cycle, project, job, notGeneratable } = input;
  const channel = item.channel as Channel;
  const writerInput = writerInputOf(project, await buildPlaybook(ctx.db, project), cycle.weekNumber, item, input.feedback);
  await job.progress(0, 1, `Writing the ${channelRules[channel].label} draft`);
  const result = await runTask(growthWriter, writerInput).catch((error: unknown) => {
    throw error instanceof ModelFailure ? new AppError("provider_unavailable", error.message) : error;
  });
  const spentNow = { inputTokens: result.usage.inputTokens ?? 0, outputTokens: result.usage.outputTokens ?? 0 };
  const written: ItemDraft = {
    ...fittedDraft(result.output, writerInput),
    feedback: writerInput.feedback,
    model: result.usage.model,
    usage: spentNow,
    generatedAt: ctx.now.toISOString(),
  };
  const draft = await linkDraft(ctx.db, { project, item, weekNumber: cycle.weekNumber, draft: written });
  // Added to what the row holds when the draft lands: two generations at once both count.
  const spentSoFar = (field: "inputTokens" | "outputTokens" | "calls") =>
    sql`coalesce((${growthItems.usage}->>${field})::int, 0)`;
  const usage = sql<ItemUsage>`jsonb_build_object(
    'inputTokens', ${spentSoFar("inputTokens")} + ${spentNow.inputTokens}::int,
    'outputTokens', ${spentSoFar("outputTokens")} + ${spentNow.outputTokens}::int,
    'model', ${result.usage.model}::text,
    'calls', ${spentSoFar("calls")} + 1)`;
  // The draft lands only if the item may still take one; the current draft joins the history in SQL, so none is lost.
  const [updated] = await ctx.db
    .update(growthItems)
    .set({
      draft,
      usage,
      draftHistory: sql`case when ${growthItems.draft} is null then ${growthItems.draftHistory} else ${growthItems.draftHistory} || jsonb_build_array(${growthItems.draft}) end`,
      status: "draft",
      updatedAt: ctx.now,
    })
    .where(
      ownedRow(growthItems, account.id, item.id, inArray(growthItems.status, generatableStatuses), cycleIsApproved(account.id)),
    )
    .returning();
  if (!updated)
    throw (
      (await refusal(ctx, { itemId: item.id, refuse: notGeneratable, doing: "Drafts are written" })) ??
      new AppError("invalid_transition")
    );
  await job.progress(1, 1, "Draft ready");
  return { item: serializeItem(updated) };
}

/**
 * Moves an item along its review states (see lib/growth/item-transitions). The write is
 * conditional on the status the move was checked against: of two concurrent moves from
 * one status, the second sees the first's result (so `published` stays final).
 */
export async function reviewItem(ctx: ServiceContext, input: { itemId: string } & z.infer<typeof itemReviewRequest>) {
  const { scheduledAt, connectionId, publishOptions, ...review } = input;
  const moved =
    review.status !== undefined || review.resultNote !== undefined
      ? await moveItem(ctx, { ...review, itemId: input.itemId })
      : null;
  // An approval gets its default time and account; a move away from approved unschedules.
  if (scheduledAt !== undefined || connectionId !== undefined || publishOptions !== undefined || review.status !== undefined) {
    return scheduleItem(ctx, { itemId: input.itemId, scheduledAt, connectionId, publishOptions });
  }
  return moved!;
}

const beingPublished = () =>
  new AppError(
    "not_publishable",
    "This item is being published right now (or waiting to retry); it stays approved until that ends. Read it again in a moment.",
  );

async function moveItem(ctx: ServiceContext, input: { itemId: string; status?: ItemRecord["status"]; resultNote?: string }) {
  const { account } = ctx;
  let { item, cycle } = await getOwnedItem(ctx.db, { accountId: account.id, itemId: input.itemId });
  for (let attempt = 0; ; attempt++) {
    if (cycle.status !== "approved") throw notApproved(cycle.status, "Items are reviewed");
    const status = input.status ?? item.status;
    const move = reviewTransition(item.status, status);
    if (move === "refused") {
      const hint = status === "draft" && item.status === "planned" ? " Generate a draft for it instead." : "";
      throw new AppError("invalid_transition", `An item cannot go from ${item.status} to ${status}.${hint}`);
    }
    if (move === "same" && input.resultNote === undefined) return { item: serializeItem(item) };
    // A post going out (or waiting to retry) finishes or fails first: its job settles it, never a move.
    const leavesApproved = item.status === "approved" && status !== "approved";
    if (leavesApproved && item.publicationStatus === "publishing") throw beingPublished();
    const [updated] = await ctx.db
      .update(growthItems)
      .set({ status, ...(input.resultNote !== undefined && { resultNote: input.resultNote }), updatedAt: ctx.now })
      .where(
        ownedRow(
          growthItems,
          account.id,
          item.id,
          eq(growthItems.status, item.status),
          cycleIsApproved(account.id),
          ...(leavesApproved ? [sql`${growthItems.publicationStatus} is distinct from 'publishing'`] : []),
        ),
      )
      .returning();
    if (updated && status === "approved" && item.status !== "approved")
      await emitWebhookEvent(ctx.db, { type: "item.approved", of: updated, data: serializeItem(updated), now: ctx.now });
    // Marked published by hand (posted outside Launchloop after a failure, say): its failure notice goes.
    if (updated && status === "published" && item.status !== "published")
      await resolveAlerts(ctx.db, { accountId: account.id, kind: "post_failed", subjectIds: [item.id], now: ctx.now });
    if (updated) return { item: serializeItem(updated) };
    // Something moved the item (or closed its cycle) since it was read: decide again on what it is now.
    if (attempt >= 3)
      throw new AppError("invalid_transition", "The item changed while this move was made. Read it and try again.");
    ({ item, cycle } = await getOwnedItem(ctx.db, { accountId: account.id, itemId: input.itemId }));
  }
}
