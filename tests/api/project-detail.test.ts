import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentRuns } from "@/lib/db/schema";
import { getOwnedProjectWithRuns, serializeProject, serializeRun, staleRunAfterMs } from "@/lib/services/pipeline";
import { appWithLaunchedProject } from "../support/pipeline";
import type { TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let projectId: string;
let accountId: string;
beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("studio"));
  accountId = (await app.db.select().from(agentRuns).where(eq(agentRuns.projectId, projectId)))[0]!.accountId;
});
afterAll(() => app.close());

/** The answer as the JavaScript serializers write it, from the rows as Drizzle maps them. */
async function serializedInJavaScript() {
  const { project, runs } = await getOwnedProjectWithRuns(app.db, { accountId, projectId });
  return { project: serializeProject(project, runs), runs: runs.map(serializeRun) };
}

describe("GET /api/v1/projects/{id}: the JSON the database writes", () => {
  it("has the members, their order and the values the JavaScript serializers give, to the millisecond", async () => {
    const [first] = await app.db.select().from(agentRuns).where(eq(agentRuns.projectId, projectId)).orderBy(agentRuns.startedAt);
    // Microseconds a Date does not keep (truncated, not rounded), and text that needs escaping.
    await app.db
      .update(agentRuns)
      .set({
        startedAt: sql`'2026-01-02 03:04:05.678999+00'::timestamptz`,
        reviewedAt: sql`'2026-01-02 23:59:59.999999+00'::timestamptz`,
        feedback: 'Quote " backslash \\ newline \n tab \t bell \u0007 line sep \u2028 emoji 🚀 über',
        inputTokens: 1234,
        model: "gpt-test",
      })
      .where(eq(agentRuns.id, first!.id));

    const response = await app.request("GET", `/api/v1/projects/${projectId}`, { key });
    expect(response.status, response.text).toBe(200);
    const expected = await serializedInJavaScript();
    expect(JSON.stringify(JSON.parse(response.text))).toBe(JSON.stringify(expected));
    expect(response.json.runs[0]).toMatchObject({
      startedAt: "2026-01-02T03:04:05.678Z",
      reviewedAt: "2026-01-02T23:59:59.999Z",
      usage: { inputTokens: 1234, model: "gpt-test" },
    });
    expect(response.json.runs.map((run: { id: string }) => run.id)).toEqual(expected.runs.map((run) => run.id));
  });

  it("answers a project without runs with an empty list", async () => {
    const created = await app.request("POST", "/api/v1/projects", {
      key,
      body: {
        name: "No runs yet",
        onboarding: { businessName: "Empty", productDescription: "Nothing yet", problemSolved: "None" },
      },
    });
    expect(created.status, created.text).toBe(201);
    const response = await app.request("GET", `/api/v1/projects/${created.json.project.id}`, { key });
    expect(response.status, response.text).toBe(200);
    expect(response.json.runs).toEqual([]);
    expect(response.json.project.pipeline.currentStep).toBe("market-strategist");
  });

  it("settles a run whose process died and answers it as failed", async () => {
    const [stale] = await app.db
      .insert(agentRuns)
      .values({
        projectId,
        accountId,
        agentType: "market-strategist",
        status: "running",
        startedAt: new Date(Date.now() - staleRunAfterMs - 60_000),
      })
      .returning();
    const response = await app.request("GET", `/api/v1/projects/${projectId}`, { key });
    expect(response.status, response.text).toBe(200);
    expect(response.json.runs.find((run: { id: string }) => run.id === stale!.id)).toMatchObject({ status: "failed" });
    expect(JSON.stringify(response.json)).toBe(JSON.stringify(await serializedInJavaScript()));
  });
});
