import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountRecord } from "@/lib/db/records";
import { dailyRunUsage } from "@/lib/db/schema";
import { toErrorEnvelope } from "@/lib/errors";
import { assertCanCreateProject, assertCanExport, assertCanGrow, releaseDailyRun, reserveDailyRun } from "@/lib/limits";
import { accountOnPlan, addProjects, type PlanState } from "../support/accounts";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function failure(run: () => unknown) {
  try {
    await run();
  } catch (error) {
    return toErrorEnvelope(error);
  }
  throw new Error("expected the gate to refuse");
}

const upgrade = (feature: string, plans: string[]) => ({
  feature,
  upgrade: {
    plans,
    checkout: { method: "POST", path: "/api/v1/billing/checkout", body: { plan: plans[0] ?? "studio" } },
    pricingUrl: "http://launchloop.test/pricing",
    docsUrl: "http://launchloop.test/docs/billing",
  },
});

describe("project count gate", () => {
  it.each<[PlanState, number, string[]]>([
    ["unactivated", 0, ["pro", "studio"]],
    ["free", 1, ["studio"]],
    ["pro", 1, ["studio"]],
    ["studio", 10, []],
  ])("%s allows %i project(s), then answers 402 projects", async (plan, allowed, liftingPlans) => {
    const account = await accountOnPlan(app.db, plan);
    await addProjects(app.db, account, allowed);
    if (allowed > 0) {
      const oneLess = await accountOnPlan(app.db, plan);
      await addProjects(app.db, oneLess, allowed - 1);
      await expect(assertCanCreateProject(app.db, oneLess)).resolves.toBeUndefined();
    }
    const refused = await failure(() => assertCanCreateProject(app.db, account));
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      error: expect.any(String),
      code: "upgrade_required",
      retryable: false,
      ...upgrade("projects", liftingPlans),
    });
  });
});

describe("exports and growth gates", () => {
  it.each<[PlanState, boolean]>([
    ["unactivated", false],
    ["free", false],
    ["pro", true],
    ["studio", true],
  ])("%s: exports and growth allowed = %s", async (plan, allowed) => {
    const account = await accountOnPlan(app.db, plan);
    if (allowed) {
      expect(() => assertCanExport(account)).not.toThrow();
      expect(() => assertCanGrow(account)).not.toThrow();
      return;
    }
    const exports = await failure(() => assertCanExport(account));
    const growth = await failure(() => assertCanGrow(account));
    expect([exports.status, growth.status]).toEqual([402, 402]);
    expect(exports.body).toMatchObject({ code: "upgrade_required", ...upgrade("exports", ["pro", "studio"]) });
    expect(growth.body).toMatchObject({ code: "upgrade_required", ...upgrade("growth", ["pro", "studio"]) });
  });
});

describe("daily run cap", () => {
  const noon = new Date("2026-11-22T12:00:00Z");

  async function reserveAll(account: AccountRecord, projectId: string, times: number, now = noon) {
    for (let i = 0; i < times; i++) await app.db.transaction((tx) => reserveDailyRun(tx, { account, projectId, now }));
  }
  const reserve = (account: AccountRecord, projectId: string, now = noon) =>
    app.db.transaction((tx) => reserveDailyRun(tx, { account, projectId, now }));

  it("an unactivated account gets 402 runs", async () => {
    const account = await accountOnPlan(app.db, "unactivated");
    const refused = await failure(() => reserve(account, crypto.randomUUID()));
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: "upgrade_required", ...upgrade("runs", ["pro", "studio"]) });
  });

  it.each<[PlanState, number]>([
    ["free", 15],
    ["pro", 40],
  ])("%s: %i runs a day across the account, then 429 daily_run_limit until UTC midnight", async (plan, cap) => {
    const account = await accountOnPlan(app.db, plan);
    const [first, second] = await addProjects(app.db, account, 2);
    await reserveAll(account, first!, cap - 1);
    await reserve(account, second!);
    const refused = await failure(() => reserve(account, first!));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: expect.any(String), code: "daily_run_limit", retryable: true });
    expect(refused.headers).toEqual({
      "Retry-After": String(12 * 3600),
      "X-RateLimit-Limit": String(cap),
      "X-RateLimit-Remaining": "0",
    });
  });

  it("studio: 100 runs a day per project", async () => {
    const account = await accountOnPlan(app.db, "studio");
    const [first, second] = await addProjects(app.db, account, 2);
    await reserveAll(account, first!, 100);
    expect((await failure(() => reserve(account, first!))).body.code).toBe("daily_run_limit");
    await expect(reserve(account, second!)).resolves.toBe("2026-11-22");
  });

  it("studio: a deleted project's runs still count, so the account's day stops at 100 times its projects", async () => {
    const account = await accountOnPlan(app.db, "studio");
    // Nine earlier projects, each used up and deleted (their ids are gone): 900 runs today.
    await app.db.insert(dailyRunUsage).values(
      Array.from({ length: 9 }, () => ({
        accountId: account.id,
        projectId: crypto.randomUUID(),
        day: "2026-11-22",
        count: 100,
      })),
    );
    const [current] = await addProjects(app.db, account, 1);
    await reserveAll(account, current!, 100);
    const [recreated] = await addProjects(app.db, account, 1);
    const refused = await failure(() => reserve(account, recreated!));
    expect(refused.body.code).toBe("daily_run_limit");
    expect(refused.body.error).toMatch(/1000 runs a day across your projects/);
    expect(refused.headers["X-RateLimit-Limit"]).toBe("1000");
  });

  it("resets at UTC midnight (injected clock)", async () => {
    const account = await accountOnPlan(app.db, "free");
    const [project] = await addProjects(app.db, account, 1);
    const lastSecond = new Date("2026-11-22T23:59:59.500Z");
    await reserveAll(account, project!, 15, lastSecond);
    const refused = await failure(() => reserve(account, project!, lastSecond));
    expect(refused.headers["Retry-After"]).toBe("1");
    await expect(reserve(account, project!, new Date("2026-11-23T00:00:00Z"))).resolves.toBe("2026-11-23");
  });

  it("gives back a run that failed through our fault", async () => {
    const account = await accountOnPlan(app.db, "free");
    const [project] = await addProjects(app.db, account, 1);
    await reserveAll(account, project!, 15);
    await releaseDailyRun(app.db, { accountId: account.id, projectId: project!, day: "2026-11-22" });
    await expect(reserve(account, project!)).resolves.toBe("2026-11-22");
  });

  it("20 concurrent starts at the boundary never pass the cap", async () => {
    const account = await accountOnPlan(app.db, "free");
    const [project] = await addProjects(app.db, account, 1);
    await reserveAll(account, project!, 10);
    const attempts = await Promise.allSettled(Array.from({ length: 20 }, () => reserve(account, project!)));
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(5);
    const me = await import("@/lib/services/me").then(({ describeAccount }) =>
      describeAccount({ db: app.db, account, now: noon }),
    );
    expect(me.usage).toEqual({ projects: 1, runsToday: 15, runsTodayByProject: { [project!]: 15 } });
  });
});
