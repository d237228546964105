import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema, CreateTaskResultSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleStrategistAnswer, startServerWithFakeModel } from "../support/fake-model";
import { sampleProject } from "../support/founder";
import { httpClient } from "../support/http-client";
import { latestTokenHash } from "../support/mailbox";
import type { StartedServer } from "../support/server";

// A model that takes 2.5 s per answer (a fake at the network edge), so a run is visibly running while the task is polled.
const modelDelayMs = 2500;

type ToolResult = {
  isError?: boolean;
  structuredContent?: any;
  content: { type: string; text?: string }[];
  _meta?: Record<string, unknown>;
};

describe("long agent runs as MCP tasks", () => {
  let started: Awaited<ReturnType<typeof startServerWithFakeModel>>;
  let server: StartedServer;
  let rest: ReturnType<typeof httpClient>;
  const clients: Client[] = [];
  beforeAll(async () => {
    started = await startServerWithFakeModel();
    server = started.server;
    rest = httpClient(server.baseUrl, server.dataDir);
    started.fake.answer({ kind: "json", value: sampleStrategistAnswer(), delayMs: modelDelayMs });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await started?.stop();
  });

  async function connect(key: string) {
    const client = new Client({ name: "launchloop-task-tests", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    clients.push(client);
    return client;
  }

  async function freeKey() {
    const email = `tasks-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await rest.call("POST", "/api/v1/signup", { body: { email, password: "correct horse battery", acceptTerms: true } });
    const { json } = await rest.call("POST", "/api/v1/keys/bootstrap", {
      body: { tokenHash: latestTokenHash(`${server.dataDir}/mail`, email) },
    });
    return json.key as string;
  }

  const callTool = async (
    client: Client,
    name: string,
    args: Record<string, unknown>,
    onprogress?: (progress: { progress: number; message?: string }) => void,
  ) => (await client.callTool({ name, arguments: args }, undefined, onprogress ? { onprogress } : undefined)) as ToolResult;

  const startAsTask = (client: Client, args: Record<string, unknown>, name = "pipeline_run_agent") =>
    client.request({ method: "tools/call", params: { name, arguments: args, task: { ttl: 60_000 } } }, CreateTaskResultSchema);

  async function refusal(promise: Promise<unknown>): Promise<McpError> {
    const error = await promise.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(McpError);
    return error as McpError;
  }

  it("declares task support only where it is implemented", async () => {
    const client = await connect(await freeKey());
    expect(client.getServerCapabilities()?.tasks).toEqual({ list: {}, requests: { tools: { call: {} } } });
    const { tools } = await client.listTools();
    const asTasks = tools.filter((tool) => tool.execution?.taskSupport).map((tool) => [tool.name, tool.execution!.taskSupport]);
    expect(asTasks.sort()).toEqual([
      ["growth_generate_item", "optional"],
      ["growth_plan_cycle", "optional"],
      ["pipeline_run_agent", "optional"],
    ]);
    // A tool that does not run as a task refuses the task (-32601), as the spec asks.
    const refused = await refusal(startAsTask(client, {}, "projects_list"));
    expect(refused.code).toBe(ErrorCode.MethodNotFound);
  });

  it("answers a task at once, which tasks/get sees complete and tasks/result answers like the plain call; other accounts never see it", async () => {
    const { key } = await rest.paidFounder("pro");
    const founder = await connect(key);
    const created = await callTool(founder, "projects_create", sampleProject);
    const projectId = created.structuredContent.project.id;
    await callTool(founder, "projects_confirm", { projectId });

    const startedAt = Date.now();
    const { task, _meta } = await startAsTask(founder, { projectId, agentType: "market-strategist" });
    // The model takes 2.5 s: the answer came before the run could have settled.
    expect(Date.now() - startedAt).toBeLessThan(modelDelayMs);
    expect(task).toMatchObject({ status: "working", ttl: null, pollInterval: 2000 });
    expect(new Date(task.createdAt).toISOString()).toBe(task.createdAt);
    expect(_meta?.["io.modelcontextprotocol/model-immediate-response"]).toContain(task.taskId);

    // tasks/result blocks until the run settles; meanwhile tasks/get shows it working, then completed.
    const result = founder.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(await founder.experimental.tasks.getTask(task.taskId)).toMatchObject({ taskId: task.taskId, status: "working" });
    // The run is the task: the REST view of the project shows it running.
    const during = await rest.call("GET", `/api/v1/projects/${projectId}`, { key });
    expect(during.json.runs).toEqual([expect.objectContaining({ id: task.taskId, status: "running" })]);

    // Runs cannot be stopped: tasks/cancel says so (and tasks.cancel is not declared).
    const cancel = await refusal(founder.experimental.tasks.cancelTask(task.taskId));
    expect(cancel.message).toContain("cannot be cancelled");

    // Another account: not found for get, result and cancel; its list does not name the task.
    const other = await connect(await freeKey());
    expect((await refusal(other.experimental.tasks.getTask(task.taskId))).code).toBe(ErrorCode.InvalidParams);
    expect((await refusal(other.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema))).code).toBe(
      ErrorCode.InvalidParams,
    );
    expect((await other.experimental.tasks.listTasks()).tasks).toEqual([]);
    // Nor can it start a run on the project as a task: refused with the REST envelope, saying nothing of the project.
    const foreign = await refusal(startAsTask(other, { projectId, agentType: "market-strategist" }));
    expect(foreign.data).toMatchObject({ code: "not_found", status: 404 });

    let polled = await founder.experimental.tasks.getTask(task.taskId);
    for (let poll = 0; poll < 40 && polled.status === "working"; poll++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      polled = await founder.experimental.tasks.getTask(task.taskId);
    }
    expect(polled).toMatchObject({ status: "completed", statusMessage: "The market-strategist run is completed." });
    expect(Date.parse(polled.lastUpdatedAt)).toBeGreaterThan(Date.parse(polled.createdAt));

    const settled = (await result) as ToolResult;
    expect(settled._meta?.["io.modelcontextprotocol/related-task"]).toEqual({ taskId: task.taskId });
    expect(settled.isError).toBeFalsy();
    expect(settled.structuredContent.run).toMatchObject({
      id: task.taskId,
      agentType: "market-strategist",
      status: "completed",
      usage: { model: "fake-model" },
    });
    expect(JSON.parse(settled.content[0]!.text!)).toEqual(settled.structuredContent);
    // The same structured result a plain call answers: the run as the project's detail shows it, and the project.
    const detail = await callTool(founder, "projects_get", { projectId });
    expect(settled.structuredContent).toEqual({
      run: detail.structuredContent.runs[0],
      project: detail.structuredContent.project,
    });
    // tasks/result again, later, answers the same.
    expect((await founder.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema)).structuredContent).toEqual(
      settled.structuredContent,
    );

    const listed = await founder.experimental.tasks.listTasks();
    expect(listed.tasks).toEqual([expect.objectContaining({ taskId: task.taskId, status: "completed" })]);
    expect((await refusal(founder.experimental.tasks.cancelTask(task.taskId))).message).toContain("cannot be cancelled");
    expect((await refusal(founder.experimental.tasks.getTask("not-a-task"))).code).toBe(ErrorCode.InvalidParams);
    expect((await refusal(founder.experimental.tasks.listTasks("bogus"))).code).toBe(ErrorCode.InvalidParams);

    // A second task while the step awaits review is refused before a task exists, with the REST envelope.
    const pending = await refusal(startAsTask(founder, { projectId, agentType: "market-strategist" }));
    expect(pending.data).toMatchObject({ code: "review_pending", status: 409 });

    // A client that asks for no task gets today's answer, with progress on the way.
    await callTool(founder, "pipeline_review_run", { runId: task.taskId, action: "reject", feedback: "Sharper, please." });
    const progress: string[] = [];
    const plain = await callTool(founder, "pipeline_run_agent", { projectId, agentType: "market-strategist" }, (update) =>
      progress.push(update.message ?? ""),
    );
    expect(plain.structuredContent.run).toMatchObject({ agentType: "market-strategist", status: "completed" });
    expect(progress).toEqual(["Running market-strategist", "market-strategist completed"]);
    // Every run of the account is a task: the plain one too, newest first.
    const both = await founder.experimental.tasks.listTasks();
    expect(both.tasks.map((listedTask) => listedTask.taskId)).toEqual([plain.structuredContent.run.id, task.taskId]);
  });
});
