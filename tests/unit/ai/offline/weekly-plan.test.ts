import { describe, expect, it } from "vitest";
import { offlineWeeklyPlan } from "@/lib/ai/offline/weekly-plan";
import type { CycleHistory, PlannerInput } from "@/lib/schemas/agent-inputs";
import type { Channel } from "@/lib/schemas/growth";

// The offline planner reads what each post's tracked link brought: the same week one, graded
// the same, is planned differently once a channel's posts brought sign-ups (or only clicks).

type Results = Partial<Record<Channel, { clicks: number; signups: number }>>;

/** Week one: one published post on each channel, none graded, with what its link brought. */
function weekOne(results: Results = {}): CycleHistory {
  return {
    weekNumber: 1,
    theme: "Meet Tidybooks",
    items: (["x", "linkedin", "reddit"] as const).map((channel) => ({
      channel,
      title: `The ${channel} post`,
      angle: "Why we built it",
      status: "published",
      result: "published",
      grade: null,
      resultNote: null,
      results: results[channel] ?? null,
    })),
    tasks: [],
    overall: null,
  };
}

function plannerInput(weeklyHours: string, results?: Results): PlannerInput {
  return {
    projectName: "Tidybooks",
    language: "en",
    onboarding: {
      businessName: "Tidybooks",
      productDescription: "Bookkeeping that reconciles itself overnight for freelancers.",
      problemSolved: "Freelancers lose a weekend a quarter to bookkeeping.",
      enabledChannels: ["X", "LinkedIn", "Reddit"],
      weeklyHours,
    },
    decisions: {},
    playbook: {},
    weekNumber: 2,
    history: [weekOne(results)],
    today: "2026-11-30",
  };
}

const channelsOf = (plan: ReturnType<typeof offlineWeeklyPlan>) => plan.contentPlan.map((entry) => entry.channel);
const countOf = (plan: ReturnType<typeof offlineWeeklyPlan>, channel: Channel) =>
  plan.contentPlan.find((entry) => entry.channel === channel)?.items.length ?? 0;

describe("the offline weekly plan after a week with tracked links", () => {
  it("spends a one-post week on the channel whose posts brought sign-ups, not the first one named", () => {
    const without = offlineWeeklyPlan(plannerInput("1 hour"));
    expect(channelsOf(without)).toEqual(["x"]);

    const withSignups = offlineWeeklyPlan(
      plannerInput("1 hour", { reddit: { clicks: 40, signups: 3 }, x: { clicks: 12, signups: 0 } }),
    );
    expect(channelsOf(withSignups)).toEqual(["reddit"]);
    expect(withSignups.skipped.map((entry) => entry.what)).toContain("X");
    expect(withSignups.rationale).toContain("Reddit gets more: its posts brought 3 sign-ups from 40 clicks last week.");
    expect(without.rationale).not.toContain("sign-up");
  });

  it("puts the converting channel first with more posts, on a larger budget", () => {
    const without = offlineWeeklyPlan(plannerInput("5 hours"));
    expect(channelsOf(without)).toEqual(["x", "linkedin", "reddit"]);
    expect(countOf(without, "reddit")).toBe(1);

    const withSignups = offlineWeeklyPlan(plannerInput("5 hours", { reddit: { clicks: 40, signups: 1 } }));
    expect(channelsOf(withSignups)[0]).toBe("reddit");
    expect(countOf(withSignups, "reddit")).toBe(2);
    expect(withSignups.contentPlan.find((entry) => entry.channel === "reddit")!.items[0]!.notes).toContain("The reddit post");
  });

  it("moves a channel whose clicks brought no sign-up behind the others, and says why", () => {
    const plan = offlineWeeklyPlan(plannerInput("5 hours", { x: { clicks: 30, signups: 0 } }));
    expect(channelsOf(plan)).toEqual(["linkedin", "reddit", "x"]);
    expect(plan.rationale).toContain("X brought 30 clicks but no sign-ups last week");
    // A handful of clicks is too few to judge: the order stays.
    expect(channelsOf(offlineWeeklyPlan(plannerInput("5 hours", { x: { clicks: 5, signups: 0 } })))).toEqual([
      "x",
      "linkedin",
      "reddit",
    ]);
  });
});
