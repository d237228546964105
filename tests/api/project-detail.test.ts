import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as mcpPost } from "@/app/api/mcp/route";
import { answerValue } from "@/lib/core/json-text";
import { accounts, agentRuns, projects } from "@/lib/db/schema";
import { executeOperation } from "@/lib/operations/execute";
import { getProject } from "@/lib/operations/projects";
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

/** A run recorded as `running` since `startedAt`, as a step whose process may have died. */
async function insertRunningRun(agentType: string, startedAt: Date) {
  const [run] = await app.db
    .insert(agentRuns)
    .values({ projectId, accountId, agentType, status: "running", startedAt })
    .returning();
  return run!;
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
    const stale = await insertRunningRun("market-strategist", new Date(Date.now() - staleRunAfterMs - 60_000));
    const response = await app.request("GET", `/api/v1/projects/${projectId}`, { key });
    expect(response.status, response.text).toBe(200);
    expect(response.json.runs.find((run: { id: string }) => run.id === stale.id)).toMatchObject({ status: "failed" });
    expect(JSON.stringify(response.json)).toBe(JSON.stringify(await serializedInJavaScript()));
  });
});

describe("GET /api/v1/projects/{id}: kept rendered while its rows are unchanged", () => {
  const read = async () => {
    const response = await app.request("GET", `/api/v1/projects/${projectId}`, { key });
    expect(response.status, response.text).toBe(200);
    return response.json;
  };
  /** Reads twice (the second from what the server kept), changes the rows beside the server, and reads again. */
  async function readAfter(change: () => Promise<unknown>) {
    await read();
    await read();
    await change();
    const answer = await read();
    expect(JSON.stringify(answer)).toBe(JSON.stringify(await serializedInJavaScript()));
    return answer;
  }

  it("answers every change to the project or its runs on the next read, whoever made it", async () => {
    const renamed = await readAfter(() =>
      app.db.update(projects).set({ name: "Renamed beside the server" }).where(eq(projects.id, projectId)),
    );
    expect(renamed.project.name).toBe("Renamed beside the server");

    const [first] = await app.db.select().from(agentRuns).where(eq(agentRuns.projectId, projectId)).orderBy(agentRuns.startedAt);
    const commented = await readAfter(() =>
      app.db.update(agentRuns).set({ feedback: "Changed in plain SQL" }).where(eq(agentRuns.id, first!.id)),
    );
    expect(commented.runs[0]).toMatchObject({ id: first!.id, feedback: "Changed in plain SQL" });

    const before = (await read()).runs.length;
    const added = await readAfter(() =>
      app.db
        .insert(agentRuns)
        .values({ projectId, accountId, agentType: "launch-assets", status: "failed", startedAt: new Date() }),
    );
    expect(added.runs).toHaveLength(before + 1);
    const last = added.runs.at(-1);
    const removed = await readAfter(() => app.db.delete(agentRuns).where(eq(agentRuns.id, last.id)));
    expect(removed.runs.map((run: { id: string }) => run.id)).not.toContain(last.id);
  });

  it("answers a change at once where no key statement reads the version (MCP, a tool call)", async () => {
    const client = new Client({ name: "project-detail-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://launchloop.test/api/mcp"), {
        requestInit: { headers: { Authorization: `Bearer ${key}`, Host: "launchloop.test" } },
        fetch: (url, init) => mcpPost(new Request(url, init)),
      }),
    );
    try {
      const readOverMcp = async () => {
        const result = (await client.callTool({ name: "projects_get", arguments: { projectId } })) as {
          content: { text: string }[];
        };
        return JSON.parse(result.content[0]!.text);
      };
      await readOverMcp();
      await readOverMcp();
      await app.db.update(projects).set({ name: "Renamed for the tool" }).where(eq(projects.id, projectId));
      const answer = await readOverMcp();
      expect(answer.project.name).toBe("Renamed for the tool");
      expect(JSON.stringify(answer)).toBe(JSON.stringify(await serializedInJavaScript()));
    } finally {
      await client.close();
    }
  });

  it("settles a run that outlives its bound between two reads of unchanged rows", async () => {
    const running = await insertRunningRun("launch-assets", new Date(Date.now() - staleRunAfterMs + 1_000));
    expect((await read()).runs.find((run: { id: string }) => run.id === running.id)).toMatchObject({ status: "running" });
    // The second read two seconds on, by the caller's clock: the run is past its bound, the rows unchanged.
    const [account] = await app.db.select().from(accounts).where(eq(accounts.id, accountId));
    const later = { ...(await app.sessionContext(account!.email)), now: new Date(Date.now() + 2_000) };
    const { runs } = answerValue(await executeOperation(getProject, { params: { id: projectId } }, later));
    expect(runs.find((run) => run.id === running.id)).toMatchObject({ status: "failed" });
  });

  it("never answers another account from what it kept, and forgets a deleted project", async () => {
    await read();
    const stranger = await app.signUpWithKey();
    const foreign = await app.request("GET", `/api/v1/projects/${projectId}`, { key: stranger.key });
    expect(foreign.status, foreign.text).toBe(404);

    const created = await app.request("POST", "/api/v1/projects", {
      key,
      body: {
        name: "Short-lived",
        onboarding: { businessName: "Gone", productDescription: "Soon deleted", problemSolved: "None" },
      },
    });
    const path = `/api/v1/projects/${created.json.project.id}`;
    expect((await app.request("GET", path, { key })).status).toBe(200);
    await app.db.delete(projects).where(eq(projects.id, created.json.project.id));
    expect((await app.request("GET", path, { key })).status).toBe(404);
  });
});
