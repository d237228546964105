import type { z } from "zod";
import { AppError } from "@/lib/errors";
import type { projectStatusSchema } from "@/lib/schemas/project";

type ProjectStatus = z.infer<typeof projectStatusSchema>;

/** Entering growth needs all five pipeline steps approved (409 `pipeline_incomplete`). */
export function assertCanStartGrowth(status: ProjectStatus): void {
  if (status === "onboarding" || status === "pipeline") throw new AppError("pipeline_incomplete");
}

/** Why a project cannot plan a week yet, or null when it is in the growth phase. */
export function growthPhaseError(status: ProjectStatus): AppError | null {
  if (status === "growth") return null;
  return new AppError(status === "launch_ready" ? "growth_not_started" : "pipeline_incomplete");
}
