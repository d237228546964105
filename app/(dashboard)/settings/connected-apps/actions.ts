"use server";

import { revalidatePath } from "next/cache";
import { type FormState, failedForm, formText } from "@/lib/actions/form-state";
import { runOperation } from "@/lib/actions/run-operation";
import { revokeConnectedApp } from "@/lib/operations/connected-apps";

export async function revokeConnectedAppAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const result = await runOperation(revokeConnectedApp, { params: { grantId: formText(formData, "grantId") } });
  if (!result.ok) return failedForm(result);
  revalidatePath("/settings/connected-apps");
  return { status: "success", message: "Disconnected: the app can no longer use your account." };
}
