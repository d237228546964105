import { describe, expect, it } from "vitest";
import { furthestProject, gettingStarted } from "@/components/getting-started-steps";

const nothingYet = { connected: false, plannedAWeek: false, closedAWeek: false };
const ticks = (steps: ReturnType<typeof gettingStarted>) => steps?.map((step) => step.done);

describe("the getting-started checklist", () => {
  it("starts a new founder at the questions, every other step still ahead", () => {
    const steps = gettingStarted([], nothingYet)!;
    expect(steps.map((step) => step.label)).toEqual([
      "Answer the questions about your product",
      "Review your launch",
      "Connect an account to publish to",
      "Plan your first week",
      "Close your first week with a short retro",
    ]);
    expect(ticks(steps)).toEqual([false, false, false, false, false]);
    expect(steps[0]!.href).toBe("/projects/new");
    expect(steps.slice(1).map((step) => step.href)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("ticks from the furthest project's status, and links each step to its place in it", () => {
    const projects = [
      { id: "a", status: "onboarding" as const },
      { id: "b", status: "launch_ready" as const },
    ];
    const steps = gettingStarted(projects, nothingYet)!;
    expect(ticks(steps)).toEqual([true, true, false, false, false]);
    expect(steps.map((step) => step.href)).toEqual([
      "/projects/b/launch",
      "/projects/b/launch",
      "/projects/b/settings",
      "/projects/b/growth",
      undefined,
    ]);
  });

  it("ticks a connected account and a planned week from the data, whatever the order", () => {
    const pipeline = gettingStarted([{ id: "p", status: "pipeline" }], { ...nothingYet, connected: true });
    expect(ticks(pipeline)).toEqual([true, false, true, false, false]);
    const growing = gettingStarted([{ id: "g", status: "growth" }], { ...nothingYet, plannedAWeek: true });
    expect(ticks(growing)).toEqual([true, true, false, true, false]);
    expect(growing![4]!.href).toBe("/projects/g/growth");
  });

  it("goes away once a week is closed", () => {
    expect(
      gettingStarted([{ id: "g", status: "growth" }], { connected: true, plannedAWeek: true, closedAWeek: true }),
    ).toBeNull();
  });

  it("picks the project furthest along", () => {
    expect(furthestProject([])).toBeUndefined();
    expect(
      furthestProject([
        { id: "a", status: "pipeline" },
        { id: "b", status: "growth" },
        { id: "c", status: "onboarding" },
      ])?.id,
    ).toBe("b");
  });
});
