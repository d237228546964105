import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentTypes } from "@/lib/schemas/project";
import { startFakeOpenAI } from "../support/fake-openai";
import { sampleProject } from "../support/founder";
import { httpClient } from "../support/http-client";
import { type StartedServer, startServer } from "../support/server";

// Kill -9 while a plan, a draft and an agent run are under way (each held at a fake model),
// then a restart on the same data: each ends with exactly one settled outcome (failed, its
// counted run given back), no job is left running, and the founder can start each again.
// On Postgres too when TEST_DATABASE_URL names a server (a fresh database for this file).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-job-restarts-"));
const serverUrl = process.env.TEST_DATABASE_URL;
const databaseName = `launchloop_restarts_${randomBytes(6).toString("hex")}`;
let databaseUrl = "";
let server: StartedServer;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let key: string;
const ids = { plan: "", draftProject: "", item: "", agentProject: "" };

// A short lease (long enough for a busy machine), so a dead worker's jobs lapse within seconds, and a ticker that looks every
// second; the local checkout on Postgres too (the embedded database has it already).
const env = () => ({
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  BILLING: "local",
  JOB_LEASE_S: "15",
  SCHEDULER_TICK_S: "1",
});
const call = (method: string, urlPath: string, body?: unknown) =>
  httpClient(server.baseUrl, dataDir).call(method, urlPath, { key, body });

async function confirmedProject() {
  const created = await call("POST", "/api/v1/projects", sampleProject);
  expect(created.status, created.text).toBe(201);
  const projectId = created.json.project.id as string;
  expect((await call("POST", `/api/v1/projects/${projectId}/confirm`)).status).toBe(200);
  return projectId;
}

async function growingProject() {
  const projectId = await confirmedProject();
  for (const agentType of agentTypes) {
    const run = await call("POST", "/api/v1/agents", { projectId, agentType });
    expect(run.json.run?.status, run.text).toBe("completed");
    await call("PATCH", "/api/v1/agents", { runId: run.json.run.id, action: "approve" });
  }
  expect((await call("POST", `/api/v1/projects/${projectId}/growth/start`)).status).toBe(200);
  return projectId;
}

/**
 * The project's jobs and runs as the first `state` of its event stream reports them. Only that
 * event is read: while a job or a run is going the stream stays open (minutes), so reading
 * it to its end would wait for the work (or the stream's longest life), not report it.
 */
async function jobsOf(projectId: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.baseUrl}/api/v1/projects/${projectId}/events`, {
    headers: { Authorization: `Bearer ${key}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  try {
    for (;;) {
      const found = /event: state\ndata: (.*)\n/.exec(text);
      if (found) {
        const state = JSON.parse(found[1]!);
        return {
          jobs: state.jobs as { kind: string; status: string; subjectId: string }[],
          runs: state.runs as { status: string }[],
        };
      }
      const { done, value } = await reader.read();
      if (done) throw new Error(`the event stream ended without a state: ${text}`);
      text += value;
    }
  } finally {
    controller.abort();
  }
}

beforeAll(async () => {
  if (serverUrl) {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  // First the founder's projects, made with the offline model.
  server = await startServer(env());
  ({ key } = await httpClient(server.baseUrl, dataDir).paidFounder("studio"));
  ids.plan = await growingProject();
  ids.draftProject = await growingProject();
  const planned = await call("POST", `/api/v1/projects/${ids.draftProject}/growth/cycles`);
  expect(planned.status, planned.text).toBe(200);
  const approved = await call("POST", `/api/v1/growth/cycles/${planned.json.cycle.id}/approve`);
  ids.item = approved.json.cycle.items[0].id;
  ids.agentProject = await confirmedProject();
  server.stop();
  await new Promise((resolve) => setTimeout(resolve, 1000));
}, 900_000);

afterAll(async () => {
  server?.stop();
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
});

describe("kill -9 during each kind of job", () => {
  it("a plan, a draft and an agent run killed mid-work each settle once after a restart, and can be started again", async () => {
    fake = await startFakeOpenAI();
    fake.hold();
    server = await startServer({ ...env(), OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.baseUrl, AI_MODEL: "fake-model" });
    const controller = new AbortController();
    const pending = [
      `/api/v1/projects/${ids.plan}/growth/cycles`,
      `/api/v1/growth/items/${ids.item}/generate`,
      "/api/v1/agents",
    ].map((urlPath) =>
      httpClient(server.baseUrl, dataDir)
        .call("POST", urlPath, {
          key,
          body: urlPath === "/api/v1/agents" ? { projectId: ids.agentProject, agentType: "market-strategist" } : undefined,
          signal: controller.signal,
        })
        .catch(() => null),
    );
    // All three are at the model: recorded, claimed and working.
    await expect.poll(() => fake.requests.length, { timeout: 60_000 }).toBe(3);
    for (const projectId of [ids.plan, ids.draftProject]) {
      expect((await jobsOf(projectId)).jobs.filter((job) => job.status === "running")).toHaveLength(1);
    }
    expect((await jobsOf(ids.agentProject)).runs.map((run) => run.status)).toEqual(["running"]);
    process.kill(-server.processGroup, "SIGKILL");
    controller.abort();
    await Promise.all(pending);
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.stop();

    // Back with the offline model: the ticker finds the lapsed leases and settles each job once.
    server = await startServer(env());
    await expect
      .poll(
        async () => {
          const [plan, draft, agent] = await Promise.all([ids.plan, ids.draftProject, ids.agentProject].map(jobsOf));
          return {
            plan: plan.jobs.filter((job) => job.kind === "plan").map((job) => job.status),
            draft: draft.jobs.filter((job) => job.kind === "draft" && job.subjectId === ids.item).map((job) => job.status),
            run: agent.runs.map((run) => run.status),
          };
        },
        { timeout: 120_000, interval: 1000 },
      )
      .toEqual({ plan: ["failed"], draft: ["failed"], run: ["failed"] });
    for (const projectId of [ids.plan, ids.draftProject, ids.agentProject]) {
      expect((await jobsOf(projectId)).jobs.filter((job) => job.status === "running")).toEqual([]);
    }

    // Nothing is stuck: each starts again and succeeds.
    const plan = await call("POST", `/api/v1/projects/${ids.plan}/growth/cycles`);
    expect(plan.status, plan.text).toBe(200);
    const draft = await call("POST", `/api/v1/growth/items/${ids.item}/generate`);
    expect(draft.status, draft.text).toBe(200);
    const run = await call("POST", "/api/v1/agents", { projectId: ids.agentProject, agentType: "market-strategist" });
    expect(run.json.run?.status, run.text).toBe("completed");
  }, 600_000);
});
