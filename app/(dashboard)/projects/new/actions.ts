"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { discardOnboardingDraft, saveOnboardingDraft, startProjectFromDraft } from "@/lib/operations/dashboard";

export async function saveDraft(step: number, answers: unknown) {
  return runOperation(saveOnboardingDraft, { body: { step, answers } });
}

export async function discardDraft() {
  return runOperation(discardOnboardingDraft);
}

/** "Confirm and start": creates and confirms the project from the answers (validated again here) and forgets the draft, in one step. */
export async function createAndConfirm(body: unknown) {
  const started = await runOperation(startProjectFromDraft, { body });
  return started.ok ? { ok: true as const, data: { projectId: started.data.project.id } } : started;
}
