import "server-only";
import { config } from "@/lib/config";
import type { growthCycles, growthItems, growthTasks } from "@/lib/db/schema";
import type { Channel } from "@/lib/schemas/growth";

export type CycleRecord = typeof growthCycles.$inferSelect;
export type ItemRecord = typeof growthItems.$inferSelect;
export type TaskRecord = typeof growthTasks.$inferSelect;

/** What a week read adds to an item: its tracked link's code and counts (null without a link). */
export interface ItemTrackingRow {
  id: string;
  code: string;
  destination: string;
  enabled: boolean;
  clicks: number;
  signups: number;
  conversions: number;
}
/** An image as a week read carries it (its URL comes from the item's image list). */
export interface ItemImageRow {
  id: string;
  position: number;
  source: "upload" | "card";
  alt: string;
  contentType: string;
  width: number;
  height: number;
  size: number;
}
export type ItemWithTracking = ItemRecord & { tracking?: ItemTrackingRow | null; images?: ItemImageRow[] };

const trackingOut = (tracking: ItemWithTracking["tracking"]) =>
  tracking === undefined
    ? {}
    : {
        tracking: tracking && {
          linkId: tracking.id,
          shortUrl: `${config().appUrl}/r/${tracking.code}`,
          destination: tracking.destination,
          enabled: tracking.enabled,
          clicks: Number(tracking.clicks),
          signups: Number(tracking.signups),
          conversions: Number(tracking.conversions),
        },
      };

export function serializeItem(item: ItemWithTracking) {
  return {
    id: item.id,
    cycleId: item.cycleId,
    channel: item.channel as Channel,
    slug: item.slug,
    title: item.title,
    angle: item.angle,
    keyMessage: item.keyMessage,
    cta: item.cta,
    suggestedDay: item.suggestedDay,
    notes: item.notes,
    status: item.status,
    draft: item.draft ?? null,
    previousDrafts: item.draftHistory,
    result: item.result,
    grade: item.grade,
    resultNote: item.resultNote,
    usage: item.usage ?? null,
    publication: publicationOf(item),
    metrics: item.metrics ?? null,
    ...trackingOut(item.tracking),
    ...(item.images && { images: item.images }),
  };
}

function publicationOf(item: ItemRecord) {
  // A time without an account is scheduled too: at it the founder is reminded to post by hand.
  const status = item.publicationStatus ?? (item.scheduledAt ? "scheduled" : null);
  if (!status) return null;
  return {
    status,
    connectionId: item.connectionId,
    scheduledAt: item.scheduledAt?.toISOString() ?? null,
    publishedAt: item.publishedAt?.toISOString() ?? null,
    url: item.postUrl,
    externalId: item.postId,
    error: item.publicationError,
    options: item.publishOptions ?? null,
  };
}

/** The planner's usage, the drafts' usage and the whole cycle's tokens together. */
function cycleUsage(cycle: CycleRecord, items: ItemRecord[]) {
  const drafts = { inputTokens: 0, outputTokens: 0, calls: 0 };
  for (const { usage } of items) {
    if (!usage) continue;
    drafts.inputTokens += usage.inputTokens;
    drafts.outputTokens += usage.outputTokens;
    drafts.calls += usage.calls;
  }
  const planner = {
    inputTokens: cycle.usage?.inputTokens ?? null,
    outputTokens: cycle.usage?.outputTokens ?? null,
    model: cycle.usage?.model ?? null,
  };
  const plannerTokens = (planner.inputTokens ?? 0) + (planner.outputTokens ?? 0);
  return { ...planner, items: drafts, totalTokens: plannerTokens + drafts.inputTokens + drafts.outputTokens };
}

export const serializeTask = (task: TaskRecord) => ({
  id: task.id,
  cycleId: task.cycleId,
  title: task.title,
  description: task.description,
  category: task.category,
  effort: task.effort,
  suggestedDay: task.suggestedDay,
  status: task.status,
});

export function serializeCycle(cycle: CycleRecord, items: ItemWithTracking[], tasks: TaskRecord[]) {
  return {
    id: cycle.id,
    projectId: cycle.projectId,
    weekNumber: cycle.weekNumber,
    status: cycle.status,
    weekStart: cycle.weekStart,
    plan: cycle.plan,
    items: items
      .filter((item) => item.cycleId === cycle.id)
      .sort((a, b) => a.position - b.position)
      .map(serializeItem),
    tasks: tasks
      .filter((task) => task.cycleId === cycle.id)
      .sort((a, b) => a.position - b.position)
      .map(serializeTask),
    retro: cycle.retro ?? null,
    usage: cycleUsage(
      cycle,
      items.filter((item) => item.cycleId === cycle.id),
    ),
    createdAt: cycle.createdAt.toISOString(),
    approvedAt: cycle.approvedAt?.toISOString() ?? null,
    closedAt: cycle.closedAt?.toISOString() ?? null,
  };
}
