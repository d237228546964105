import { idParams, pageQuery } from "@/lib/schemas/common";
import {
  cycleApprovalRequest,
  cycleListResponse,
  cycleParams,
  cycleResponse,
  growthItemParams,
  growthItemResponse,
  itemDraftEditRequest,
  itemDraftListResponse,
  itemGenerateRequest,
  itemReviewRequest,
  retroRequest,
  taskParams,
  taskResponse,
  taskUpdateRequest,
} from "@/lib/schemas/growth";
import { projectResponse } from "@/lib/schemas/project";
import * as growth from "@/lib/services/growth";
import { defineOperation } from "./operation";

export const startGrowth = defineOperation({
  id: "startGrowth",
  rest: { method: "POST", path: "/api/v1/projects/{id}/growth/start" },
  tag: "Growth",
  summary: "Enter the weekly growth phase",
  description:
    "Needs a `launch_ready` project (409 `pipeline_incomplete`) and a plan with growth (402 `growth`); again is a no-op. Next: plan the first cycle.",
  params: idParams,
  response: projectResponse,
  errors: ["upgrade_required", "pipeline_incomplete"],
  tool: {
    name: "growth_start",
    title: "Start the growth phase",
    description: "Moves a launch-ready project into the weekly growth loop. Next: growth_plan_cycle.",
    idempotent: true,
  },
  handler: ({ params }, ctx) => growth.startGrowth(ctx, { projectId: params.id }),
});

export const listCycles = defineOperation({
  id: "listCycles",
  rest: { method: "GET", path: "/api/v1/projects/{id}/growth/cycles" },
  tag: "Growth",
  summary: "The project's weekly cycles, newest first",
  description: "Send `limit` (and then the answer's `nextCursor` as `cursor`) to page through them; without either, every cycle.",
  params: idParams,
  query: pageQuery,
  response: cycleListResponse,
  tool: {
    name: "growth_list_cycles",
    title: "List weekly cycles",
    description: "Lists the project's weekly cycles, newest first, with their plans, items, tasks and retros.",
    readOnly: true,
    idempotent: true,
  },
  handler: ({ params, query }, ctx) => growth.listCycles(ctx, { projectId: params.id, ...query }),
});

export const planCycle = defineOperation({
  id: "planCycle",
  rest: { method: "POST", path: "/api/v1/projects/{id}/growth/cycles" },
  tag: "Growth",
  summary: "Plan the next weekly cycle",
  description:
    "The planner proposes a week from the playbook and earlier retros; counts as a run against the daily cap. " +
    "409 `cycle_open` while another cycle is planned or approved; plans without growth get 402 `growth`. Next: approve it.",
  params: idParams,
  response: cycleResponse,
  errors: [
    "upgrade_required",
    "pipeline_incomplete",
    "growth_not_started",
    "cycle_open",
    "daily_run_limit",
    "provider_unavailable",
  ],
  long: true,
  tool: {
    name: "growth_plan_cycle",
    title: "Plan the next week",
    description:
      "Plans the next week of content and founder tasks from the playbook and last week's results. Can take minutes. Show the plan to the founder, then growth_approve_cycle (optionally with their edited plan).",
  },
  handler: ({ params }, ctx) => growth.planCycle(ctx, { projectId: params.id }),
});

export const approveCycle = defineOperation({
  id: "approveCycle",
  rest: { method: "POST", path: "/api/v1/growth/cycles/{cycleId}/approve" },
  tag: "Growth",
  summary: "Approve a planned cycle, optionally replacing its plan",
  description:
    "Creates the cycle's items (status `planned`) and founder tasks (status `open`). Next: generate drafts for the items.",
  params: cycleParams,
  body: cycleApprovalRequest,
  bodyOptional: true,
  response: cycleResponse,
  errors: ["cycle_state", "upgrade_required"],
  tool: {
    name: "growth_approve_cycle",
    title: "Approve a weekly plan",
    description:
      "Approves the planned week, optionally replacing its plan with the founder's version; creates the items and tasks. Next: growth_generate_item for each item.",
    // The founder's version replaces the generated plan.
    destructive: true,
  },
  handler: ({ params, body }, ctx) => growth.approveCycle(ctx, { ...params, ...body }),
});

export const submitRetro = defineOperation({
  id: "submitRetro",
  rest: { method: "POST", path: "/api/v1/growth/cycles/{cycleId}/retro" },
  tag: "Growth",
  summary: "Submit the week's retro and close the cycle",
  description:
    "Results and grades land on the items and shape the next plan; what Launchloop has not posted is unscheduled. " +
    "While one of the items is being published (or waiting to retry), the week stays open: 409 `not_publishable`.",
  params: cycleParams,
  body: retroRequest,
  response: cycleResponse,
  errors: ["cycle_state", "not_publishable"],
  tool: {
    name: "growth_submit_retro",
    title: "Submit the weekly retro",
    description:
      "Closes the week with the founder's results: for each item published or skipped and a grade (great, ok, quiet), plus an overall note. Grades shape next week's plan.",
  },
  handler: ({ params, body }, ctx) => growth.submitRetro(ctx, { ...params, ...body }),
});

