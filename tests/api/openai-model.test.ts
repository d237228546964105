import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offlineDrafts } from "@/lib/ai/offline";
import { reloadConfig } from "@/lib/config";
import { startFakeOpenAI } from "../support/fake-openai";
import { sampleProject } from "../support/founder";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let key: string;

const validAnswer = offlineDrafts.market_strategist({
  projectName: "x",
  onboarding: sampleProject.onboarding,
  decisions: {},
  approved: {},
  feedback: null,
  language: "en",
  rejections: 0,
  today: "2026-11-22",
});

beforeAll(async () => {
  fake = await startFakeOpenAI();
  app = await createTestApp({
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: fake.baseUrl,
    AI_MODEL: "fake-model",
    MODEL_TIMEOUT_SECONDS: "15",
  });
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, "studio");
  key = founder.key;
});
afterAll(async () => {
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_MODEL", "MODEL_TIMEOUT_SECONDS"]) delete process.env[name];
  reloadConfig();
  await app.close();
  await fake.close();
});

async function runMarketStrategist() {
  const created = await app.request("POST", "/api/v1/projects", { key, body: sampleProject });
  const projectId = created.json.project.id;
  await app.request("POST", `/api/v1/projects/${projectId}/confirm`, { key });
  const response = await app.request("POST", "/api/v1/agents", { key, body: { projectId, agentType: "market-strategist" } });
  expect(response.status).toBe(200);
  return { projectId, run: response.json.run };
}

const runsToday = async () => (await app.request("GET", "/api/v1/me", { key })).json.usage.runsToday as number;

describe("the OpenAI-compatible model path", () => {
  it("sends a chat completion with the agent's JSON schema and records tokens and model", async () => {
    fake.answer({ kind: "json", value: validAnswer });
    const { projectId, run } = await runMarketStrategist();
    expect(run).toMatchObject({ status: "completed", usage: { inputTokens: 1200, outputTokens: 800, model: "fake-model" } });
    expect(run.output.positioningOptions).toEqual(validAnswer.positioningOptions);

    const sent = fake.requests[0]!.body;
    expect(sent.model).toBe("fake-model");
    expect(sent.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "market_strategist" } });
    expect(sent.messages[0]).toMatchObject({ role: "system" });
    expect(JSON.stringify(sent.messages)).toContain("Tidybooks");

    const content = await app.request("GET", `/api/v1/projects/${projectId}/content`, { key });
    expect(content.json.items[0]).toMatchObject({ source: "fake-model", awaitingReview: true });
  });

  it("retries once with the validation error after a malformed answer", async () => {
    fake.answer({ kind: "json", value: { marketSummary: "only this" } }, { kind: "json", value: validAnswer });
    const { run } = await runMarketStrategist();
    expect(run).toMatchObject({ status: "completed", usage: { inputTokens: 2400, outputTokens: 1600 } });
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]!.body.messages;
    expect(retry.at(-2)).toMatchObject({ role: "assistant" });
    expect(retry.at(-1).content).toContain("does not match the required JSON schema");
  });

  it("fails the run with a clear error after two malformed answers, and gives the run back", async () => {
    const before = await runsToday();
    fake.answer({ kind: "text", text: "Sure! Here is your strategy: it is great." });
    const { run } = await runMarketStrategist();
    expect(run).toMatchObject({ status: "failed", error: "The model's answer did not match the expected structure, twice." });
    expect(await runsToday()).toBe(before);
  });

  it("maps a provider error to a failed run without its internal message", async () => {
    fake.answer({ kind: "error", status: 500 });
    const { run } = await runMarketStrategist();
    expect(run.status).toBe("failed");
    expect(run.error).toBe("The model provider refused the request (HTTP 500).");
    expect(run.error).not.toContain("exploded");
  });

  it("bounds the model call: a model that does not answer in time fails the run", async () => {
    process.env.MODEL_TIMEOUT_SECONDS = "1";
    reloadConfig();
    fake.answer({ kind: "json", value: validAnswer, delayMs: 5000 });
    const started = Date.now();
    const { run } = await runMarketStrategist();
    expect(Date.now() - started).toBeLessThan(4000);
    expect(run).toMatchObject({ status: "failed", error: "The model did not answer within 1 second." });
  });
});
