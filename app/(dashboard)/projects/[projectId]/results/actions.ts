"use server";

import { revalidatePath } from "next/cache";
import { type FormState, failedForm, formText } from "@/lib/actions/form-state";
import { runOperation } from "@/lib/actions/run-operation";
import { createIngestKey, revokeIngestKey, updateLinkSettings } from "@/lib/operations/links";

// One line each: the operations validate everything a browser sends (closed schemas, gates, limits).

export const updateLinkSettingsAction = async (projectId: string, body: unknown) =>
  runOperation(updateLinkSettings, { params: { id: projectId }, body });
export const createSiteKeyAction = async (projectId: string) =>
  runOperation(createIngestKey, { params: { id: projectId }, body: { kind: "publishable" } });
export const createServerKeyAction = async (projectId: string) =>
  runOperation(createIngestKey, { params: { id: projectId }, body: { kind: "secret" } });

export async function revokeIngestKeyAction(projectId: string, _previous: FormState, formData: FormData): Promise<FormState> {
  const result = await runOperation(revokeIngestKey, { params: { id: projectId, keyId: formText(formData, "keyId") } });
  if (!result.ok) return failedForm(result);
  revalidatePath(`/projects/${projectId}/settings`);
  return { status: "success", message: `Key “${result.data.ingestKey.name}” revoked: it no longer reports conversions.` };
}
