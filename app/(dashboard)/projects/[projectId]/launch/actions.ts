"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { confirmProject, getProject, reviewRun, startAgent } from "@/lib/operations/projects";

/** How long the action waits for a run to settle before answering "started" and leaving the page to watch the event stream. */
const answerWithinMs = 3000;

/**
 * Starts the current step. Refusals (409, 402, 429) come back at once; a run that takes
 * longer keeps going on the server while the page follows it through the event stream.
 */
export async function startRun(projectId: string, agentType: string) {
  const work = runOperation(startAgent, { body: { projectId, agentType } });
  const early = await Promise.race([work, new Promise<null>((resolve) => setTimeout(() => resolve(null), answerWithinMs))]);
  if (early === null) return { ok: true as const, data: { settled: false } };
  return early.ok ? { ok: true as const, data: { settled: true } } : early;
}

/**
 * "Reject and redraft" in one move: rejects the draft with the founder's feedback, then starts
 * the step again, which drafts from that feedback (as `startRun` answers: settled or still going).
 */
export async function rejectAndRedraft(projectId: string, agentType: string, runId: string, feedback: string) {
  const trimmed = feedback.trim();
  const rejected = await runOperation(reviewRun, {
    body: { runId, action: "reject", ...(trimmed && { feedback: trimmed }) },
  });
  if (!rejected.ok) return rejected;
  return startRun(projectId, agentType);
}

export async function reviewLaunchRun(body: unknown) {
  const result = await runOperation(reviewRun, { body });
  return result.ok ? { ok: true as const, data: { status: result.data.run.status } } : result;
}

export async function confirmLaunchProject(projectId: string) {
  const result = await runOperation(confirmProject, { params: { id: projectId } });
  return result.ok ? { ok: true as const, data: { status: result.data.project.status } } : result;
}

/**
 * "Run the remaining steps", for a founder who trusts the agents: runs each step left and
 * approves its draft as it stands (no choices made), until the pack is ready or something
 * refuses (a plan's limit, a failed run), whose error comes back as is.
 */
export async function runRemainingSteps(projectId: string) {
  for (let turn = 0; turn < 12; turn++) {
    const detail = await runOperation(getProject, { params: { id: projectId } });
    if (!detail.ok) return detail;
    const { project, runs } = detail.data;
    const step = project.pipeline.currentStep;
    if (project.status !== "pipeline" || !step) return { ok: true as const, data: { done: true } };
    const status = project.pipeline.steps.find((entry) => entry.agentType === step)?.status;
    if (status === "running") return { ok: true as const, data: { done: false } };
    const latest = runs.filter((entry) => entry.agentType === step).at(-1);
    const result =
      status === "completed" && latest
        ? await runOperation(reviewRun, { body: { runId: latest.id, action: "approve" } })
        : await runOperation(startAgent, { body: { projectId, agentType: step } });
    if (!result.ok) return result;
  }
  return { ok: true as const, data: { done: false } };
}
