import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import type { AccountRecord } from "@/lib/db/records";
import { agentRuns } from "@/lib/db/schema";
import { LongWorkTaskStore } from "@/lib/mcp/tasks";
import { abandonedRunCheckMs } from "@/lib/services/pipeline";
import { accountOnPlan, addProjects } from "../support/accounts";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let owner: AccountRecord;
let stranger: AccountRecord;
let projectId: string;
const runIds: string[] = [];

const storeOf = (account: AccountRecord, now = new Date()) => {
  const ctx: ServiceContext = {
    requestId: crypto.randomUUID(),
    db: app.db,
    now,
    clientIp: "198.51.100.7",
    account,
    principal: { kind: "key", apiKeyId: crypto.randomUUID() },
  };
  return new LongWorkTaskStore(ctx);
};

beforeAll(async () => {
  app = await createTestApp();
  owner = await accountOnPlan(app.db, "pro");
  stranger = await accountOnPlan(app.db, "pro");
  [projectId] = await addProjects(app.db, owner, 1);
  // 53 settled runs, the four oldest started in the same millisecond, across the page boundary (the cursor must still tell them apart).
  const base = Date.parse("2026-11-01T00:00:00Z");
  const rows = Array.from({ length: 53 }, (_, i) => ({
    projectId: projectId!,
    accountId: owner.id,
    agentType: "market-strategist",
    status: "rejected" as const,
    startedAt: new Date(base + Math.max(i, 3) * 1000),
    completedAt: new Date(base + Math.max(i, 3) * 1000 + 500),
  }));
  const inserted = await app.db.insert(agentRuns).values(rows).returning({ id: agentRuns.id });
  runIds.push(...inserted.map((row) => row.id));
});
afterAll(() => app?.close());

describe("the MCP task store over agent runs", () => {
  it("pages through every run of the account once, newest first, and shows another account none", async () => {
    const store = storeOf(owner);
    const first = await store.listTasks();
    expect(first.tasks).toHaveLength(50);
    expect(first.nextCursor).toBeTruthy();
    const second = await store.listTasks(first.nextCursor);
    expect(second.nextCursor).toBeUndefined();
    const listed = [...first.tasks, ...second.tasks];
    expect(listed).toHaveLength(53);
    expect(new Set(listed.map((task) => task.taskId))).toEqual(new Set(runIds));
    const created = listed.map((task) => Date.parse(task.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(listed[0]).toMatchObject({ status: "completed", statusMessage: "The market-strategist run is rejected.", ttl: null });

    const other = storeOf(stranger);
    expect(await other.listTasks()).toEqual({ tasks: [] });
    // Following the owner's cursor shows the stranger nothing of the owner's either.
    expect((await other.listTasks(first.nextCursor)).tasks).toEqual([]);
    expect(await other.getTask(runIds[0]!)).toBeNull();
    await expect(other.getTaskResult(runIds[0]!)).rejects.toThrow(McpError);
    await expect(store.listTasks("not a cursor")).rejects.toThrow(/Invalid cursor/);
  });

  it("settles a run whose process died as failed, with the reason, when its task is read", async () => {
    const now = new Date();
    const [stale] = await app.db
      .insert(agentRuns)
      .values({
        projectId: projectId!,
        accountId: owner.id,
        agentType: "brand-architect",
        status: "running",
        startedAt: new Date(now.getTime() - abandonedRunCheckMs() - 1000),
      })
      .returning({ id: agentRuns.id });
    const task = await storeOf(owner, now).getTask(stale!.id);
    expect(task).toMatchObject({
      status: "completed",
      statusMessage: expect.stringMatching(/^The brand-architect run failed: The run was interrupted/),
    });
    const result = (await storeOf(owner, now).getTaskResult(stale!.id)) as { structuredContent: { run: { status: string } } };
    expect(result.structuredContent.run.status).toBe("failed");
    await expect(storeOf(owner).updateTaskStatus(stale!.id, "cancelled")).rejects.toThrow(/cannot be cancelled/);
  });
});
