import { fileResultSchema } from "@/lib/core/file-result";
import { idParams } from "@/lib/schemas/common";
import { activeJobsResponse } from "@/lib/schemas/publishing";
import * as events from "@/lib/services/project-events";
import { defineOperation } from "./operation";

export const streamProjectEvents = defineOperation({
  id: "streamProjectEvents",
  rest: { method: "GET", path: "/api/v1/projects/{id}/events" },
  tag: "Projects",
  summary: "Server-Sent Events of the project's runs, until nothing runs",
  description:
    "A `text/event-stream` that reads the database, so it sees runs started anywhere. Events: `state` first and on every change " +
    "(`{project: {id, status, currentStep, steps, updatedAt}, runs: [{id, agentType, status, error, startedAt, completedAt, reviewedAt}], " +
    "jobs: [{id, kind: plan|draft|publish|metrics, subjectId, status: queued|running|succeeded|failed|cancelled, attempts, runAt, lastError, settledAt, progress: {step, steps, message} | null}]}`, the latest 25 jobs; " +
    "a plan or draft a request is writing is a `running` job whose `progress` moves through its stages), " +
    "`progress` every few seconds while a run is going (`{runId, agentType, elapsedSeconds, message}`), " +
    "then `end` (`{reason}`: `idle` when no run and no job is running, `reconnect` after about 5 minutes) and the stream closes. " +
    "Open it after starting a run (POST /api/v1/agents) to follow it instead of polling GET /api/v1/projects/{id}.",
  params: idParams,
  response: fileResultSchema,
  files: { "text/event-stream": { description: "The event stream: `state`, `progress` and `end` events" } },
  handler: ({ params }, ctx) => events.streamProjectEvents(ctx, { projectId: params.id }),
});

export const listActiveJobs = defineOperation({
  id: "listActiveJobs",
  reads: true,
  principals: ["session"],
  tag: "Dashboard",
  summary: "The plan or drafts being written in the project now, with their progress (what a reload shows)",
  params: idParams,
  response: activeJobsResponse,
  handler: ({ params }, ctx) => events.listActiveJobs(ctx, { projectId: params.id }),
});
