"use server";

import { runOperation } from "@/lib/actions/run-operation";
import { updateDecisions } from "@/lib/operations/projects";

export async function saveDecisions(projectId: string, body: unknown) {
  return runOperation(updateDecisions, { params: { id: projectId }, body });
}
