import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { authenticatedCall } from "../support/calls";
import { startFakeOpenAI } from "../support/fake-openai";
import { sampleProject } from "../support/founder";
import { berlinBakery, frenchTutor } from "../support/founders";
import { launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await createTestApp();
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, "studio");
  key = founder.key;
});
afterAll(async () => {
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_MODEL", "AI_MODEL_DRAFTS"]) delete process.env[name];
  reloadConfig();
  await app.close();
  await fake.close();
});

const call = authenticatedCall(() => ({ app, key }));

async function confirmed({ name, onboarding, language }: { name: string; onboarding: unknown; language?: string }) {
  const created = await call("POST", "/api/v1/projects", { name, onboarding, ...(language && { language }) });
  expect(created.status, created.text).toBe(201);
  await call("POST", `/api/v1/projects/${created.json.project.id}/confirm`);
  return created.json.project;
}

describe("a project's language", () => {
  it("is detected from the answers, can be given at creation, and a bad tag is 400", async () => {
    expect((await confirmed(berlinBakery)).language).toBe("de");
    expect((await confirmed(frenchTutor)).language).toBe("fr");
    expect((await confirmed({ ...sampleProject, language: "es-mx" })).language).toBe("es-MX");
    const bad = await call("POST", "/api/v1/projects", { ...sampleProject, language: "not a language" });
    expect([bad.status, bad.json.code]).toEqual([400, "invalid_request"]);
  });

  it("changes with PATCH /api/v1/projects/{id} (name and language), and every later run writes in it", async () => {
    const project = await confirmed(sampleProject);
    expect(project.language).toBe("en");
    const patched = await call("PATCH", `/api/v1/projects/${project.id}`, { name: "Tidybooks Brasil", language: "pt-br" });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.project).toMatchObject({ name: "Tidybooks Brasil", language: "pt-BR" });
    expect((await call("GET", `/api/v1/projects/${project.id}`)).json.project.language).toBe("pt-BR");
    const run = await call("POST", "/api/v1/agents", { projectId: project.id, agentType: "market-strategist" });
    expect(run.json.run.status).toBe("completed");
    const content = await call("GET", `/api/v1/projects/${project.id}/content`);
    expect(content.json.items[0].title).toBe("Resumo do mercado");

    for (const body of [{ language: "??" }, { name: "" }, { colour: "red" }]) {
      const refused = await call("PATCH", `/api/v1/projects/${project.id}`, body);
      expect([refused.status, refused.json.code], JSON.stringify(body)).toEqual([400, "invalid_request"]);
    }
    const stranger = await app.signUpWithKey();
    const foreign = await app.request("PATCH", `/api/v1/projects/${project.id}`, { key: stranger.key, body: { name: "Mine" } });
    expect([foreign.status, foreign.json.code]).toEqual([404, "not_found"]);
    expect((await call("GET", `/api/v1/projects/${project.id}`)).json.project.name).toBe("Tidybooks Brasil");
  });

  it("follows a rejection that asks for another language: the rerun is written in it", async () => {
    const project = await confirmed({ ...berlinBakery, language: "en" });
    const first = await call("POST", "/api/v1/agents", { projectId: project.id, agentType: "market-strategist" });
    expect(first.json.run.output.marketSummary).toContain("The problem it solves");
    const rejected = await call("PATCH", "/api/v1/agents", {
      runId: first.json.run.id,
      action: "reject",
      feedback: "Bitte alles auf Deutsch",
    });
    expect(rejected.json.project.language).toBe("de");
    const rerun = await call("POST", "/api/v1/agents", { projectId: project.id, agentType: "market-strategist" });
    expect(rerun.json.run.output.marketSummary).toContain("Das Problem, das es löst");
    expect(rerun.json.run.output).not.toEqual(first.json.run.output);
  });
});

describe("cost, visible", () => {
  it("records each item's usage over its regenerations, on the drafts model; the cycle shows its total tokens", async () => {
    const projectId = await launchReadyProject(app, key);
    await call("POST", `/api/v1/projects/${projectId}/growth/start`);
    const planned = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycle;
    expect(planned.usage).toMatchObject({
      model: "offline",
      items: { inputTokens: 0, outputTokens: 0, calls: 0 },
      totalTokens: 0,
    });
    const approved = (await call("POST", `/api/v1/growth/cycles/${planned.id}/approve`)).json.cycle;
    const [item] = approved.items;
    expect(item.usage).toBeNull();

    const offline = await call("POST", `/api/v1/growth/items/${item.id}/generate`);
    expect(offline.json.item.usage).toEqual({ inputTokens: 0, outputTokens: 0, model: "offline", calls: 1 });

    // The model table: drafts run on AI_MODEL_DRAFTS.
    process.env.OPENAI_API_KEY = "sk-test";
    process.env.OPENAI_BASE_URL = fake.baseUrl;
    process.env.AI_MODEL = "fake-strategy";
    process.env.AI_MODEL_DRAFTS = "fake-drafts";
    reloadConfig();
    try {
      fake.answer({
        kind: "json",
        value: {
          title: null,
          body: "A draft from the model.\n\nStart a free trial: https://tidybooks.example",
          hashtags: [],
          script: null,
        },
      });
      const modelDraft = await call("POST", `/api/v1/growth/items/${item.id}/generate`, { feedback: "shorter" });
      expect(modelDraft.status, modelDraft.text).toBe(200);
      expect(modelDraft.json.item.usage).toEqual({ inputTokens: 1200, outputTokens: 800, model: "fake-drafts", calls: 2 });
      expect(modelDraft.json.item.draft).toMatchObject({ model: "fake-drafts", usage: { inputTokens: 1200, outputTokens: 800 } });
      const sent = fake.requests[0]!.body;
      expect(sent.model).toBe("fake-drafts");
      expect(sent.messages[0].content).toContain("English (en)");
      expect(sent.messages.at(-1).content).toMatch(/^## Founder brief\n\{"project":/);
      expect(sent.messages.at(-1).content).toContain("shorter");
    } finally {
      for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_MODEL", "AI_MODEL_DRAFTS"]) delete process.env[name];
      reloadConfig();
    }
    const cycles = (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles;
    expect(cycles[0].usage).toMatchObject({ items: { inputTokens: 1200, outputTokens: 800, calls: 2 }, totalTokens: 2000 });
  });
});
