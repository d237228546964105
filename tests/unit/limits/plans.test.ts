import { describe, expect, it } from "vitest";
import { entitlementsOf, noEntitlements, publicPlans, secondsToUtcMidnight, utcDay } from "@/lib/limits";

describe("the entitlements table", () => {
  it.each([
    [
      { plan: "free", activated: true },
      { projects: 1, dailyRuns: 15, dailyRunsScope: "account", canExport: false, canGrow: false },
    ],
    [
      { plan: "pro", activated: true },
      { projects: 1, dailyRuns: 40, dailyRunsScope: "account", canExport: true, canGrow: true },
    ],
    [
      { plan: "studio", activated: true },
      { projects: 10, dailyRuns: 100, dailyRunsScope: "project", canExport: true, canGrow: true },
    ],
    [{ plan: "pro", activated: false }, noEntitlements],
  ] as const)("%o may do %o", (account, expected) => {
    expect(entitlementsOf(account)).toEqual(expected);
  });

  it("an unactivated account has zero entitlements", () => {
    expect(noEntitlements).toEqual({ projects: 0, dailyRuns: 0, dailyRunsScope: "account", canExport: false, canGrow: false });
  });

  it("lists the public plans as the specification prices them", () => {
    expect(
      publicPlans().map(({ plan, priceUsd, projects, dailyRuns, canExport }) => ({
        plan,
        priceUsd,
        projects,
        dailyRuns,
        canExport,
      })),
    ).toEqual([
      { plan: "free", priceUsd: 0, projects: 1, dailyRuns: 15, canExport: false },
      { plan: "pro", priceUsd: 24, projects: 1, dailyRuns: 40, canExport: true },
      { plan: "studio", priceUsd: 89, projects: 10, dailyRuns: 100, canExport: true },
    ]);
  });
});

describe("UTC days", () => {
  it.each([
    ["2026-11-22T00:00:00.000Z", 86_400],
    ["2026-11-22T12:00:00.000Z", 43_200],
    ["2026-11-22T23:59:59.000Z", 1],
    ["2026-11-22T23:59:59.999Z", 1],
    ["2026-12-31T23:00:00.000Z", 3_600],
  ])("from %s to midnight is %i whole seconds", (now, seconds) => {
    expect(secondsToUtcMidnight(new Date(now))).toBe(seconds);
  });

  it("counts by the UTC calendar day whatever the local time zone", () => {
    expect(utcDay(new Date("2026-11-22T23:30:00-05:00"))).toBe("2026-11-23");
  });
});
