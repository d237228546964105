"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { discardOnboardingDraft, saveOnboardingDraft } from "@/lib/operations/dashboard";
import { confirmProject, createProject } from "@/lib/operations/projects";

export async function saveDraft(step: number, answers: unknown) {
  return runOperation(saveOnboardingDraft, { body: { step, answers } });
}

export async function discardDraft() {
  return runOperation(discardOnboardingDraft);
}

/** "Confirm and start": creates the project from the answers (validated again here), confirms it, forgets the draft. */
export async function createAndConfirm(body: unknown) {
  const created = await runOperation(createProject, { body });
  if (!created.ok) return created;
  const confirmed = await runOperation(confirmProject, { params: { id: created.data.project.id } });
  if (!confirmed.ok) return confirmed;
  await runOperation(discardOnboardingDraft);
  return { ok: true as const, data: { projectId: confirmed.data.project.id } };
}
