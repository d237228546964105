import {
  alertListQuery,
  alertListResponse,
  alertParams,
  alertPreferencesRequest,
  alertPreferencesResponse,
  alertResponse,
} from "@/lib/schemas/alerts";
import * as alerts from "@/lib/services/alerts";
import { defineOperation } from "./operation";

// Alerts: what the founder is told of by e-mail and by a dashboard notice (a scheduled post
// that failed, a disconnected account, a failed run, a week that started unplanned).

export const listAlerts = defineOperation({
  id: "listAlerts",
  rest: { method: "GET", path: "/api/v1/alerts" },
  tag: "Account",
  summary: "The alerts not yet dismissed (the dashboard's notices)",
  description:
    "Newest first, at most 50, of the kinds that are on: a scheduled post that failed for good, a connection the network " +
    "disconnected, a run that failed, a week that started with its plan not approved. `fixAt` is the dashboard page where it is fixed. " +
    "Each is also e-mailed once, gathered: one e-mail a few minutes after the first, listing every alert since the last.",
  query: alertListQuery,
  response: alertListResponse,
  tool: {
    name: "alerts_list",
    title: "List alerts",
    description: "Open alerts (failed posts, disconnected accounts, failed runs, unplanned weeks), newest first.",
    readOnly: true,
    idempotent: true,
  },
  handler: ({ query }, ctx) => alerts.listAlerts(ctx, query),
});

export const dismissAlert = defineOperation({
  id: "dismissAlert",
  rest: { method: "POST", path: "/api/v1/alerts/{alertId}/dismiss" },
  tag: "Account",
  summary: "Dismiss an alert: its notice goes, and it is not e-mailed if it was not yet",
  description: "Dismissing again is a no-op. The same problem noticed again later is a new alert.",
  params: alertParams,
  response: alertResponse,
  handler: ({ params }, ctx) => alerts.dismissAlert(ctx, params),
});

export const getAlertPreferences = defineOperation({
  id: "getAlertPreferences",
  rest: { method: "GET", path: "/api/v1/account/alert-preferences" },
  tag: "Account",
  summary: "Which alert kinds are on",
  description: "Each kind is on (e-mail and dashboard notice) or off (neither). All are on until turned off.",
  response: alertPreferencesResponse,
  handler: (_input, ctx) => alerts.readAlertPreferences(ctx),
});

export const updateAlertPreferences = defineOperation({
  id: "updateAlertPreferences",
  rest: { method: "PATCH", path: "/api/v1/account/alert-preferences" },
  tag: "Account",
  summary: "Turn alert kinds on or off",
  description:
    "Send the kinds to change (`true` on, `false` off); the others keep their setting. Off means neither an e-mail nor a notice: " +
    "the failed post or disconnected account still shows where it lives (the board, project settings).",
  body: alertPreferencesRequest,
  response: alertPreferencesResponse,
  handler: ({ body }, ctx) => alerts.updateAlertPreferences(ctx, body),
});
