import { describe, expect, it } from "vitest";
import { planNeeds } from "@/components/plan-needs";
import { entitlementsOf, noEntitlements } from "@/lib/limits";

describe("the plan badges of gated actions", () => {
  it("name the cheapest plan that allows each locked action, in one spelling", () => {
    const free = entitlementsOf({ plan: "free", activated: true });
    expect(planNeeds(free, 0)).toEqual({ growth: "Pro", exports: "Pro", moreProjects: undefined });
    expect(planNeeds(free, 1), "at the free plan's one project").toMatchObject({ moreProjects: "Studio" });
    const pro = entitlementsOf({ plan: "pro", activated: true });
    expect(planNeeds(pro, 1)).toEqual({ growth: undefined, exports: undefined, moreProjects: "Studio" });
    const studio = entitlementsOf({ plan: "studio", activated: true });
    expect(planNeeds(studio, 10), "no plan has more than Studio").toEqual({});
    expect(planNeeds(noEntitlements, 0)).toEqual({ growth: "Pro", exports: "Pro", moreProjects: "Pro" });
  });
});
