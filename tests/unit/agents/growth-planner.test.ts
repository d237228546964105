import { describe, expect, it } from "vitest";
import { toWeeklyPlan } from "@/lib/agents/growth-planner";

const item = (title: string) => ({ title, angle: "a", keyMessage: "k", cta: null, suggestedDay: "Mon", notes: null });

describe("normalizing a planner answer", () => {
  it("gives every item a unique slug without eating a title's own numbers", () => {
    const plan = toWeeklyPlan(
      {
        weekTheme: "w",
        rationale: "",
        founderTasks: [],
        skipped: [],
        contentPlan: [{ channel: "x", audienceRationale: null, items: [item("Top 3"), item("Top 3"), item("Top 3")] }],
      },
      2,
    );
    expect(plan.contentPlan[0]!.items.map((entry) => entry.slug)).toEqual(["w2-x-top-3", "w2-x-top-3-2", "w2-x-top-3-3"]);
    expect(plan.contentPlan[0]!.count).toBe(3);
  });

  it("keeps every field within the approval schema's limits and drops nulls", () => {
    const plan = toWeeklyPlan(
      {
        weekTheme: "t".repeat(500),
        rationale: "r",
        skipped: [],
        founderTasks: [{ title: "task", description: "d", category: "c".repeat(80), effort: "e", suggestedDay: null }],
        contentPlan: [{ channel: "linkedin", audienceRationale: null, items: [{ ...item("x"), cta: "Try it" }] }],
      },
      1,
    );
    expect(plan.weekTheme.length).toBeLessThanOrEqual(200);
    expect(plan.founderTasks[0]!.category.length).toBeLessThanOrEqual(50);
    expect(plan.founderTasks[0]).not.toHaveProperty("suggestedDay");
    expect(plan.contentPlan[0]).not.toHaveProperty("audienceRationale");
    expect(plan.contentPlan[0]!.items[0]).toMatchObject({ cta: "Try it" });
  });
});
