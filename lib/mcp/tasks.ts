import type { TaskStore } from "@modelcontextprotocol/sdk/experimental/tasks";
import { ErrorCode, McpError, type Result, type Task } from "@modelcontextprotocol/sdk/types.js";
import type { ServiceContext } from "@/lib/core/context";
import { AppError, type ErrorCode as AppErrorCode } from "@/lib/errors";
import { watchJobs } from "@/lib/jobs/events";
import { type JobRecord, listJobs, readJob } from "@/lib/jobs/store";
import { generateItem, planCycle } from "@/lib/operations/growth";
import { startAgent } from "@/lib/operations/projects";
import type { JobKind, JobProgress } from "@/lib/schemas/publishing";
import { cycleWithContents, getOwnedCycle, getOwnedItem } from "@/lib/services/growth/load";
import { serializeItem } from "@/lib/services/growth/serialize";
import { findOwnedRun, listOwnedRuns, runAnswer } from "@/lib/services/pipeline";
import type { RunRecord } from "@/lib/services/project-records";
import { toolError, toolResult } from "./tool-results";

/**
 * MCP tasks (2025-11-25, experimental) as a view of what the database already records:
 * a task is an agent run of the caller's account (its id the run's id), or a plan or a
 * draft being written (its id the job's id, lib/jobs). Nothing lives in memory, so any
 * instance answers `tasks/get`, `tasks/result` and `tasks/list` for work another one started.
 */

/** The tools a client may call as a task (`execution.taskSupport: "optional"`): every long tool. */
export const taskTools = new Set(["pipeline_run_agent", "growth_plan_cycle", "growth_generate_item"]);

/** The job kinds that are tasks, and what a task's message calls them. */
const taskJobs: Partial<Record<JobKind, string>> = { plan: "week plan", draft: "draft" };
const taskJobKinds = Object.keys(taskJobs) as JobKind[];

/** How long `tasks/result` waits for a plan or draft still being written (a request's limit). */
const resultWaitMs = 280_000;

/** How often a client should ask `tasks/get` (a run takes seconds to minutes). */
export const taskPollIntervalMs = 2000;
const pageSize = 50;

export const cannotCancel =
  "Tasks cannot be cancelled: an agent run, a plan or a draft settles by itself within minutes (tasks/get shows when); then review what it made.";

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

