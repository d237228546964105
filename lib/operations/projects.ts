import { idParams, pageQuery } from "@/lib/schemas/common";
import { playbookResponse } from "@/lib/schemas/playbook";
import {
  createProjectRequest,
  decisionsResponse,
  decisionsSchema,
  projectListResponse,
  projectResponse,
  reviewRunRequest,
  startAgentRequest,
  updateProjectRequest,
} from "@/lib/schemas/project";
import { projectDetailResponse, runResponse } from "@/lib/schemas/runs";
import * as pipeline from "@/lib/services/pipeline";
import * as playbook from "@/lib/services/playbook";
import { getProjectDetail, projectDetailPeek } from "@/lib/services/project-detail";
import * as projects from "@/lib/services/projects";
import { defineOperation } from "./operation";

export const listProjects = defineOperation({
  id: "listProjects",
  rest: { method: "GET", path: "/api/v1/projects" },
  tag: "Projects",
  summary: "List your projects",
  description:
    "Newest first. Send `limit` (and then the answer's `nextCursor` as `cursor`) to page through them; without either, every project.",
  query: pageQuery,
  response: projectListResponse,
  tool: {
    name: "projects_list",
    title: "List projects",
    description: "Lists the founder's projects with their status and pipeline step. Use it to find a project id.",
    readOnly: true,
    idempotent: true,
  },
  handler: ({ query }, ctx) => projects.listProjects(ctx, query),
});

export const createProject = defineOperation({
  id: "createProject",
  rest: { method: "POST", path: "/api/v1/projects" },
  tag: "Projects",
  summary: "Create a project from onboarding answers",
  description: "Next: confirm it with POST /api/v1/projects/{id}/confirm, then run the pipeline's first step.",
  body: createProjectRequest,
  status: 201,
  response: projectResponse,
  errors: ["upgrade_required"],
  tool: {
    name: "projects_create",
    title: "Create a project",
    description:
      "Creates a project from the founder's onboarding answers (businessName, productDescription and problemSolved are required; the more answers, the better the drafts). Next: projects_confirm, then pipeline_run_agent with the first step.",
  },
  handler: ({ body }, ctx) => projects.createProject(ctx, { project: body }),
});

export const getProject = defineOperation({
  id: "getProject",
  rest: { method: "GET", path: "/api/v1/projects/{id}" },
  tag: "Projects",
  summary: "A project and its runs (oldest first)",
  description: "Poll this while an agent runs: the run settles as `completed` or `failed`.",
  params: idParams,
  response: projectDetailResponse,
  tool: {
    name: "projects_get",
    title: "Get a project and its runs",
    description:
      "Shows a project, its pipeline (current step, each step's status) and every agent run with its output. Use it to follow a run that is still going or to read past outputs.",
    readOnly: true,
    idempotent: true,
  },
  handler: ({ params }, ctx) => getProjectDetail(ctx, { projectId: params.id }),
  peek: projectDetailPeek,
});

export const updateProject = defineOperation({
  id: "updateProject",
  rest: { method: "PATCH", path: "/api/v1/projects/{id}" },
  tag: "Projects",
  summary: "Rename a project or change the language its agents write in",
  description:
    "Send `name`, `language` (BCP 47, e.g. de or pt-BR) or both; members left out stay. The language is detected from the answers at creation; every later run and draft is written in the one set here.",
  params: idParams,
  body: updateProjectRequest,
  response: projectResponse,
  limit: "write",
  tool: {
    name: "projects_update",
    title: "Rename a project or change its language",
    description:
      "Changes a project's name and/or language. All agents write in the project's language: set it when the founder asks for another language.",
    idempotent: true,
  },
  handler: ({ params, body }, ctx) => projects.updateProject(ctx, { projectId: params.id, ...body }),
});

export const confirmProject = defineOperation({
  id: "confirmProject",
  rest: { method: "POST", path: "/api/v1/projects/{id}/confirm" },
  tag: "Projects",
  summary: "Confirm a project: it enters the pipeline",
  description: "Confirming twice is a no-op. Next: POST /api/v1/agents with the current step.",
  params: idParams,
  response: projectResponse,
  tool: {
    name: "projects_confirm",
    title: "Confirm a project",
    description:
      "Confirms the project so its pipeline can run (a no-op if already confirmed). Next: pipeline_run_agent with agentType market-strategist.",
    idempotent: true,
  },
  handler: ({ params }, ctx) => pipeline.confirmProject(ctx, { projectId: params.id }),
});

