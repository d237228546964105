import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentRuns } from "@/lib/db/schema";
import { agentTypes } from "@/lib/schemas/project";
import { sampleProject } from "../support/founder";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function founderOn(plan: "free" | "pro" | "studio") {
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, plan);
  return founder;
}

async function confirmedProject(key: string) {
  const created = await app.request("POST", "/api/v1/projects", { key, body: sampleProject });
  expect(created.status).toBe(201);
  const confirmed = await app.request("POST", `/api/v1/projects/${created.json.project.id}/confirm`, { key });
  expect(confirmed.status).toBe(200);
  return confirmed.json.project.id as string;
}

const start = (key: string, projectId: string, agentType: string) =>
  app.request("POST", "/api/v1/agents", { key, body: { projectId, agentType } });
const review = (key: string, body: Record<string, unknown>) => app.request("PATCH", "/api/v1/agents", { key, body });

describe("the five-agent pipeline over HTTP, offline engine", () => {
  it("runs from onboarding to launch_ready, with one reject-and-rerun", async () => {
    const { key } = await founderOn("pro");
    const created = await app.request("POST", "/api/v1/projects", { key, body: sampleProject });
    expect(created.status).toBe(201);
    expect(created.json.project).toMatchObject({
      name: "Tidybooks launch",
      status: "onboarding",
      decisions: {},
      pipeline: { currentStep: "market-strategist", steps: agentTypes.map((agentType) => ({ agentType, status: "pending" })) },
    });
    const projectId = created.json.project.id;

    const notConfirmed = await start(key, projectId, "market-strategist");
    expect([notConfirmed.status, notConfirmed.json.code]).toEqual([409, "not_confirmed"]);

    const confirmed = await app.request("POST", `/api/v1/projects/${projectId}/confirm`, { key });
    expect(confirmed.json.project.status).toBe("pipeline");
    const again = await app.request("POST", `/api/v1/projects/${projectId}/confirm`, { key });
    expect([again.status, again.json.project.status]).toEqual([200, "pipeline"]);

    // Market strategy: rejected once with feedback, then approved with the founder's decisions.
    const first = await start(key, projectId, "market-strategist");
    expect(first.status).toBe(200);
    expect(first.json.run).toMatchObject({
      agentType: "market-strategist",
      status: "completed",
      usage: { model: "offline", inputTokens: 0, outputTokens: 0 },
    });
    expect(first.json.run.output.positioningOptions).toHaveLength(3);
    const pending = await start(key, projectId, "market-strategist");
    expect([pending.status, pending.json.code]).toEqual([409, "review_pending"]);
    const wrongStep = await start(key, projectId, "brand-architect");
    expect([wrongStep.status, wrongStep.json.code]).toEqual([409, "step_mismatch"]);

    const rejected = await review(key, {
      runId: first.json.run.id,
      action: "reject",
      feedback: "Focus on designers, not developers.",
    });
    expect(rejected.json.run).toMatchObject({ status: "rejected", feedback: "Focus on designers, not developers." });
    expect(rejected.json.project.pipeline.currentStep).toBe("market-strategist");
    expect((await app.request("GET", `/api/v1/projects/${projectId}/content`, { key })).status).not.toBe(500);

    const rerun = await start(key, projectId, "market-strategist");
    expect(rerun.json.run.status).toBe("completed");
    const positioning = rerun.json.run.output.positioningOptions[1];
    const approved = await review(key, {
      runId: rerun.json.run.id,
      action: "approve",
      decisions: { positioning: { name: positioning.name, statement: positioning.statement }, brandName: "Tidybooks" },
    });
    expect(approved.json.run.status).toBe("approved");
    expect(approved.json.project.decisions).toEqual({
      positioning: { name: positioning.name, statement: positioning.statement },
      brandName: "Tidybooks",
    });
    expect(approved.json.project.pipeline.currentStep).toBe("brand-architect");

    for (const agentType of agentTypes.slice(1)) {
      const run = await start(key, projectId, agentType);
      expect(run.json.run, agentType).toMatchObject({ agentType, status: "completed" });
      const decisions =
        agentType === "brand-architect"
          ? { tagline: run.json.run.output.taglineOptions[0], colorPalette: "Calm blue and warm accent" }
          : undefined;
      const reviewed = await review(key, { runId: run.json.run.id, action: "approve", ...(decisions && { decisions }) });
      expect(reviewed.status).toBe(200);
    }

    const detail = await app.request("GET", `/api/v1/projects/${projectId}`, { key });
    expect(detail.json.project.status).toBe("launch_ready");
    expect(detail.json.project.pipeline).toEqual({
      currentStep: null,
      steps: agentTypes.map((agentType) => ({ agentType, status: "approved" })),
    });
    expect(detail.json.runs.map((run: { agentType: string; status: string }) => `${run.agentType}:${run.status}`)).toEqual([
      "market-strategist:rejected",
      "market-strategist:approved",
      "brand-architect:approved",
      "launch-strategist:approved",
      "website-copy:approved",
      "launch-assets:approved",
    ]);
    const done = await start(key, projectId, "launch-assets");
    expect([done.status, done.json.code]).toEqual([409, "step_mismatch"]);

    const playbook = await app.request("GET", `/api/v1/projects/${projectId}/brain`, { key });
    expect(playbook.status).toBe(200);
    expect(playbook.json.playbook).toMatchObject({
      positioning: { name: positioning.name },
      brand: { name: "Tidybooks", palette: "Calm blue and warm accent" },
      approvedSteps: [...agentTypes],
    });
    expect(playbook.json.playbook.markdown).toContain("# Marketing Playbook: Tidybooks");
    expect(playbook.json.playbook.markdown).toContain(positioning.statement);
  });

  it("feeds a rejection's feedback into the step's next run", async () => {
    const { runAgent } = await import("@/lib/agents/run");
    const { marketStrategist } = await import("@/lib/agents/market-strategist");
    const input = {
      projectName: "x",
      onboarding: sampleProject.onboarding,
      decisions: {},
      approved: {},
      feedback: "Shorter, please.",
      language: "en",
      rejections: 1,
      today: "2026-11-22",
    };
    expect(marketStrategist.prompt(input).task).toContain("Shorter, please.");
    expect((await runAgent("market-strategist", input)).usage.model).toBe("offline");
  });

  it("lists only the caller's projects; another account's project is 404 everywhere", async () => {
    const owner = await founderOn("studio");
    const stranger = await founderOn("studio");
    const projectId = await confirmedProject(owner.key);
    const list = await app.request("GET", "/api/v1/projects", { key: stranger.key });
    expect(list.json.projects).toEqual([]);
    const ownList = await app.request("GET", "/api/v1/projects", { key: owner.key });
    expect(ownList.json.projects.map((project: { id: string }) => project.id)).toEqual([projectId]);

    const attempts = [
      app.request("GET", `/api/v1/projects/${projectId}`, { key: stranger.key }),
      app.request("POST", `/api/v1/projects/${projectId}/confirm`, { key: stranger.key }),
      start(stranger.key, projectId, "market-strategist"),
      app.request("GET", `/api/v1/projects/${projectId}/brain`, { key: stranger.key }),
      app.request("PATCH", `/api/v1/projects/${projectId}/decisions`, { key: stranger.key, body: { brandName: "Mine" } }),
    ];
    for (const response of await Promise.all(attempts)) expect([response.status, response.json.code]).toEqual([404, "not_found"]);

    const run = await start(owner.key, projectId, "market-strategist");
    const foreignReview = await review(stranger.key, { runId: run.json.run.id, action: "approve" });
    expect([foreignReview.status, foreignReview.json.code]).toEqual([404, "not_found"]);
  });

  it("reviewing a run that is not completed is 400 run_not_reviewable", async () => {
    const { key } = await founderOn("pro");
    const projectId = await confirmedProject(key);
    const run = await start(key, projectId, "market-strategist");
    await review(key, { runId: run.json.run.id, action: "approve" });
    const twice = await review(key, { runId: run.json.run.id, action: "reject" });
    expect([twice.status, twice.json.code]).toEqual([400, "run_not_reviewable"]);
    const unknown = await review(key, { runId: crypto.randomUUID(), action: "approve" });
    expect([unknown.status, unknown.json.code]).toEqual([404, "not_found"]);
  });

  it.each([
    ["an unknown agent", { projectId: "3f2b7c9e-1a4d-4e8f-9b0c-2d5e6f7a8b9c", agentType: "copywriter" }],
    ["a malformed project id", { projectId: "nope", agentType: "market-strategist" }],
    [
      "an unknown property",
      { projectId: "3f2b7c9e-1a4d-4e8f-9b0c-2d5e6f7a8b9c", agentType: "market-strategist", model: "gpt-5" },
    ],
  ])("starting with %s is 400", async (_label, body) => {
    const { key } = await founderOn("pro");
    const response = await app.request("POST", "/api/v1/agents", { key, body });
    expect([response.status, response.json.code]).toEqual([400, "invalid_request"]);
  });

  it("starting for a project that does not exist is 404", async () => {
    const { key } = await founderOn("pro");
    const response = await start(key, crypto.randomUUID(), "market-strategist");
    expect([response.status, response.json.code]).toEqual([404, "not_found"]);
  });

  it("an agent already running is 409 agent_running; a stale one is settled as failed", async () => {
    const founder = await founderOn("pro");
    const projectId = await confirmedProject(founder.key);
    const me = await app.request("GET", "/api/v1/me", { key: founder.key });
    await app.db
      .insert(agentRuns)
      .values({ projectId, accountId: me.json.account.id, agentType: "market-strategist", status: "running" });
    const busy = await start(founder.key, projectId, "market-strategist");
    expect([busy.status, busy.json.code, busy.json.retryable]).toEqual([409, "agent_running", true]);

    await app.db
      .update(agentRuns)
      .set({ startedAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(agentRuns.projectId, projectId));
    const detail = await app.request("GET", `/api/v1/projects/${projectId}`, { key: founder.key });
    expect(detail.json.runs[0]).toMatchObject({ status: "failed", error: expect.stringContaining("interrupted") });
    expect((await start(founder.key, projectId, "market-strategist")).json.run.status).toBe("completed");
  });

  it("20 concurrent starts yield exactly one run", async () => {
    const { key } = await founderOn("pro");
    const projectId = await confirmedProject(key);
    const responses = await Promise.all(Array.from({ length: 20 }, () => start(key, projectId, "market-strategist")));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409).map((response) => response.json.code)).toEqual(
      Array(19).fill(expect.stringMatching(/^(agent_running|review_pending)$/)),
    );
    const detail = await app.request("GET", `/api/v1/projects/${projectId}`, { key });
    expect(detail.json.runs).toHaveLength(1);
    const me = await app.request("GET", "/api/v1/me", { key });
    expect(me.json.usage.runsToday).toBe(1);
  });

  it("plan gates: 402 projects at the count, 402 runs when unactivated, 429 at the daily cap", async () => {
    const free = await founderOn("free");
    await confirmedProject(free.key);
    const second = await app.request("POST", "/api/v1/projects", { key: free.key, body: sampleProject });
    expect(second.status).toBe(402);
    expect(second.json).toMatchObject({ code: "upgrade_required", feature: "projects", upgrade: { plans: ["studio"] } });

    const unactivated = await app.signUpWithKey();
    const refused = await app.request("POST", "/api/v1/projects", { key: unactivated.key, body: sampleProject });
    expect([refused.status, refused.json.feature]).toEqual([402, "projects"]);

    const capped = await founderOn("free");
    const projectId = await confirmedProject(capped.key);
    const me = await app.request("GET", "/api/v1/me", { key: capped.key });
    const { dailyRunUsage } = await import("@/lib/db/schema");
    await app.db
      .insert(dailyRunUsage)
      .values({ accountId: me.json.account.id, projectId, day: new Date().toISOString().slice(0, 10), count: 15 });
    const limited = await start(capped.key, projectId, "market-strategist");
    expect([limited.status, limited.json.code]).toEqual([429, "daily_run_limit"]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("x-ratelimit-limit")).toBe("15");
  });

  it("decisions merge and count against the write limit; bad decisions are 400", async () => {
    const { key } = await founderOn("pro");
    const projectId = await confirmedProject(key);
    const first = await app.request("PATCH", `/api/v1/projects/${projectId}/decisions`, {
      key,
      body: { brandName: "Tidy", tagline: "Books, done." },
    });
    expect(first.json).toEqual({ decisions: { brandName: "Tidy", tagline: "Books, done." } });
    const second = await app.request("PATCH", `/api/v1/projects/${projectId}/decisions`, {
      key,
      body: { tagline: "Paid on time." },
    });
    expect(second.json).toEqual({ decisions: { brandName: "Tidy", tagline: "Paid on time." } });
    const bad = await app.request("PATCH", `/api/v1/projects/${projectId}/decisions`, { key, body: { brandName: "" } });
    expect([bad.status, bad.json.code]).toEqual([400, "invalid_request"]);
  });
});