/** A plan or draft job as a task: `working` while it runs, then `completed` with the tool's answer or `failed` with its error. */
export function taskOfJob(job: JobRecord): Task {
  const what = taskJobs[job.kind] ?? job.kind;
  const progress = job.payload.progress as JobProgress | undefined;
  const working = job.status === "queued" || job.status === "running";
  const statusMessage = working
    ? (progress?.message ?? `The ${what} is being written.`)
    : job.status === "succeeded"
      ? `The ${what} is ready.`
      : `The ${what} failed: ${job.lastError ?? "no reason recorded"}`;
  return {
    taskId: job.id,
    status: working ? "working" : job.status === "succeeded" ? "completed" : "failed",
    statusMessage,
    createdAt: job.createdAt.toISOString(),
    lastUpdatedAt: job.updatedAt.toISOString(),
    ttl: null,
    pollInterval: taskPollIntervalMs,
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const taskNotFound = () => new McpError(ErrorCode.InvalidParams, "Failed to retrieve task: Task not found");

/** An opaque `tasks/list` cursor: the last task of the page (its creation and id). */
const cursorOf = (task: Task) => Buffer.from(JSON.stringify([task.createdAt, task.taskId])).toString("base64url");
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
 * The SDK's task store over the caller's long work: agent runs, and plans and drafts being
 * written. Every lookup names the account (a stateless server has no session to bind tasks
 * to; the account is the authorization context), so another account's work is "not found",
 * never shown. Tasks are created by `tools/call` when the work is recorded, and the work
 * records its own result, so the store's writing methods refuse.
 */
export class LongWorkTaskStore implements TaskStore {
  constructor(private readonly ctx: ServiceContext) {}

  private async ownedJob(taskId: string) {
    if (!uuidPattern.test(taskId)) return null;
    const job = await readJob(this.ctx.db, { accountId: this.ctx.account.id, jobId: taskId });
    return job && taskJobs[job.kind] ? job : null;
  }

  async getTask(taskId: string): Promise<Task | null> {
    const run = await findOwnedRun(this.ctx, { runId: taskId });
    if (run) return taskOfRun(run);
    const job = await this.ownedJob(taskId);
    return job ? taskOfJob(job) : null;
  }

  async getTaskResult(taskId: string): Promise<Result> {
    const run = await findOwnedRun(this.ctx, { runId: taskId });
    if (run) return toolResult(startAgent.response.parse(await runAnswer(this.ctx.db, run)));
    const job = await this.settledJob(taskId);
    if (!job) throw taskNotFound();
    return this.answerOf(job);
  }

  /** The job once it settled: told of its changes (lib/jobs/events), not polling. */
  private async settledJob(taskId: string) {
    const watch = watchJobs(this.ctx.db, (change) => change.jobId === taskId);
    try {
      const until = Date.now() + resultWaitMs;
      for (;;) {
        const job = await this.ownedJob(taskId);
        if (!job || (job.status !== "queued" && job.status !== "running") || Date.now() >= until) return job;
        await watch.next(Math.min(30_000, until - Date.now()));
      }
    } finally {
      watch.close();
    }
  }

  /** What the tool answers for a settled plan or draft job: the cycle or the item, or the error it ended with. */
  private async answerOf(job: JobRecord): Promise<Result> {
    const { db, account } = this.ctx;
    if (job.status === "succeeded" && job.kind === "plan") {
      const { cycle } = await getOwnedCycle(db, { accountId: account.id, cycleId: String(job.payload.cycleId) });
      return toolResult(planCycle.response.parse(await cycleWithContents(db, cycle)));
    }
    if (job.status === "succeeded") {
      const { item } = await getOwnedItem(db, { accountId: account.id, itemId: job.subjectId });
      return toolResult(generateItem.response.parse({ item: serializeItem(item) }));
    }
    const payload = job.payload as { code?: AppErrorCode; message?: string };
    const working = job.status === "queued" || job.status === "running";
    return toolError(
      working
        ? new AppError("agent_running", "The work is still under way: ask tasks/result again.")
        : new AppError(payload.code ?? "internal_error", payload.message ?? job.lastError ?? undefined),
      this.ctx.requestId,
    );
  }

  async listTasks(cursor?: string): Promise<{ tasks: Task[]; nextCursor?: string }> {
    const before = cursor ? afterCursor(cursor) : undefined;
    const [runs, jobs] = await Promise.all([
      listOwnedRuns(this.ctx, { limit: pageSize + 1, before }),
      listJobs(this.ctx.db, {
        accountId: this.ctx.account.id,
        kinds: taskJobKinds,
        limit: pageSize + 1,
        before: before && { at: before.startedAt, id: before.id },
      }),
    ]);
    // Both newest first: merged by creation, then id, as the cursor orders them.
    const tasks = [...runs.map(taskOfRun), ...jobs.map(taskOfJob)].sort(
      (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (b.taskId > a.taskId ? 1 : b.taskId < a.taskId ? -1 : 0),
    );
    const page = tasks.slice(0, pageSize);
    return { tasks: page, ...(tasks.length > pageSize && { nextCursor: cursorOf(page.at(-1)!) }) };
  }

  async createTask(): Promise<Task> {
    throw new McpError(ErrorCode.InvalidRequest, "Tasks are created by calling a tool that runs as a task.");
  }

  async storeTaskResult(): Promise<void> {
    throw new McpError(ErrorCode.InvalidRequest, "The work records its own result.");
  }

  async updateTaskStatus(_taskId: string, status: Task["status"]): Promise<void> {
    throw new McpError(ErrorCode.InvalidRequest, status === "cancelled" ? cannotCancel : "A task's status follows its work.");
  }
}
