import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { channelRules, countAs } from "@/lib/channels";
import type { ServiceContext } from "@/lib/core/context";
import { growthItems, trackedLinks } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { forgetRedirectTarget } from "@/lib/links/lookup";
import { sameAddress, withoutTrackedLink, withTrackedLink } from "@/lib/links/post-text";
import { utmSlug } from "@/lib/links/utm";
import type { Channel, ItemDraft } from "@/lib/schemas/growth";
import { getOwnedProject } from "../project-records";
import { ownedRow, ownedRows } from "../tenant";
import { insertLink } from "./insert-link";
import { linkCounts } from "./link-counts";
import { type LinkRecord, serializeLink, shortUrlOf } from "./serialize";

async function withCounts(ctx: ServiceContext, links: LinkRecord[]) {
  const counts = await linkCounts(ctx.db, { accountId: ctx.account.id, linkIds: links.map((link) => link.id) });
  return links.map((link) => serializeLink(link, counts.get(link.id)!));
}

/** The project's tracked links, newest first, with their clicks and conversions. */
export async function listLinks(ctx: ServiceContext, input: { projectId: string }) {
  await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  const links = await ctx.db
    .select()
    .from(trackedLinks)
    .where(ownedRows(trackedLinks, ctx.account.id, eq(trackedLinks.projectId, input.projectId)))
    .orderBy(desc(trackedLinks.createdAt), desc(trackedLinks.id));
  return { links: await withCounts(ctx, links) };
}

/** A tracked link to any address, for a post Launchloop did not write (a bio, a forum reply). */
export async function createLink(
  ctx: ServiceContext,
  input: { projectId: string; destination: string; campaign?: string; source?: string },
) {
  const project = await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  const link = await insertLink(ctx.db, {
    accountId: ctx.account.id,
    projectId: project.id,
    destination: input.destination,
    utm: {
      source: input.source ?? "launchloop",
      medium: "referral",
      campaign: input.campaign ?? utmSlug(project.name, "launch"),
      content: "link",
    },
  });
  return { link: serializeLink(link, { clicks: 0, conversions: 0 }) };
}

/**
 * Changes where a link sends readers, or turns it off. Off, the item's draft carries the
 * destination itself again (what is published from then on is untracked); the short link
 * keeps redirecting, so posts already out never break.
 */
export async function updateLink(ctx: ServiceContext, input: { linkId: string; destination?: string; enabled?: boolean }) {
  const [link] = await ctx.db
    .update(trackedLinks)
    .set({
      ...(input.destination !== undefined && { destination: input.destination }),
      ...(input.enabled !== undefined && { enabled: input.enabled }),
      updatedAt: ctx.now,
    })
    .where(ownedRow(trackedLinks, ctx.account.id, input.linkId))
    .returning();
  if (!link) throw new AppError("not_found", "Link not found.");
  forgetRedirectTarget(link.code);
  if (input.enabled !== undefined && link.growthItemId) await retextDraft(ctx, link);
  const [counted] = await withCounts(ctx, [link]);
  return { link: counted! };
}

/**
 * The item's draft as the link now says: off, the short link gives way to the destination;
 * on again, the destination's first mention becomes the short link (where the part fits).
 * Written in SQL on the text read, so a concurrent edit is never lost, and never while it posts.
 */
async function retextDraft(ctx: ServiceContext, link: LinkRecord) {
  const [item] = await ctx.db
    .select({ draft: growthItems.draft, channel: growthItems.channel })
    .from(growthItems)
    .where(ownedRow(growthItems, ctx.account.id, link.growthItemId!));
  const draft = item?.draft;
  if (!draft) return;
  const shortUrl = shortUrlOf(link.code);
  const current = draft.parts.length ? draft.parts : [draft.body];
  const rule = channelRules[item.channel as Channel];
  const parts = link.enabled
    ? withTrackedLink(current, sameAddress(link.destination), shortUrl, (part) => countAs(rule.unit, part) <= rule.bodyLimit)
        .parts
    : withoutTrackedLink(current, shortUrl, link.destination);
  if (parts.join("\n\n") === current.join("\n\n")) return;
  const patch: Partial<ItemDraft> = { parts, body: parts.join("\n\n") };
  await ctx.db
    .update(growthItems)
    .set({ draft: sql`${growthItems.draft} || ${JSON.stringify(patch)}::jsonb`, updatedAt: ctx.now })
    .where(
      ownedRow(
        growthItems,
        ctx.account.id,
        link.growthItemId!,
        sql`${growthItems.draft}->>'body' = ${draft.body}`,
        sql`${growthItems.publicationStatus} is distinct from 'publishing'`,
      ),
    );
}
