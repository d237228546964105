import "server-only";
import { and, eq } from "drizzle-orm";
import { channelRules, countAs } from "@/lib/channels";
import type { Database } from "@/lib/db";
import { trackedLinks } from "@/lib/db/schema";
import { forgetRedirectTarget } from "@/lib/links/lookup";
import { firstLinkTo, onSite, sameAddress, withTrackedLink } from "@/lib/links/post-text";
import { growthItemUtm } from "@/lib/links/utm";
import type { Channel, ItemDraft } from "@/lib/schemas/growth";
import type { ProjectRecord } from "../project-records";
import { insertLink } from "./insert-link";
import { shortUrlOf } from "./serialize";
import { siteUrlOf } from "./site-url";

/**
 * A growth item's draft as it is kept, shown, copied, exported and published: its first
 * link to the founder's site (any page of it) becomes the item's tracked link, made on first
 * use with that address as its destination, where tracking is on for the project and the
 * item, and the part still fits the channel. Text the founder wrote (`founderText`) that
 * links to another page of the site points the item's existing link there; a regenerated
 * draft leaves it where it is (the founder may have chosen it).
 */
export async function linkDraft(
  db: Database,
  input: {
    project: Pick<ProjectRecord, "id" | "accountId" | "siteUrl" | "onboarding" | "linkTracking">;
    item: { id: string; channel: string; slug: string };
    weekNumber: number;
    draft: ItemDraft;
    founderText?: boolean;
  },
): Promise<ItemDraft> {
  const { project, item, draft } = input;
  const site = siteUrlOf(project);
  if (!project.linkTracking || !site) return draft;
  const parts = draft.parts.length > 0 ? draft.parts : [draft.body];
  const target = onSite(site);
  const destination = firstLinkTo(parts, target);
  if (!destination) return draft;
  const [existing] = await db
    .select()
    .from(trackedLinks)
    .where(and(eq(trackedLinks.growthItemId, item.id), eq(trackedLinks.accountId, project.accountId)));
  if (existing && !existing.enabled) return draft;
  const channel = item.channel as Channel;
  let link =
    existing ??
    (await insertLink(db, {
      accountId: project.accountId,
      projectId: project.id,
      growthItemId: item.id,
      destination,
      utm: growthItemUtm({ channel, slug: item.slug, weekNumber: input.weekNumber }),
    }));
  if (existing && input.founderText && !sameAddress(existing.destination)(destination)) {
    const [moved] = await db
      .update(trackedLinks)
      .set({ destination, updatedAt: new Date() })
      .where(and(eq(trackedLinks.id, existing.id), eq(trackedLinks.accountId, project.accountId)))
      .returning();
    if (moved) link = moved;
    forgetRedirectTarget(link.code);
  }
  const rule = channelRules[channel];
  const rewritten = withTrackedLink(parts, target, shortUrlOf(link.code), (part) => countAs(rule.unit, part) <= rule.bodyLimit);
  if (!rewritten.replaced || rewritten.parts === parts) return draft;
  return {
    ...draft,
    parts: rewritten.parts,
    body: rewritten.parts.join("\n\n"),
    length: Math.max(...rewritten.parts.map((part) => countAs(rule.unit, part))),
  };
}