export const generateItem = defineOperation({
  id: "generateItem",
  rest: { method: "POST", path: "/api/v1/growth/items/{itemId}/generate" },
  tag: "Growth",
  summary: "Write (or rewrite) a channel-ready draft for a planned item",
  description:
    "Needs an approved cycle and an item in `planned` or `draft`. Counts against the hourly write limit. " +
    "Recorded as a `draft` job (see the project's events); a second call for the same item while one writes joins it and answers with the same draft.",
  params: growthItemParams,
  body: itemGenerateRequest,
  bodyOptional: true,
  response: growthItemResponse,
  errors: ["cycle_state", "invalid_transition", "agent_running", "provider_unavailable", "upgrade_required"],
  limit: "write",
  long: true,
  tool: {
    name: "growth_generate_item",
    title: "Write a draft for an item",
    description:
      'Writes a channel-ready draft for a planned item, or rewrites a draft with feedback such as "shorter" or "more casual". Can take a while. Next: growth_review_item.',
    // A rewrite replaces the draft.
    destructive: true,
  },
  handler: ({ params, body }, ctx) => growth.generateItem(ctx, { ...params, ...body }),
});

export const reviewItem = defineOperation({
  id: "reviewItem",
  rest: { method: "PATCH", path: "/api/v1/growth/items/{itemId}" },
  tag: "Growth",
  summary: "Set a growth item's status, or its publishing time and account",
  // Choosing when and where an item goes out is posting; a connected app without it approves without a default schedule.
  fieldScopes: { scheduledAt: "launchloop:publish", connectionId: "launchloop:publish" },
  description:
    "planned → skipped; draft → approved | skipped | planned; approved → published | draft | skipped; skipped → planned; published is final. Other moves are 409 `invalid_transition`. " +
    "`scheduledAt` (null unschedules) and `connectionId` set when and where an approved item is published (409 `not_publishable` otherwise); approving gives it a default time on the project's only account of its network.",
  params: growthItemParams,
  body: itemReviewRequest,
  response: growthItemResponse,
  errors: ["cycle_state", "invalid_transition", "not_publishable", "upgrade_required"],
  tool: {
    name: "growth_review_item",
    title: "Set an item's status or schedule",
    description:
      "Moves an item: planned to skipped; draft to approved, skipped or planned; approved to published, draft or skipped; skipped to planned; published is final. " +
      "scheduledAt and connectionId schedule an approved item.",
    idempotent: true,
  },
  reaches: "the connected social network: an approved item with a time and an account is posted there at that time",
  handler: ({ params, body }, ctx) => growth.reviewItem(ctx, { ...params, ...body }),
});

export const editItemDraft = defineOperation({
  id: "editItemDraft",
  rest: { method: "PATCH", path: "/api/v1/growth/items/{itemId}/draft" },
  tag: "Growth",
  summary: "Edit a growth item's draft by hand",
  description:
    "Send `body` (one post) or `parts` (a thread's posts, on channels with threads), and optionally `title`. Each post must fit the channel's limit as the channel counts it (400 with an issue per post otherwise). " +
    "The status stays: an approved item stays approved and keeps its schedule. The replaced draft joins `previousDrafts`. " +
    "A planned item (no draft yet), a published one, or one going out right now is 409 `invalid_transition`. Counts against the hourly write limit.",
  params: growthItemParams,
  body: itemDraftEditRequest,
  response: growthItemResponse,
  errors: ["cycle_state", "invalid_transition"],
  limit: "write",
  tool: {
    name: "growth_edit_draft",
    title: "Edit an item's draft",
    description:
      "Replaces a growth item's draft text with the founder's version: body for one post, parts for a thread; each post must fit the channel. The item keeps its status; the old draft stays in its history.",
    destructive: true,
    idempotent: true,
  },
  handler: ({ params, body }, ctx) => growth.editItemDraft(ctx, { ...params, ...body }),
});

export const updateTask = defineOperation({
  id: "updateTask",
  rest: { method: "PATCH", path: "/api/v1/growth/tasks/{taskId}" },
  tag: "Growth",
  summary: "Tick off (or reopen) a founder task",
  description: "Sets the task's status to `done`, `skipped` or `open`, from any of them.",
  params: taskParams,
  body: taskUpdateRequest,
  response: taskResponse,
  tool: {
    name: "growth_update_task",
    title: "Tick off a founder task",
    description: "Sets a founder task to done, skipped or open.",
    idempotent: true,
  },
  handler: ({ params, body }, ctx) => growth.updateTask(ctx, { ...params, ...body }),
});

/** A growth item's earlier drafts (dashboard only), read when the founder opens its history. */
export const listItemDrafts = defineOperation({
  id: "listItemDrafts",
  reads: true,
  principals: ["session"],
  tag: "Dashboard",
  summary: "A growth item's earlier drafts",
  params: growthItemParams,
  response: itemDraftListResponse,
  handler: ({ params }, ctx) => growth.listItemDrafts(ctx, params),
});
