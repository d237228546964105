import { describe, expect, it } from "vitest";
import { planLines } from "@/components/plan-lines";
import { planCatalog } from "@/lib/limits/plans";

describe("the plans in words (pricing and billing pages)", () => {
  it("says what the plan table says, for every plan", () => {
    for (const plan of ["free", "pro", "studio"] as const) {
      const { projects, dailyRuns, canExport, canGrow } = planCatalog[plan];
      const lines = planLines(plan);
      expect(lines[0]!.text).toContain(String(projects));
      expect(lines[1]!.text).toContain(`${dailyRuns} drafts a day`);
      expect(lines.slice(2).map((line) => line.included)).toEqual([canExport, canGrow]);
    }
    expect(planLines("studio").map((line) => line.text)).toEqual([
      "Up to 10 projects",
      "100 drafts a day per project",
      "Exports: JSON, DOCX, PDF, XLSX",
      "Weekly growth loop",
    ]);
  });
});
