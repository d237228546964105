import "server-only";
import { and, eq, like } from "drizzle-orm";
import { channelRules, countAs } from "@/lib/channels";
import type { Database } from "@/lib/db";
import { contentItems } from "@/lib/db/schema";
import { firstLinkTo, onSite, withTrackedLink } from "@/lib/links/post-text";
import { launchPostUtm } from "@/lib/links/utm";
import { type Channel, channelSchema } from "@/lib/schemas/growth";
import type { ProjectRecord } from "../project-records";
import { insertLink } from "./insert-link";
import { shortUrlOf } from "./serialize";
import { siteUrlOf } from "./site-url";

/**
 * The launch pack's posts a run wrote (kinds `post-<channel>`), each with its own tracked
 * link in place of its first link to the founder's site (any page of it, its destination), where tracking is on and the post
 * still fits its channel. The text is rewritten only if nobody edited it meanwhile.
 */
export async function linkPackPosts(
  db: Database,
  {
    project,
    runId,
  }: { project: Pick<ProjectRecord, "id" | "accountId" | "siteUrl" | "onboarding" | "linkTracking">; runId: string },
): Promise<void> {
  const site = siteUrlOf(project);
  if (!project.linkTracking || !site) return;
  const posts = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.runId, runId), eq(contentItems.accountId, project.accountId), like(contentItems.kind, "post-%")));
  const target = onSite(site);
  for (const post of posts) {
    const destination = firstLinkTo([post.body], target);
    if (!destination) continue;
    const parsed = channelSchema.safeParse(post.kind.slice("post-".length));
    const channel: Channel | null = parsed.success ? parsed.data : null;
    const link = await insertLink(db, {
      accountId: project.accountId,
      projectId: project.id,
      contentItemId: post.id,
      destination,
      utm: launchPostUtm({ channel, kind: post.kind }),
    });
    const rule = channel ? channelRules[channel] : null;
    const fits = (text: string) => !rule || countAs(rule.unit, text) <= rule.bodyLimit * (rule.threads ? 25 : 1);
    const linked = withTrackedLink([post.body], target, shortUrlOf(link.code), fits);
    if (!linked.replaced || linked.parts[0] === post.body) continue;
    await db
      .update(contentItems)
      .set({ body: linked.parts[0]! })
      .where(and(eq(contentItems.id, post.id), eq(contentItems.accountId, project.accountId), eq(contentItems.body, post.body)));
  }
}
