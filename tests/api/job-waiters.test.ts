import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema, CreateTaskResultSchema, GetTaskResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as mcpPost } from "@/app/api/mcp/route";
import { reloadConfig } from "@/lib/config";
import { queryCount } from "@/lib/db/query-count";
import { growthCycles, jobs } from "@/lib/db/schema";
import { startFakeOpenAI } from "../support/fake-openai";
import { appWithLaunchedProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import type { TestApp } from "../support/test-app";

// Waiters on a job are told, not polling: while a plan is being written, the tabs and the
// MCP client that joined it send no statement until something changes. And a plan the gates
// refuse leaves no job behind.

// The driver counts its statements (LAUNCHLOOP_COUNT_QUERIES), set before the database opens.
process.env.LAUNCHLOOP_COUNT_QUERIES = "1";

let app: TestApp;
let key: string;
let projectId: string;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;

const plan = {
  weekTheme: "Proof before promises",
  rationale: "Three hours: one post and one task.",
  contentPlan: [
    {
      channel: "linkedin",
      audienceRationale: null,
      items: [
        {
          title: "What overnight reconciliation saved us",
          angle: "Proof",
          keyMessage: "Books closed by morning",
          cta: null,
          suggestedDay: "Tue",
          notes: null,
        },
      ],
    },
  ],
  founderTasks: [
    {
      title: "Ask three customers for a quote",
      description: "By e-mail",
      category: "outreach",
      effort: "30m",
      suggestedDay: null,
    },
  ],
  skipped: [],
};

beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  await app.request("POST", `/api/v1/projects/${projectId}/growth/start`, { key });
  fake = await startFakeOpenAI();
  fake.route((body) => (body.response_format?.json_schema?.name === "weekly_plan" ? { kind: "json", value: plan } : undefined));
  Object.assign(process.env, { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.baseUrl, AI_MODEL: "fake-model" });
  reloadConfig();
}, 240_000);
afterAll(async () => {
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "AI_MODEL"]) delete process.env[name];
  reloadConfig();
  await app?.close();
  await fake?.close();
});

const planJobs = () =>
  app.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.projectId, projectId), eq(jobs.kind, "plan")));

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("timed out");
}

describe("waiting on a plan", () => {
  it("two tabs, an MCP client and the event stream waiting on a plan send no statement while nothing changes, then answer with its cycle", async () => {
    const open = fake.hold();
    const first = app.request("POST", `/api/v1/projects/${projectId}/growth/cycles`, { key });
    await until(async () => fake.requests.length > 0);
    const tabs = [
      app.request("POST", `/api/v1/projects/${projectId}/growth/cycles`, { key }),
      app.request("POST", `/api/v1/projects/${projectId}/growth/cycles`, { key }),
    ];
    const client = new Client({ name: "job-waiters-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://launchloop.test/api/mcp"), {
        requestInit: { headers: { Authorization: `Bearer ${key}`, Host: "launchloop.test" } },
        fetch: (url, init) => mcpPost(new Request(url, init)),
      }),
    );
    const overMcp = client.callTool({ name: "growth_plan_cycle", arguments: { projectId } });
    // And the project's event stream, open on the running plan.
    const { dispatch } = await import("../support/dispatch");
    const stream = await dispatch(
      new Request(`http://launchloop.test/api/v1/projects/${projectId}/events`, { headers: { authorization: `Bearer ${key}` } }),
    );
    const reader = stream.body!.getReader();
    let streamed = "";
    const reading = (async () => {
      for (;;) {
        const next = await reader.read();
        if (next.done) return;
        streamed += new TextDecoder().decode(next.value);
      }
    })();
    try {
      // Everyone has joined once the statements stop; then a quiet second must stay quiet.
      let settled = queryCount();
      await until(async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        const now = queryCount();
        const quiet = now === settled;
        settled = now;
        return quiet;
      });
      const before = queryCount();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(queryCount() - before).toBe(0);
      expect(streamed).toContain('"kind":"plan"');
    } finally {
      open();
    }
    // Told of the plan's end, the stream sends the settled state and ends.
    await reading;
    expect(streamed).toContain('"status":"succeeded"');
    expect(streamed).toContain("event: end");
    const answers = await Promise.all([first, ...tabs]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const cycleId = answers[0]!.json.cycle.id;
    expect(answers.map((answer) => answer.json.cycle.id)).toEqual([cycleId, cycleId, cycleId]);
    const tool = (await overMcp) as { isError?: boolean; structuredContent?: { cycle: { id: string } } };
    expect(tool.isError ?? false).toBe(false);
    expect(tool.structuredContent?.cycle.id).toBe(cycleId);
    await client.close();
    expect(await fake.requests.length).toBe(1);
    expect(await planJobs()).toHaveLength(1);
  });

  it("runs as an MCP task: answered at once with the plan's job, which tasks/result answers like the plain call", async () => {
    const [cycle] = await app.db.select().from(growthCycles).where(eq(growthCycles.projectId, projectId));
    await app.db.delete(growthCycles).where(eq(growthCycles.id, cycle!.id));
    const client = new Client({ name: "job-waiters-task", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://launchloop.test/api/mcp"), {
        requestInit: { headers: { Authorization: `Bearer ${key}`, Host: "launchloop.test" } },
        fetch: (url, init) => mcpPost(new Request(url, init)),
      }),
    );
    const open = fake.hold();
    try {
      const created = await client.request(
        { method: "tools/call", params: { name: "growth_plan_cycle", arguments: { projectId }, task: { ttl: 60_000 } } },
        CreateTaskResultSchema,
      );
      const [job] = (await planJobs()).filter((row) => row.status === "running");
      expect(created.task).toMatchObject({ taskId: job!.id, status: "working" });
      open();
      const result = (await client.request(
        { method: "tasks/result", params: { taskId: created.task.taskId } },
        CallToolResultSchema,
      )) as { structuredContent?: { cycle: { id: string } } };
      const [saved] = await app.db.select().from(growthCycles).where(eq(growthCycles.projectId, projectId));
      expect(result.structuredContent?.cycle.id).toBe(saved!.id);
      const task = await client.request({ method: "tasks/get", params: { taskId: created.task.taskId } }, GetTaskResultSchema);
      expect(task).toMatchObject({ status: "completed" });
    } finally {
      open();
      await client.close();
    }
  });

  it("a plan the gates refuse leaves no job: an open cycle (409), a plan without growth (402)", async () => {
    const jobsBefore = (await planJobs()).length;
    const open = await app.request("POST", `/api/v1/projects/${projectId}/growth/cycles`, { key });
    expect(open.json.code).toBe("cycle_open");
    const [cycle] = await app.db.select().from(growthCycles).where(eq(growthCycles.projectId, projectId));
    await app.db.delete(growthCycles).where(eq(growthCycles.id, cycle!.id));
    const founder = await app.db.query.accounts.findFirst();
    await setPlan(app.db, founder!.email, "free");
    const unpaid = await app.request("POST", `/api/v1/projects/${projectId}/growth/cycles`, { key });
    expect(unpaid.status, unpaid.text).toBe(402);
    expect(await planJobs()).toHaveLength(jobsBefore);
    const events = await app.request("GET", `/api/v1/projects/${projectId}/events`, { key });
    expect(events.text).not.toContain('"status":"failed"');
  });
});
