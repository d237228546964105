import { type Plan, planCatalog } from "@/lib/limits/plans";

export interface PlanLine {
  text: string;
  included: boolean;
}

/** What a plan includes, in words, from the one plan table every gate asks (pricing and billing pages). */
export function planLines(plan: Plan): PlanLine[] {
  const { projects, dailyRuns, dailyRunsScope, canExport, canGrow } = planCatalog[plan];
  return [
    { text: projects === 1 ? "1 project" : `Up to ${projects} projects`, included: true },
    { text: `${dailyRuns} drafts a day${dailyRunsScope === "project" ? " per project" : ""}`, included: true },
    { text: canExport ? "Exports: JSON, DOCX, PDF, XLSX" : "No exports", included: canExport },
    { text: canGrow ? "Weekly growth loop" : "No weekly growth loop", included: canGrow },
  ];
}
