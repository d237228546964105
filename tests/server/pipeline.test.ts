import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { offlineDrafts } from "@/lib/ai/offline";
import { agentTypes } from "@/lib/schemas/project";
import { startFakeOpenAI } from "../support/fake-openai";
import { sampleProject } from "../support/founder";
import { httpClient } from "../support/http-client";
import { type StartedServer, startServer } from "../support/server";

describe("the pipeline against a started server (offline engine)", () => {
  const client = httpClient(inject("baseUrl"), inject("serverDataDir"));

  it("goes from an unactivated API account's 402 to a launch-ready project", async () => {
    const { call } = client;
    const email = `upgrade-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await call("POST", "/api/v1/signup", { body: { email, password: "correct horse battery", acceptTerms: true } });
    const { latestTokenHash } = await import("../support/mailbox");
    const { json: bootstrap } = await call("POST", "/api/v1/keys/bootstrap", {
      body: { tokenHash: latestTokenHash(`${inject("serverDataDir")}/mail`, email) },
    });
    const key = bootstrap.key;

    // Only what the 402 body says: send its checkout request, then pay at the url.
    const locked = await call("POST", "/api/v1/projects", { key, body: sampleProject });
    expect(locked.status).toBe(402);
    const { checkout } = locked.json.upgrade;
    const link = await call(checkout.method, checkout.path, { key, body: checkout.body });
    expect((await fetch(link.json.url, { method: "POST" })).status).toBe(200);

    const created = await call("POST", "/api/v1/projects", { key, body: sampleProject });
    expect(created.status).toBe(201);
    const projectId = created.json.project.id;
    await call("POST", `/api/v1/projects/${projectId}/confirm`, { key });
    for (const agentType of agentTypes) {
      const run = await call("POST", "/api/v1/agents", { key, body: { projectId, agentType } });
      expect(run.json.run, agentType).toMatchObject({ status: "completed", usage: { model: "offline" } });
      const reviewed = await call("PATCH", "/api/v1/agents", { key, body: { runId: run.json.run.id, action: "approve" } });
      expect(reviewed.status).toBe(200);
    }
    const detail = await call("GET", `/api/v1/projects/${projectId}`, { key });
    expect(detail.json.project.status).toBe("launch_ready");
  });
});

describe("a client that disconnects mid-run", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
  let server: StartedServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startServer({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.baseUrl, AI_MODEL: "fake-model" });
  });
  afterAll(async () => {
    server?.stop();
    await fake?.close();
  });

  it("still finds the run completed when it polls", async () => {
    const answer = offlineDrafts.market_strategist({
      projectName: "x",
      onboarding: sampleProject.onboarding,
      decisions: {},
      approved: {},
      feedback: null,
      language: "en",
      rejections: 0,
      today: "2026-11-22",
    });
    fake.answer({ kind: "json", value: answer, delayMs: 2500 });
    const { call, paidFounder } = httpClient(server.baseUrl, server.dataDir);
    const { key } = await paidFounder("pro");
    const created = await call("POST", "/api/v1/projects", { key, body: sampleProject });
    const projectId = created.json.project.id;
    await call("POST", `/api/v1/projects/${projectId}/confirm`, { key });

    const gaveUp = call("POST", "/api/v1/agents", {
      key,
      body: { projectId, agentType: "market-strategist" },
      signal: AbortSignal.timeout(700),
    });
    await expect(gaveUp).rejects.toThrow();

    const during = await call("GET", `/api/v1/projects/${projectId}`, { key });
    expect(during.json.runs).toEqual([expect.objectContaining({ status: "running" })]);
    let runs = during.json.runs;
    for (let poll = 0; poll < 40 && runs[0].status === "running"; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      runs = (await call("GET", `/api/v1/projects/${projectId}`, { key })).json.runs;
    }
    expect(runs[0]).toMatchObject({ status: "completed", usage: { model: "fake-model" } });
    expect(runs[0].output.positioningOptions).toEqual(answer.positioningOptions);
  });
});
