import { describe, expect, it } from "vitest";
import { decisionReaders, readsDecision } from "@/lib/agents/decision-readers";
import { agentTypes, decisionsSchema } from "@/lib/schemas/project";

describe("decision readers", () => {
  it("names the readers of every decision, in pipeline order", () => {
    expect(Object.keys(decisionReaders).sort()).toEqual(Object.keys(decisionsSchema.shape).sort());
    for (const readers of Object.values(decisionReaders))
      expect([...readers]).toEqual(agentTypes.filter((step) => readers.includes(step)));
  });

  it("leaves the step that offers a decision's options, and the steps before it, out of a change", () => {
    expect(readsDecision("brand-architect", "tagline")).toBe(false);
    expect(readsDecision("market-strategist", "tagline")).toBe(false);
    expect(readsDecision("website-copy", "tagline")).toBe(true);
    expect(readsDecision("market-strategist", "positioning")).toBe(false);
    expect(readsDecision("brand-architect", "positioning")).toBe(true);
  });

  it("counts a decision it does not know (older data) as read by every step", () => {
    expect(agentTypes.every((step) => readsDecision(step, "somethingOld"))).toBe(true);
  });
});
