import "server-only";
import { and, eq } from "drizzle-orm";
import { channelRules, countAs } from "@/lib/channels";
import type { Database } from "@/lib/db";
import { trackedLinks } from "@/lib/db/schema";
import { withTrackedLink } from "@/lib/links/post-text";
import { growthItemUtm } from "@/lib/links/utm";
import type { Channel, ItemDraft } from "@/lib/schemas/growth";
import type { ProjectRecord } from "../project-records";
import { insertLink } from "./insert-link";
import { shortUrlOf } from "./serialize";
import { siteUrlOf } from "./site-url";

/**
 * A growth item's draft as it is kept, shown, copied, exported and published: its first
 * link to the founder's site becomes the item's tracked link (made on first use), where
 * tracking is on for the project and the item, and the part still fits the channel.
 */
export async function linkDraft(
  db: Database,
  input: {
    project: Pick<ProjectRecord, "id" | "accountId" | "siteUrl" | "onboarding" | "linkTracking">;
    item: { id: string; channel: string; slug: string };
    weekNumber: number;
    draft: ItemDraft;
  },
): Promise<ItemDraft> {
  const { project, item, draft } = input;
  const site = siteUrlOf(project);
  if (!project.linkTracking || !site) return draft;
  const parts = draft.parts.length > 0 ? draft.parts : [draft.body];
  if (!parts.some((part) => part.includes(site.replace(/\/+$/, "")))) return draft;
  const [existing] = await db
    .select()
    .from(trackedLinks)
    .where(and(eq(trackedLinks.growthItemId, item.id), eq(trackedLinks.accountId, project.accountId)));
  if (existing && !existing.enabled) return draft;
  const channel = item.channel as Channel;
  const link =
    existing ??
    (await insertLink(db, {
      accountId: project.accountId,
      projectId: project.id,
      growthItemId: item.id,
      destination: site,
      utm: growthItemUtm({ channel, slug: item.slug, weekNumber: input.weekNumber }),
    }));
  const rule = channelRules[channel];
  const linked = withTrackedLink(parts, site, shortUrlOf(link.code), (part) => countAs(rule.unit, part) <= rule.bodyLimit);
  if (!linked.replaced || linked.parts === parts) return draft;
  return {
    ...draft,
    parts: linked.parts,
    body: linked.parts.join("\n\n"),
    length: Math.max(...linked.parts.map((part) => countAs(rule.unit, part))),
  };
}
