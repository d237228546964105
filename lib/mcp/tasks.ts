import type { TaskStore } from "@modelcontextprotocol/sdk/experimental/tasks";
import { ErrorCode, McpError, type Result, type Task } from "@modelcontextprotocol/sdk/types.js";
import type { ServiceContext } from "@/lib/core/context";
import { startAgent } from "@/lib/operations/projects";
import { findOwnedRun, listOwnedRuns, runAnswer } from "@/lib/services/pipeline";
import type { RunRecord } from "@/lib/services/project-records";
import { toolResult } from "./tool-results";

/**
 * MCP tasks (2025-11-25, experimental) as a view of what the database already records:
 * a task is an agent run of the caller's account, its id the run's id. Nothing lives in
 * memory, so any instance answers `tasks/get`, `tasks/result` and `tasks/list` for a run
 * another one started.
 */

/** The tools a client may call as a task (`execution.taskSupport: "optional"`). */
export const taskTools = new Set(["pipeline_run_agent"]);

/** How often a client should ask `tasks/get` (a run takes seconds to minutes). */
export const taskPollIntervalMs = 2000;
const pageSize = 50;

export const cannotCancel =
  "Agent runs cannot be cancelled: a run settles by itself within minutes (tasks/get shows when), then approve or reject it with pipeline_review_run.";

/**
 * A run as a task: `working` while it runs, `completed` once it settled, whatever its
 * outcome (the tool's answer is a run, failed or not, exactly as a plain call answers it);
 * a failed run says why in `statusMessage`. Runs are kept with their project: no ttl.
 */
export function taskOfRun(run: RunRecord): Task {
  const settled = run.status !== "running";
  const statusMessage = !settled
    ? `The ${run.agentType} run is running.`
    : run.status === "failed"
      ? `The ${run.agentType} run failed: ${run.error ?? "no reason recorded"}`
      : `The ${run.agentType} run is ${run.status}.`;
  return {
    taskId: run.id,
    status: settled ? "completed" : "working",
    statusMessage,
    createdAt: run.startedAt.toISOString(),
    lastUpdatedAt: (run.reviewedAt ?? run.completedAt ?? run.startedAt).toISOString(),
    ttl: null,
    pollInterval: taskPollIntervalMs,
  };
}

const taskNotFound = () => new McpError(ErrorCode.InvalidParams, "Failed to retrieve task: Task not found");

/** An opaque `tasks/list` cursor: the last run of the page (its start and id). */
const cursorOf = (run: RunRecord) => Buffer.from(JSON.stringify([run.startedAt.toISOString(), run.id])).toString("base64url");
function afterCursor(cursor: string): { startedAt: Date; id: string } {
  try {
    const [startedAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [string, string];
    const date = new Date(startedAt);
    if (typeof id === "string" && /^[0-9a-f-]{36}$/i.test(id) && !Number.isNaN(date.getTime())) return { startedAt: date, id };
  } catch {
    // answered below
  }
  throw new McpError(ErrorCode.InvalidParams, "Invalid cursor: pass nextCursor from the previous tasks/list answer.");
}

/**
 * The SDK's task store over the caller's agent runs. Every lookup names the account (a
 * stateless server has no session to bind tasks to; the account is the authorization
 * context), so another account's run is "not found", never shown. Tasks are created by
 * `tools/call` when the run is recorded, and a run records its own result, so the
 * store's writing methods refuse.
 */
export class AgentRunTaskStore implements TaskStore {
  constructor(private readonly ctx: ServiceContext) {}

  async getTask(taskId: string): Promise<Task | null> {
    const run = await findOwnedRun(this.ctx, { runId: taskId });
    return run ? taskOfRun(run) : null;
  }

  async getTaskResult(taskId: string): Promise<Result> {
    const run = await findOwnedRun(this.ctx, { runId: taskId });
    if (!run) throw taskNotFound();
    return toolResult(startAgent.response.parse(await runAnswer(this.ctx.db, run)));
  }

  async listTasks(cursor?: string): Promise<{ tasks: Task[]; nextCursor?: string }> {
    const runs = await listOwnedRuns(this.ctx, { limit: pageSize + 1, before: cursor ? afterCursor(cursor) : undefined });
    const page = runs.slice(0, pageSize);
    return { tasks: page.map(taskOfRun), ...(runs.length > pageSize && { nextCursor: cursorOf(page.at(-1)!) }) };
  }

  async createTask(): Promise<Task> {
    throw new McpError(ErrorCode.InvalidRequest, "Tasks are created by calling a tool that runs as a task.");
  }

  async storeTaskResult(): Promise<void> {
    throw new McpError(ErrorCode.InvalidRequest, "A run records its own result.");
  }

  async updateTaskStatus(_taskId: string, status: Task["status"]): Promise<void> {
    throw new McpError(ErrorCode.InvalidRequest, status === "cancelled" ? cannotCancel : "A run's status follows the run.");
  }
}
