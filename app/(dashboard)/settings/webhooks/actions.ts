"use server";

import { revalidatePath } from "next/cache";
import { type FormState, failedForm, formText } from "@/lib/actions/form-state";
import { runOperation } from "@/lib/actions/run-operation";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  redeliverWebhook,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "@/lib/operations/webhooks";

const page = "/settings/webhooks";

export async function createWebhookAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const url = formText(formData, "url").trim();
  const events = formData.getAll("events").filter((value): value is string => typeof value === "string");
  const result = await runOperation(createWebhookEndpoint, { body: { url, events } });
  if (!result.ok) return failedForm(result, { url });
  revalidatePath(page);
  return {
    status: "success",
    message: "Endpoint added.",
    data: { secret: result.data.secret, url: result.data.endpoint.url },
  };
}

export async function toggleWebhookAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const enabled = formText(formData, "enabled") === "true";
  const result = await runOperation(updateWebhookEndpoint, {
    params: { endpointId: formText(formData, "endpointId") },
    body: { enabled },
  });
  if (!result.ok) return failedForm(result);
  revalidatePath(page);
  return { status: "success", message: enabled ? "Endpoint turned on." : "Endpoint turned off: nothing is sent to it." };
}

export async function rotateWebhookSecretAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const result = await runOperation(rotateWebhookSecret, { params: { endpointId: formText(formData, "endpointId") } });
  if (!result.ok) return failedForm(result);
  revalidatePath(page);
  return { status: "success", message: "New secret made.", data: { secret: result.data.secret } };
}

export async function deleteWebhookAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const result = await runOperation(deleteWebhookEndpoint, { params: { endpointId: formText(formData, "endpointId") } });
  if (!result.ok) return failedForm(result);
  revalidatePath(page);
  return { status: "success", message: "Endpoint deleted: nothing more is sent to it." };
}

export async function redeliverWebhookAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const result = await runOperation(redeliverWebhook, { params: { deliveryId: formText(formData, "deliveryId") } });
  if (!result.ok) return failedForm(result);
  revalidatePath(page);
  return { status: "success", message: "Sending it again now. Reload in a moment to see the attempt." };
}
