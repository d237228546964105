import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryCount } from "@/lib/db/query-count";
import { agentRuns, projects } from "@/lib/db/schema";
import { abandonedRunCheckMs } from "@/lib/services/pipeline";
import { eventTiming } from "@/lib/services/project-events";
import { sampleProject } from "../support/founder";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

// The driver counts its statements (LAUNCHLOOP_COUNT_QUERIES), set before the database opens.
process.env.LAUNCHLOOP_COUNT_QUERIES = "1";

let app: TestApp;
let key: string;
let projectId: string;
beforeAll(async () => {
  app = await createTestApp();
  const founder = await app.signUpWithKey();
  key = founder.key;
  await setPlan(app.db, founder.email, "pro");
  const created = await app.request("POST", "/api/v1/projects", { key, body: sampleProject });
  projectId = created.json.project.id;
  await app.request("POST", `/api/v1/projects/${projectId}/confirm`, { key });
  Object.assign(eventTiming, { recheckMs: 50, progressMs: 0 });
});
afterAll(() => app.close());

/** The events of an SSE body, in order. */
function parseEvents(text: string) {
  return text
    .split("\n\n")
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return event ? { event, data: JSON.parse(data!) } : null;
    })
    .filter((entry): entry is { event: string; data: any } => entry !== null);
}

/** A running market-strategist run of the project, recorded as another instance would, started at `startedAt`. */
async function runningRun(startedAt: Date) {
  const [project] = await app.db.select().from(projects).where(eq(projects.id, projectId));
  const [run] = await app.db
    .insert(agentRuns)
    .values({ projectId, accountId: project!.accountId, agentType: "market-strategist", status: "running", startedAt })
    .returning();
  return run!;
}

describe("GET /api/v1/projects/{id}/events", () => {
  it("sends the state, then ends at once when nothing runs", async () => {
    const response = await app.request("GET", `/api/v1/projects/${projectId}/events`, { key });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("content-disposition")).toBeNull();
    const events = parseEvents(response.text);
    expect(events.map((entry) => entry.event)).toEqual(["state", "end"]);
    expect(events[0]!.data.project).toMatchObject({ id: projectId, status: "pipeline", currentStep: "market-strategist" });
    expect(events[1]!.data).toEqual({ reason: "idle" });
  });

  it("reads the project and its runs in one statement per poll, and writes nothing when no run is stale", async () => {
    const before = queryCount();
    const response = await app.request("GET", `/api/v1/projects/${projectId}/events`, { key });
    expect(parseEvents(response.text).map((entry) => entry.event)).toEqual(["state", "end"]);
    // The key (with account and rate limit), the ownership check, then one poll.
    expect(queryCount() - before).toBe(3);
  });

  it("settles a run whose process died before reporting it, then ends", async () => {
    const run = await runningRun(new Date(Date.now() - abandonedRunCheckMs() - 60_000));
    const events = parseEvents((await app.request("GET", `/api/v1/projects/${projectId}/events`, { key })).text);
    expect(events.map((entry) => entry.event)).toEqual(["state", "end"]);
    expect(events[0]!.data.runs.find((entry: { id: string }) => entry.id === run.id)).toMatchObject({ status: "failed" });
  });

  it("follows a run recorded by another instance until it settles, with progress", async () => {
    const run = await runningRun(new Date());
    // Another process settles the run a moment later.
    const settle = new Promise((resolve) => setTimeout(resolve, 400)).then(() =>
      app.db.update(agentRuns).set({ status: "failed", error: "test", completedAt: new Date() }).where(eq(agentRuns.id, run.id)),
    );
    const response = await app.request("GET", `/api/v1/projects/${projectId}/events`, { key });
    await settle;
    const events = parseEvents(response.text);
    const names = events.map((entry) => entry.event);
    expect(names[0]).toBe("state");
    expect(events[0]!.data.runs.at(-1)).toMatchObject({ id: run.id, status: "running" });
    expect(names).toContain("progress");
    expect(events.find((entry) => entry.event === "progress")!.data).toMatchObject({
      runId: run.id,
      agentType: "market-strategist",
    });
    const lastState = events.filter((entry) => entry.event === "state").at(-1)!;
    expect(lastState.data.runs.at(-1)).toMatchObject({ id: run.id, status: "failed" });
    expect(names.at(-1)).toBe("end");
  });

  it("answers 401 without a key, 404 for another account's project, 400 for a bad id", async () => {
    expect((await app.request("GET", `/api/v1/projects/${projectId}/events`)).status).toBe(401);
    const other = await app.signUpWithKey();
    const foreign = await app.request("GET", `/api/v1/projects/${projectId}/events`, { key: other.key });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toMatchObject({ code: "not_found" });
    const bad = await app.request("GET", "/api/v1/projects/not-a-uuid/events", { key });
    expect([bad.status, bad.json.code]).toEqual([400, "invalid_request"]);
  });

  it("is in the OpenAPI document as an event stream", async () => {
    const document = (await app.request("GET", "/api/v1/openapi.json")).json;
    const operation = document.paths["/api/v1/projects/{id}/events"].get;
    expect(operation.operationId).toBe("streamProjectEvents");
    expect(Object.keys(operation.responses["200"].content)).toEqual(["text/event-stream"]);
  });
});
