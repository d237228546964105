import "server-only";
import { inArray, isNotNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { channelRules, countAs, trailingHashtags } from "@/lib/channels";
import { mayPost, type ServiceContext } from "@/lib/core/context";
import { growthItems } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { canEdit, editableStatuses } from "@/lib/growth/item-transitions";
import type { Channel, ItemDraft, itemDraftEditRequest } from "@/lib/schemas/growth";
import { linkDraft } from "../links/link-draft";
import { syncPublishJob } from "../publishing";
import { ownedRow } from "../tenant";
import { cycleIsApproved, notApproved, refusal } from "./items";
import { getOwnedItem } from "./load";
import { type ItemRecord, serializeItem } from "./serialize";

const unitNames = {
  weighted: "characters as X counts them",
  graphemes: "characters",
  "graphemes-links-23": "characters (a link counts 23)",
  characters: "characters",
} as const;

/** Why this item's draft cannot be edited now, or null when it can. */
function notEditable(item: ItemRecord): AppError | null {
  if (item.status === "published") return new AppError("invalid_transition", "A published item cannot be edited: it is out.");
  if (!canEdit(item.status) || !item.draft)
    return new AppError(
      "invalid_transition",
      `Only an item with a draft can be edited; this one is ${item.status}. Write its draft first.`,
    );
  if (item.publicationStatus === "publishing" || (item.publishedParts?.length ?? 0) > 0)
    return new AppError("invalid_transition", "It is going out right now (or part of it is out): its draft cannot change.");
  return null;
}

/** Not going out and no part of it out yet: a thread is never posted half old, half new. */
const notGoingOut = sql`${growthItems.publicationStatus} is distinct from 'publishing' and coalesce(jsonb_array_length(${growthItems.publishedParts}), 0) = 0`;

/** The edit as the channel counts it: each post within the limit, threads only where the channel has them. */
function measured(channel: Channel, edit: z.infer<typeof itemDraftEditRequest>) {
  const rule = channelRules[channel];
  const parts = (edit.parts ?? [edit.body!]).map((part) => part.trim());
  const issues: { path: string; message: string }[] = [];
  if (parts.length > 1 && !rule.threads)
    issues.push({ path: "parts", message: `${rule.label} has no threads: send the post as one body.` });
  const lengths = parts.map((part) => countAs(rule.unit, part));
  lengths.forEach((length, index) => {
    if (length <= rule.bodyLimit) return;
    const which = parts.length > 1 ? `Post ${index + 1}` : "The post";
    issues.push({
      path: edit.parts ? `parts.${index}` : "body",
      message: `${which} is ${length} of ${rule.bodyLimit} ${unitNames[rule.unit]} on ${rule.label}: shorten it${rule.threads ? " or split it into more posts" : ""}.`,
    });
  });
  const title = edit.title?.trim();
  if (title && rule.titleLimit && title.length > rule.titleLimit)
    issues.push({ path: "title", message: `The title is ${title.length} of ${rule.titleLimit} characters on ${rule.label}.` });
  if (issues.length) throw new AppError("invalid_request", issues[0]!.message, { details: { issues } });
  return { rule, parts, lengths, title: edit.title === undefined ? undefined : title || null };
}

/**
 * Saves the founder's own text as the item's draft. The status stays (an approved item stays
 * approved and keeps its schedule), the channel's limits are checked again, and the replaced
 * draft joins the item's history in SQL, as a regenerated one does; an unchanged text writes nothing.
 */
export async function editItemDraft(ctx: ServiceContext, input: { itemId: string } & z.infer<typeof itemDraftEditRequest>) {
  const { account } = ctx;
  const { item, cycle, project } = await getOwnedItem(ctx.db, { accountId: account.id, itemId: input.itemId });
  if (cycle.status !== "approved") throw notApproved(cycle.status, "Drafts are edited");
  const refused = notEditable(item);
  if (refused) throw refused;
  const { rule, parts: typed, lengths, title } = measured(item.channel as Channel, input);
  const current = item.draft!;
  // A link to the founder's site typed into the text becomes the item's tracked link, as in a written draft,
  // and a page of the site typed there becomes where that link leads.
  const linked = await linkDraft(ctx.db, {
    project,
    item,
    weekNumber: cycle.weekNumber,
    draft: { ...current, parts: typed, body: typed.join("\n\n"), length: Math.max(...lengths) },
    founderText: true,
  });
  const { parts, body } = linked;
  if (current.body === body && (title === undefined || title === current.title)) return { item: serializeItem(item) };

  const patch: Partial<ItemDraft> = {
    body,
    parts,
    hashtags: trailingHashtags(parts.at(-1)!),
    length: linked.length,
    limit: rule.bodyLimit,
    unit: rule.unit,
    editedAt: ctx.now.toISOString(),
    ...(title !== undefined && { title }),
  };
  // A connected app without launchloop:publish may change a scheduled post's text, but then it
  // is taken off the schedule, in the same statement: what goes out is what the founder (or an
  // app allowed to post) scheduled.
  const unschedule = !mayPost(ctx.principal);
  const [updated] = await ctx.db
    .update(growthItems)
    .set({
      draft: sql`${growthItems.draft} || ${JSON.stringify(patch)}::jsonb`,
      draftHistory: sql`${growthItems.draftHistory} || jsonb_build_array(${growthItems.draft})`,
      updatedAt: ctx.now,
      ...(unschedule && { scheduledAt: null }),
    })
    .where(
      ownedRow(
        growthItems,
        account.id,
        item.id,
        inArray(growthItems.status, editableStatuses),
        isNotNull(growthItems.draft),
        notGoingOut,
        cycleIsApproved(account.id),
      ),
    )
    .returning();
  if (!updated)
    throw (
      (await refusal(ctx, { itemId: item.id, refuse: notEditable, doing: "Drafts are edited" })) ??
      new AppError("invalid_transition")
    );
  if (unschedule && item.scheduledAt) await syncPublishJob(ctx.db, { item: updated, now: ctx.now });
  return { item: serializeItem(updated) };
}

/** An item's earlier drafts, oldest first: what its history shows (the board does not carry them). */
export async function listItemDrafts(ctx: ServiceContext, input: { itemId: string }) {
  const { item } = await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId: input.itemId });
  return { versions: item.draftHistory };
}
