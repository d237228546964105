"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { type FormState, failedForm, formText } from "@/lib/actions/form-state";
import { runOperation } from "@/lib/actions/run-operation";
import { signOut } from "@/lib/actions/session";
import { deleteAccount, deleteProject, openBillingPortal } from "@/lib/operations/account-admin";
import { updateAlertPreferences } from "@/lib/operations/alerts";
import { createCheckout } from "@/lib/operations/billing";
import { createKey, revokeKey } from "@/lib/operations/keys";
import type { AlertKind } from "@/lib/schemas/alerts";

export async function createKeyAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const name = formText(formData, "name").trim();
  const result = await runOperation(createKey, { body: { name } });
  if (!result.ok) return failedForm(result, { name });
  revalidatePath("/settings/keys");
  return {
    status: "success",
    message: `Key “${result.data.apiKey.name}” created.`,
    data: { key: result.data.key, name: result.data.apiKey.name },
  };
}

export async function revokeKeyAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const result = await runOperation(revokeKey, { params: { keyId: formText(formData, "keyId") } });
  if (!result.ok) return failedForm(result);
  revalidatePath("/settings/keys");
  return { status: "success", message: `Key “${result.data.apiKey.name}” revoked: it no longer works.` };
}

export async function checkoutAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const returnTo = formText(formData, "returnTo");
  const result = await runOperation(createCheckout, {
    body: { plan: formText(formData, "plan"), ...(returnTo && { returnTo }) },
  });
  if (!result.ok) return failedForm(result);
  redirect(result.data.url);
}

export async function billingPortalAction(_previous: FormState): Promise<FormState> {
  const result = await runOperation(openBillingPortal);
  if (!result.ok) return failedForm(result);
  redirect(result.data.url);
}

export async function deleteProjectAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const projectId = formText(formData, "projectId");
  const confirmName = formText(formData, "confirmName");
  const result = await runOperation(deleteProject, { params: { id: projectId }, body: { confirmName } });
  if (!result.ok) return failedForm(result, { projectId, confirmName });
  revalidatePath("/", "layout");
  return { status: "success", message: `The project “${confirmName.trim()}” and all its content are deleted.` };
}

export async function deleteAccountAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const confirmEmail = formText(formData, "confirmEmail");
  const result = await runOperation(deleteAccount, { body: { confirmEmail } });
  if (!result.ok) return failedForm(result, { confirmEmail });
  await signOut();
  redirect("/?account_deleted=1");
}

export const updateAlertPreferencesAction = async (changes: Partial<Record<AlertKind, boolean>>) =>
  runOperation(updateAlertPreferences, { body: changes });
