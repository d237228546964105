"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { createCalendarSubscription, revokeCalendarSubscription } from "@/lib/operations/calendar-feed";
import {
  approveCycle,
  editItemDraft,
  generateItem,
  listItemDrafts,
  planCycle,
  reviewItem,
  startGrowth,
  submitRetro,
  updateTask,
} from "@/lib/operations/growth";
import { importItems, previewItemImport } from "@/lib/operations/item-csv";
import { attachItemCard, listItemImages, removeItemImage, updateItemImage, uploadItemImage } from "@/lib/operations/item-images";
import { updateLink } from "@/lib/operations/links";
import { confirmPublication, publishItem, pullItemMetrics, scheduleItem } from "@/lib/operations/publishing";
import { createReviewLink, revokeReviewLink, updateReviewSettings } from "@/lib/operations/reviews";
import type { PublishOptions } from "@/lib/schemas/publishing";

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
export const scheduleItemAction = async (
  itemId: string,
  body: { scheduledAt?: string | null; connectionId?: string | null; publishOptions?: PublishOptions },
) => runOperation(scheduleItem, { params: { itemId }, body });
export const publishItemAction = async (itemId: string) => runOperation(publishItem, { params: { itemId } });
export const confirmPublicationAction = async (
  itemId: string,
  body: { outcome: "posted"; url: string } | { outcome: "not_posted" },
) => runOperation(confirmPublication, { params: { itemId }, body });
export const pullMetricsAction = async (itemId: string) => runOperation(pullItemMetrics, { params: { itemId } });

/** An item's earlier drafts, read when the founder opens its history (the board does not carry them). */
export const itemVersionsAction = async (itemId: string) => runOperation(listItemDrafts, { params: { itemId } });
export const updateLinkAction = async (linkId: string, body: { destination?: string; enabled?: boolean }) =>
  runOperation(updateLink, { params: { linkId }, body });

export const itemImagesAction = async (itemId: string) => runOperation(listItemImages, { params: { itemId } });
/** The picture from the form, base64-encoded into the operation's body (checked there, by its bytes). */
export async function uploadItemImageAction(itemId: string, form: FormData) {
  const file = form.get("image");
  const body =
    file instanceof File ? { contentType: file.type, data: Buffer.from(await file.arrayBuffer()).toString("base64") } : {};
  return runOperation(uploadItemImage, { params: { itemId }, body });
}
export const attachItemCardAction = async (itemId: string) => runOperation(attachItemCard, { params: { itemId }, body: {} });
export const updateItemImageAction = async (itemId: string, imageId: string, change: { alt?: string; position?: number }) =>
  runOperation(updateItemImage, { params: { itemId, imageId }, body: change });
export const removeItemImageAction = async (itemId: string, imageId: string) =>
  runOperation(removeItemImage, { params: { itemId, imageId } });
export const createReviewLinkAction = async (cycleId: string, body: { label?: string; expiresInDays?: number }) =>
  runOperation(createReviewLink, { params: { cycleId }, body });
export const revokeReviewLinkAction = async (linkId: string) => runOperation(revokeReviewLink, { params: { linkId } });
export const updateReviewSettingsAction = async (projectId: string, reviewerApprovalSchedules: boolean) =>
  runOperation(updateReviewSettings, { params: { id: projectId }, body: { reviewerApprovalSchedules } });
export const previewItemImportAction = async (cycleId: string, csv: string) =>
  runOperation(previewItemImport, { params: { cycleId }, body: { csv } });
export const importItemsAction = async (cycleId: string, csv: string) =>
  runOperation(importItems, { params: { cycleId }, body: { csv } });
