"use server";

import type { z } from "zod";
import { runOperation } from "@/lib/actions/run-operation";
import { createShareLink, removeProjectLogo, revokeShareLink, uploadProjectLogo } from "@/lib/operations/dashboard";
import { updateProject } from "@/lib/operations/projects";
import {
  connectWithForm,
  deleteConnection,
  startMastodonConnection,
  startOAuthConnection,
  updatePublishingSettings,
} from "@/lib/operations/publishing";
import type { Network, oauthNetworkSchema } from "@/lib/schemas/publishing";

export async function createShare(projectId: string) {
  return runOperation(createShareLink, { params: { id: projectId } });
}

export async function revokeShare(projectId: string, linkId: string) {
  return runOperation(revokeShareLink, { params: { id: projectId, linkId } });
}

/** The logo from the form, base64-encoded into the operation's body (checked there, by its bytes). */
export async function uploadLogo(projectId: string, form: FormData) {
  const file = form.get("logo");
  const body =
    file instanceof File ? { contentType: file.type, data: Buffer.from(await file.arrayBuffer()).toString("base64") } : {};
  const result = await runOperation(uploadProjectLogo, { params: { id: projectId }, body });
  return result.ok ? { ok: true as const, data: { saved: true } } : result;
}

export async function removeLogo(projectId: string) {
  const result = await runOperation(removeProjectLogo, { params: { id: projectId } });
  return result.ok ? { ok: true as const, data: { removed: true } } : result;
}

export const connectWithFormAction = async (projectId: string, network: Network, fields: Record<string, string>) =>
  runOperation(connectWithForm, { body: { projectId, network, fields } });
export const startMastodonAction = async (projectId: string, instanceUrl: string) =>
  runOperation(startMastodonConnection, { body: { projectId, instanceUrl } });
export const startOAuthAction = async (projectId: string, network: z.infer<typeof oauthNetworkSchema>) =>
  runOperation(startOAuthConnection, { body: { projectId, network } });
export const deleteConnectionAction = async (connectionId: string) =>
  runOperation(deleteConnection, { params: { connectionId } });
export const saveTimeZoneAction = async (projectId: string, timeZone: string) =>
  runOperation(updatePublishingSettings, { params: { id: projectId }, body: { timeZone } });
export const saveEmailRemindersAction = async (projectId: string, emailReminders: boolean) =>
  runOperation(updatePublishingSettings, { params: { id: projectId }, body: { emailReminders } });
/** Renames the project and sets the language its agents write in (the project's update operation). */
export async function saveProjectBasics(projectId: string, body: { name: string; language: string }) {
  const result = await runOperation(updateProject, { params: { id: projectId }, body });
  return result.ok
    ? { ok: true as const, data: { name: result.data.project.name, language: result.data.project.language } }
    : result;
}
