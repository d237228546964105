"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { confirmProject, reviewRun, startAgent } from "@/lib/operations/projects";

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

export async function reviewLaunchRun(body: unknown) {
  const result = await runOperation(reviewRun, { body });
  return result.ok ? { ok: true as const, data: { status: result.data.run.status } } : result;
}

export async function confirmLaunchProject(projectId: string) {
  const result = await runOperation(confirmProject, { params: { id: projectId } });
  return result.ok ? { ok: true as const, data: { status: result.data.project.status } } : result;
}
