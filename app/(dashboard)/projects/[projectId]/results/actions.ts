"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { createIngestKey, updateLinkSettings } from "@/lib/operations/links";

// One line each: the operations validate everything a browser sends (closed schemas, gates, limits).

export const updateLinkSettingsAction = async (projectId: string, body: unknown) =>
  runOperation(updateLinkSettings, { params: { id: projectId }, body });
export const createSiteKeyAction = async (projectId: string) =>
  runOperation(createIngestKey, { params: { id: projectId }, body: { kind: "publishable" } });
