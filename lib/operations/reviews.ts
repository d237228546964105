import { idParams } from "@/lib/schemas/common";
import { cycleParams, growthItemParams } from "@/lib/schemas/growth";
import {
  createdReviewLinkResponse,
  itemReviewListResponse,
  reviewActionResponse,
  reviewerApprovalRequest,
  reviewerChangesRequest,
  reviewerEditRequest,
  reviewItemParams,
  reviewLinkCreateRequest,
  reviewLinkListResponse,
  reviewLinkParams,
  reviewLinkResponse,
  reviewSettingsRequest,
  reviewSettingsSchema,
  reviewTokenParams,
  reviewWeekResponse,
} from "@/lib/schemas/reviews";
import * as reviews from "@/lib/services/reviews";
import { defineOperation } from "./operation";

// The founder's side: links to review one week without an account, what reviewers did, and
// whether a reviewer's approval is enough to schedule.

export const createReviewLink = defineOperation({
  id: "createReviewLink",
  rest: { method: "POST", path: "/api/v1/growth/cycles/{cycleId}/review-links" },
  // Letting someone outside in stays with the founder: no connected app can.
  scope: "never",
  tag: "Growth",
  summary: "Create a link to review the week without an account (its address is shown once)",
  description:
    "Whoever holds the link sees this week's plan and drafts only, and can approve an item, ask for changes with a comment, or edit a draft's text, under a name they type. " +
    "It expires after `expiresInDays` (default 7, at most 30) or when revoked. A closed week is 409 `cycle_state`.",
  params: cycleParams,
  body: reviewLinkCreateRequest,
  bodyOptional: true,
  status: 201,
  response: createdReviewLinkResponse,
  errors: ["cycle_state"],
  limit: "write",
  tool: {
    name: "growth_create_review_link",
    title: "Create a review link",
    description:
      "Creates a link (shown once) for a co-founder or adviser to approve, comment on or edit this week's drafts without an account.",
  },
  handler: ({ params, body }, ctx) => reviews.createReviewLink(ctx, { ...params, ...body }),
});

export const listReviewLinks = defineOperation({
  id: "listReviewLinks",
  rest: { method: "GET", path: "/api/v1/growth/cycles/{cycleId}/review-links" },
  tag: "Growth",
  summary: "The week's review links, newest first",
  description: "With their hints, expiry and revocation; never the address itself.",
  params: cycleParams,
  response: reviewLinkListResponse,
  handler: ({ params }, ctx) => reviews.listReviewLinks(ctx, params),
});

export const revokeReviewLink = defineOperation({
  id: "revokeReviewLink",
  rest: { method: "DELETE", path: "/api/v1/growth/review-links/{linkId}" },
  tag: "Growth",
  summary: "Revoke a review link",
  description: "The link answers 404 from then on; revoking twice is a no-op.",
  params: reviewLinkParams,
  response: reviewLinkResponse,
  handler: ({ params }, ctx) => reviews.revokeReviewLink(ctx, params),
});

export const listItemReviews = defineOperation({
  id: "listItemReviews",
  rest: { method: "GET", path: "/api/v1/growth/items/{itemId}/reviews" },
  tag: "Growth",
  summary: "Who approved, asked for changes or edited the item through review links, and when",
  description:
    "Oldest first. `applied` is true when the approval approved the item (the project lets a reviewer's approval schedule).",
  params: growthItemParams,
  response: itemReviewListResponse,
  handler: ({ params }, ctx) => reviews.listItemReviews(ctx, params),
});

export const getReviewSettings = defineOperation({
  id: "getReviewSettings",
  rest: { method: "GET", path: "/api/v1/projects/{id}/growth/review-settings" },
  tag: "Growth",
  summary: "Whether a reviewer's approval is enough to schedule an item",
  description: "Off by default: a reviewer's approval is recorded and the founder still approves.",
  params: idParams,
  response: reviewSettingsSchema,
  handler: ({ params }, ctx) => reviews.getReviewSettings(ctx, { projectId: params.id }),
});

export const updateReviewSettings = defineOperation({
  id: "updateReviewSettings",
  rest: { method: "PATCH", path: "/api/v1/projects/{id}/growth/review-settings" },
  // On, a reviewer's approval makes a post go out.
  scope: "launchloop:publish",
  tag: "Growth",
  summary: "Let a reviewer's approval approve and schedule an item (or not)",
  description:
    "On: an approval through a review link approves the item as the founder's does (its default time and account). Off (the default): it is recorded as a review only.",
  params: idParams,
  body: reviewSettingsRequest,
  response: reviewSettingsSchema,
  handler: ({ params, body }, ctx) => reviews.updateReviewSettings(ctx, { projectId: params.id, ...body }),
});

/** The week board's activity list (dashboard only): every review of the week's items. */
export const listCycleReviews = defineOperation({
  id: "listCycleReviews",
  reads: true,
  principals: ["session"],
  tag: "Dashboard",
  summary: "Every review of the week's items, oldest first",
  params: cycleParams,
  response: itemReviewListResponse,
  handler: ({ params }, ctx) => reviews.listCycleReviews(ctx, params),
});

// The reviewer's side: public, the token in every call, checked again each time.

export const getReviewWeek = defineOperation({
  id: "getReviewWeek",
  reads: true,
  principals: ["none"],
  tag: "Dashboard",
  summary: "The week behind a live review link: its plan, drafts and reviews",
  params: reviewTokenParams,
  response: reviewWeekResponse,
  handler: ({ params }, ctx) => reviews.getReviewWeek(ctx, params),
});

export const approveAsReviewer = defineOperation({
  id: "approveAsReviewer",
  principals: ["none"],
  tag: "Dashboard",
  summary: "Approve an item of the week through a review link",
  params: reviewItemParams,
  body: reviewerApprovalRequest,
  response: reviewActionResponse,
  errors: ["not_found", "cycle_state", "invalid_transition", "not_publishable"],
  limit: "review",
  handler: ({ params, body }, ctx) => reviews.approveAsReviewer(ctx, { ...params, ...body }),
});

export const requestChangesAsReviewer = defineOperation({
  id: "requestChangesAsReviewer",
  principals: ["none"],
  tag: "Dashboard",
  summary: "Ask for changes to an item of the week, with a comment, through a review link",
  params: reviewItemParams,
  body: reviewerChangesRequest,
  response: reviewActionResponse,
  errors: ["not_found", "cycle_state", "invalid_transition"],
  limit: "review",
  handler: ({ params, body }, ctx) => reviews.requestChangesAsReviewer(ctx, { ...params, ...body }),
});

export const editAsReviewer = defineOperation({
  id: "editAsReviewer",
  principals: ["none"],
  tag: "Dashboard",
  summary: "Edit a draft's text through a review link, within the channel's limits",
  params: reviewItemParams,
  body: reviewerEditRequest,
  response: reviewActionResponse,
  errors: ["not_found", "cycle_state", "invalid_transition"],
  limit: "review",
  handler: ({ params, body }, ctx) => reviews.editAsReviewer(ctx, { ...params, ...body }),
});