export const startAgent = defineOperation({
  id: "startAgent",
  rest: { method: "POST", path: "/api/v1/agents" },
  tag: "Pipeline",
  summary: "Run the project's current pipeline step",
  description:
    "Blocks until the run settles (up to about 5 minutes); if the client gives up, the run still completes: poll GET /api/v1/projects/{id}. " +
    "409 `not_confirmed`, `step_mismatch`, `review_pending` or `agent_running`; 402 `runs` and 429 `daily_run_limit` at the plan's caps. " +
    "Next: review the run with PATCH /api/v1/agents.",
  body: startAgentRequest,
  response: runResponse,
  errors: [
    "not_found",
    "upgrade_required",
    "not_confirmed",
    "step_mismatch",
    "review_pending",
    "agent_running",
    "daily_run_limit",
  ],
  long: true,
  tool: {
    name: "pipeline_run_agent",
    title: "Run the current pipeline step",
    description:
      "Runs the project's current step (`agentType`: the steps go in order) and returns the run with its output. Can take minutes. Show the output to the founder, then call pipeline_review_run to approve or reject it.",
  },
  handler: ({ body }, ctx) => pipeline.startAgentRun(ctx, body),
});

export const reviewRun = defineOperation({
  id: "reviewRun",
  rest: { method: "PATCH", path: "/api/v1/agents" },
  tag: "Pipeline",
  summary: "Approve or reject a completed run",
  description:
    "Approve moves the pipeline to the next step and applies `decisions`; reject keeps the step and feeds `feedback` into its next run. " +
    "Only a `completed` run can be reviewed (400 `run_not_reviewable`).",
  body: reviewRunRequest,
  response: runResponse,
  errors: ["not_found", "run_not_reviewable"],
  tool: {
    name: "pipeline_review_run",
    title: "Approve or reject a run",
    description:
      "Approves a completed run (the pipeline moves to the next step) or rejects it with feedback (the step's next run uses the feedback). Pass the founder's decisions (positioning, valueProposition, brandName, tagline, colorPalette) when they choose.",
    // A rejection discards the run's content items.
    destructive: true,
  },
  handler: ({ body }, ctx) => pipeline.reviewRun(ctx, body),
});

export const getPlaybook = defineOperation({
  id: "getPlaybook",
  rest: { method: "GET", path: "/api/v1/projects/{id}/brain" },
  tag: "Playbook",
  summary: "The project's Marketing Playbook",
  description:
    "The strategy the runs have built up: positioning, value proposition, audience, brand, voice, channels, the launch plan " +
    "and dated learnings from retros and the founder's edits, also as Markdown.",
  params: idParams,
  response: playbookResponse,
  tool: {
    name: "playbook_get",
    title: "Read the Marketing Playbook",
    description:
      "Returns the project's Marketing Playbook: positioning, value proposition, audience, brand, voice, channels, launch plan and dated learnings, also as Markdown.",
    readOnly: true,
    idempotent: true,
  },
  handler: ({ params }, ctx) => playbook.getPlaybook(ctx, { projectId: params.id }),
});

export const updateDecisions = defineOperation({
  id: "updateDecisions",
  rest: { method: "PATCH", path: "/api/v1/projects/{id}/decisions" },
  tag: "Playbook",
  summary: "Merge founder decisions into the project",
  description: "Members you send replace the stored ones; members you leave out are kept. Counts against the hourly write limit.",
  params: idParams,
  body: decisionsSchema,
  response: decisionsResponse,
  limit: "write",
  tool: {
    name: "decisions_update",
    title: "Update founder decisions",
    description: "Merges the founder's decisions into the project (members sent replace, others stay). Later agents follow them.",
    idempotent: true,
  },
  handler: ({ params, body }, ctx) => pipeline.updateDecisions(ctx, { projectId: params.id, decisions: body }),
});
