"use server";

import { redirect } from "next/navigation";
import { type FormState, failedForm, formText } from "@/lib/actions/form-state";
import { runOperation } from "@/lib/actions/run-operation";
import { answerAuthorization } from "@/lib/operations/connected-apps";
import { authorizationDecisionRequest } from "@/lib/schemas/oauth";

/** The authorization request the form carries back, by the decision schema's own field names. */
const requestFields = Object.keys(authorizationDecisionRequest.shape).filter((name) => name !== "decision");

/** Allow or Deny on the consent page: a server action (Next checks its origin) for the signed-in founder only. */
export async function answerAuthorizationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const body: Record<string, string> = { decision: formText(formData, "decision") };
  for (const name of requestFields) if (formData.has(name)) body[name] = formText(formData, name);
  const result = await runOperation(answerAuthorization, { body });
  if (!result.ok) return failedForm(result);
  redirect(result.data.redirectTo);
}
