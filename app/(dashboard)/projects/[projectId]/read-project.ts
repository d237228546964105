import "server-only";
import { cache } from "react";
import { readOperation } from "@/lib/actions/run-operation";
import { getProject } from "@/lib/operations/projects";

/** The project, read once per request although the layout and the page both ask for it. */
export const readProject = cache((projectId: string) => readOperation(getProject, { params: { id: projectId } }));
