import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, growthItems, projects } from "@/lib/db/schema";
import { authenticatedCall } from "../support/calls";
import { sampleProject } from "../support/founder";
import { launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp, type TestResponse } from "../support/test-app";

// Every rule that is checked and then acted on, under 20 concurrent requests: the check and
// the write are one statement (or one locked transaction), so no interleaving breaks it.
// The api suites run on PGlite and, with TEST_DATABASE_URL, on Postgres.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const twenty = <T>(make: (index: number) => Promise<T>) => Promise.all(Array.from({ length: 20 }, (_, index) => make(index)));
const statusesOf = (responses: TestResponse[]) => responses.map((response) => response.status).sort();

async function founderOn(plan: "pro" | "studio") {
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, plan);
  const [account] = await app.db.select().from(accounts).where(eq(accounts.email, founder.email));
  const call = authenticatedCall({ app, key: founder.key });
  return { ...founder, accountId: account!.id, call };
}

describe("20 concurrent requests never break a rule", () => {
  it("the project cap: a studio account gets exactly 10 projects", async () => {
    const founder = await founderOn("studio");
    const responses = await twenty(() => founder.call("POST", "/api/v1/projects", sampleProject));
    expect(statusesOf(responses)).toEqual([...Array(10).fill(201), ...Array(10).fill(402)]);
    expect(await app.db.$count(projects, eq(projects.accountId, founder.accountId))).toBe(10);
  });

  it("decisions merge: 20 PATCHes of different members lose none", async () => {
    const founder = await founderOn("pro");
    const projectId = (await founder.call("POST", "/api/v1/projects", sampleProject)).json.project.id;
    const members = (index: number) =>
      [
        { brandName: `Brand ${index}` },
        { tagline: `Tagline ${index}` },
        { colorPalette: `Palette ${index}` },
        { positioning: { name: `Position ${index}`, statement: "For freelancers" } },
        { valueProposition: { angle: `Angle ${index}`, statement: "Books that reconcile themselves" } },
      ][index % 5]!;
    const responses = await twenty((index) => founder.call("PATCH", `/api/v1/projects/${projectId}/decisions`, members(index)));
    expect(statusesOf(responses)).toEqual(Array(20).fill(200));
    const [project] = await app.db.select().from(projects).where(eq(projects.id, projectId));
    expect(Object.keys(project!.decisions).sort()).toEqual([
      "brandName",
      "colorPalette",
      "positioning",
      "tagline",
      "valueProposition",
    ]);
  });

  it("decisions sent with a review merge with concurrent PATCHes", async () => {
    const founder = await founderOn("pro");
    const projectId = (await founder.call("POST", "/api/v1/projects", sampleProject)).json.project.id;
    await founder.call("POST", `/api/v1/projects/${projectId}/confirm`);
    const run = (await founder.call("POST", "/api/v1/agents", { projectId, agentType: "market-strategist" })).json.run;
    const responses = await twenty((index) =>
      index === 0
        ? founder.call("PATCH", "/api/v1/agents", { runId: run.id, action: "approve", decisions: { tagline: "From the review" } })
        : founder.call(
            "PATCH",
            `/api/v1/projects/${projectId}/decisions`,
            index % 2 ? { brandName: `Brand ${index}` } : { colorPalette: `Palette ${index}` },
          ),
    );
    expect(statusesOf(responses)).toEqual(Array(20).fill(200));
    const [project] = await app.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project!.decisions).toMatchObject({
      tagline: "From the review",
      brandName: expect.any(String),
      colorPalette: expect.any(String),
    });
  });

  it("confirm and growth start: 20 at once all succeed and leave one state", async () => {
    const founder = await founderOn("studio");
    const onboarding = (await founder.call("POST", "/api/v1/projects", sampleProject)).json.project.id;
    const confirms = await twenty(() => founder.call("POST", `/api/v1/projects/${onboarding}/confirm`));
    expect(statusesOf(confirms)).toEqual(Array(20).fill(200));
    expect(new Set(confirms.map((response) => response.json.project.status))).toEqual(new Set(["pipeline"]));

    const ready = await launchReadyProject(app, founder.key);
    const starts = await twenty(() => founder.call("POST", `/api/v1/projects/${ready}/growth/start`));
    expect(statusesOf(starts)).toEqual(Array(20).fill(200));
    expect(new Set(starts.map((response) => response.json.project.status))).toEqual(new Set(["growth"]));
  });

  describe("in the growth loop", () => {
    let founder: Awaited<ReturnType<typeof founderOn>>;
    let projectId: string;
    beforeAll(async () => {
      founder = await founderOn("pro");
      projectId = await launchReadyProject(app, founder.key);
      await founder.call("POST", `/api/v1/projects/${projectId}/growth/start`);
    });

    it("planning: 20 at once plan one cycle and count one run (those arriving while it runs join it)", async () => {
      const before = (await founder.call("GET", "/api/v1/me")).json.usage.runsToday;
      const responses = await twenty(() => founder.call("POST", `/api/v1/projects/${projectId}/growth/cycles`));
      // Issue 22: a request arriving while the plan is written joins it and answers with it; one arriving after it gets 409 cycle_open.
      expect(statusesOf(responses).every((status) => status === 200 || status === 409)).toBe(true);
      const planned = responses.filter((response) => response.status === 200).map((response) => response.json.cycle.id);
      expect(planned.length).toBeGreaterThanOrEqual(1);
      expect(new Set(planned).size).toBe(1);
      expect((await founder.call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles).toHaveLength(1);
      expect((await founder.call("GET", "/api/v1/me")).json.usage.runsToday).toBe(before + 1);
    });

    it("approval: 20 at once approve once and create the items once", async () => {
      const [cycle] = (await founder.call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles;
      const responses = await twenty(() => founder.call("POST", `/api/v1/growth/cycles/${cycle.id}/approve`));
      expect(statusesOf(responses)).toEqual([200, ...Array(19).fill(409)]);
      const planned = cycle.plan.contentPlan.reduce(
        (total: number, entry: { items: unknown[] }) => total + entry.items.length,
        0,
      );
      expect(await app.db.$count(growthItems, eq(growthItems.cycleId, cycle.id))).toBe(planned);
    });

    it("item transitions: published is final under a concurrent move back to draft", async () => {
      const [cycle] = (await founder.call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles;
      const items = (cycle.items as { id: string }[]).slice(0, 10);
      expect(items.length).toBeGreaterThanOrEqual(5);
      for (const item of items) {
        await founder.call("POST", `/api/v1/growth/items/${item.id}/generate`);
        expect((await founder.call("PATCH", `/api/v1/growth/items/${item.id}`, { status: "approved" })).status).toBe(200);
      }
      const moves = await Promise.all(
        items.flatMap((item) => [
          founder
            .call("PATCH", `/api/v1/growth/items/${item.id}`, { status: "published" })
            .then((response) => ({ item: item.id, to: "published", response })),
          founder
            .call("PATCH", `/api/v1/growth/items/${item.id}`, { status: "draft" })
            .then((response) => ({ item: item.id, to: "draft", response })),
        ]),
      );
      for (const item of items) {
        const [published, draft] = moves.filter((move) => move.item === item.id);
        const [stored] = await app.db.select().from(growthItems).where(eq(growthItems.id, item.id));
        // Both orders are fine, but never published and then overwritten.
        if (published!.response.status === 200) {
          expect(stored!.status).toBe("published");
          expect([draft!.response.status, draft!.response.json.code]).toEqual([409, "invalid_transition"]);
        } else {
          expect([published!.response.status, published!.response.json.code]).toEqual([409, "invalid_transition"]);
          expect([draft!.response.status, stored!.status]).toEqual([200, "draft"]);
        }
      }
    });

    it("retro: 20 at once close the cycle once and add its learnings once", async () => {
      const [cycle] = (await founder.call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles;
      const responses = await twenty(() =>
        founder.call("POST", `/api/v1/growth/cycles/${cycle.id}/retro`, { overall: "A calm week", items: [] }),
      );
      expect(statusesOf(responses)).toEqual([200, ...Array(19).fill(409)]);
      const [project] = await app.db.select().from(projects).where(eq(projects.id, projectId));
      expect(project!.learnings.filter((learning) => learning.text === "Week 1: A calm week")).toHaveLength(1);
    });
  });
});
