import { fileResultSchema as fileResult } from "@/lib/core/file-result";
import { calendarFeedParams, calendarRevokeResponse, calendarSubscriptionResponse } from "@/lib/schemas/calendar-feed";
import { idParams } from "@/lib/schemas/common";
import * as feeds from "@/lib/services/calendar-feeds";
import { defineOperation } from "./operation";

const calendar = { "text/calendar; charset=utf-8": { description: "An iCalendar file (RFC 5545)" } } as const;

export const downloadGrowthCalendar = defineOperation({
  id: "downloadGrowthCalendar",
  rest: { method: "GET", path: "/api/v1/projects/{id}/growth/calendar.ics" },
  tag: "Growth",
  summary: "The project's growth weeks as an iCalendar file",
  description:
    "Every content item on its day (tentative while planned, cancelled when skipped) and every founder task, as all-day events (RFC 5545).",
  params: idParams,
  response: fileResult,
  files: calendar,
  handler: ({ params }, ctx) => feeds.downloadGrowthCalendar(ctx, { projectId: params.id }),
});

export const getCalendarSubscription = defineOperation({
  id: "getCalendarSubscription",
  rest: { method: "GET", path: "/api/v1/projects/{id}/growth/calendar-subscription" },
  tag: "Growth",
  summary: "Whether the project has a live calendar subscription URL",
  description: "`null`, or when the live one was created and last read. The URL itself is shown once, when it is created.",
  params: idParams,
  response: calendarSubscriptionResponse,
  handler: ({ params }, ctx) => feeds.getCalendarSubscription(ctx, { projectId: params.id }),
});

export const createCalendarSubscription = defineOperation({
  id: "createCalendarSubscription",
  rest: { method: "POST", path: "/api/v1/projects/{id}/growth/calendar-subscription" },
  tag: "Growth",
  summary: "Create a secret calendar subscription URL (shown once)",
  description: "For calendar apps that cannot send a key. Replaces (and revokes) the project's earlier URL.",
  params: idParams,
  status: 201,
  response: calendarSubscriptionResponse,
  handler: ({ params }, ctx) => feeds.createCalendarSubscription(ctx, { projectId: params.id }),
});

export const revokeCalendarSubscription = defineOperation({
  id: "revokeCalendarSubscription",
  rest: { method: "DELETE", path: "/api/v1/projects/{id}/growth/calendar-subscription" },
  tag: "Growth",
  summary: "Revoke the project's calendar subscription URL",
  description: "The URL answers 404 from then on; create a new one to subscribe again. With none live, `revoked` is false.",
  params: idParams,
  response: calendarRevokeResponse,
  handler: ({ params }, ctx) => feeds.revokeCalendarSubscription(ctx, { projectId: params.id }),
});

export const subscribedCalendar = defineOperation({
  id: "subscribedCalendar",
  rest: { method: "GET", path: "/api/v1/calendar-feeds/{token}/calendar.ics" },
  principals: ["none"],
  tag: "Growth",
  summary: "A growth calendar by its secret subscription URL",
  description: "No key: the URL is the secret. Unknown or revoked URLs answer 404.",
  params: calendarFeedParams,
  response: fileResult,
  files: calendar,
  handler: ({ params }, ctx) => feeds.subscribedCalendar(ctx, params),
});
