"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { createCalendarSubscription, revokeCalendarSubscription } from "@/lib/operations/calendar-feed";
import {
  approveCycle,
  editItemDraft,
  generateItem,
  listCycles,
  planCycle,
  reviewItem,
  startGrowth,
  submitRetro,
  updateTask,
} from "@/lib/operations/growth";
import { publishItem, pullItemMetrics, scheduleItem } from "@/lib/operations/publishing";

// One line each: the operations validate everything a browser sends (closed schemas, gates, limits).

export const startGrowthAction = async (projectId: string) => runOperation(startGrowth, { params: { id: projectId } });
export const planCycleAction = async (projectId: string) => runOperation(planCycle, { params: { id: projectId } });
export const approveCycleAction = async (cycleId: string, plan: unknown) =>
  runOperation(approveCycle, { params: { cycleId }, body: { plan } });
export const generateItemAction = async (itemId: string, feedback?: string) =>
  runOperation(generateItem, { params: { itemId }, body: feedback ? { feedback } : {} });
export const reviewItemAction = async (itemId: string, status: string, resultNote?: string) =>
  runOperation(reviewItem, { params: { itemId }, body: resultNote === undefined ? { status } : { status, resultNote } });
export const editItemDraftAction = async (itemId: string, edit: unknown) =>
  runOperation(editItemDraft, { params: { itemId }, body: edit });
export const updateTaskAction = async (taskId: string, status: string) =>
  runOperation(updateTask, { params: { taskId }, body: { status } });
export const submitRetroAction = async (cycleId: string, retro: unknown) =>
  runOperation(submitRetro, { params: { cycleId }, body: retro });
export const createCalendarSubscriptionAction = async (projectId: string) =>
  runOperation(createCalendarSubscription, { params: { id: projectId } });
export const revokeCalendarSubscriptionAction = async (projectId: string) =>
  runOperation(revokeCalendarSubscription, { params: { id: projectId } });
export const scheduleItemAction = async (itemId: string, body: { scheduledAt?: string | null; connectionId?: string | null }) =>
  runOperation(scheduleItem, { params: { itemId }, body });
export const publishItemAction = async (itemId: string) => runOperation(publishItem, { params: { itemId } });
export const pullMetricsAction = async (itemId: string) => runOperation(pullItemMetrics, { params: { itemId } });

/** An item's earlier drafts, read when the founder opens its history (the board does not carry them). */
export async function itemVersionsAction(projectId: string, itemId: string) {
  // The board shows the newest week: its items are in the first page; an older item needs every week.
  for (const query of [{ limit: "1" }, {}]) {
    const result = await runOperation(listCycles, { params: { id: projectId }, query });
    if (!result.ok) return result;
    const item = result.data.cycles.flatMap((cycle) => cycle.items).find((entry) => entry.id === itemId);
    if (item) return { ok: true as const, data: { versions: item.previousDrafts } };
  }
  return { ok: false as const, error: { error: "This item is no longer there.", code: "not_found" as const, retryable: false } };
}
