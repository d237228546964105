import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as mcpPost } from "@/app/api/mcp/route";
import { accounts, idempotencyKeys, projects } from "@/lib/db/schema";
import { replayedMeta } from "@/lib/mcp/tools";
import { operations } from "@/lib/operations";
import { requestFingerprint } from "@/lib/operations/idempotent";
import { claimIdempotencyKey, purgeExpiredIdempotencyKeys } from "@/lib/services/idempotency";
import { sampleProject } from "../support/founder";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp, type TestResponse } from "../support/test-app";

// Idempotency-Key on every write (Stripe's semantics): a retry after a lost answer does the
// work once and answers the first answer again; a reused key is 422; a key still running 409.
// The api suites run on PGlite and, with TEST_DATABASE_URL, on Postgres.

const base = "http://launchloop.test";
let app: TestApp;
const clients: Client[] = [];

beforeAll(async () => {
  app = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await app?.close();
});

async function founder() {
  const signedUp = await app.signUpWithKey();
  await setPlan(app.db, signedUp.email, "studio");
  const [account] = await app.db.select().from(accounts).where(eq(accounts.email, signedUp.email));
  const call = (method: string, path: string, key: string | undefined, body?: unknown) =>
    app.request(method, path, { key: signedUp.key, body, headers: key === undefined ? {} : { "Idempotency-Key": key } });
  const projectCount = () => app.db.$count(projects, eq(projects.accountId, account!.id));
  return { ...signedUp, accountId: account!.id, call, projectCount };
}

const newKey = () => crypto.randomUUID();
const replayed = (response: TestResponse) => response.headers.get("Idempotent-Replayed");

describe("a write sent with an Idempotency-Key", () => {
  it("retried after its answer was lost, creates one project and answers the first answer again", async () => {
    const { call, projectCount } = await founder();
    const key = newKey();
    const first = await call("POST", "/api/v1/projects", key, sampleProject);
    expect(first.status).toBe(201);
    expect(replayed(first)).toBeNull();
    // The answer was dropped on the way: the client retries with the same key.
    const retry = await call("POST", "/api/v1/projects", key, sampleProject);
    expect(retry.status).toBe(201);
    expect(replayed(retry)).toBe("true");
    expect(retry.json).toEqual(first.json);
    expect(await projectCount()).toBe(1);
    // The same body with its members in another order is the same request.
    const { onboarding, name } = sampleProject;
    const reordered = await call("POST", "/api/v1/projects", key, { onboarding, name });
    expect(reordered.status).toBe(201);
    expect(reordered.json.project.id).toBe(first.json.project.id);
    // Without a key, the same request is another project.
    expect((await call("POST", "/api/v1/projects", undefined, sampleProject)).status).toBe(201);
    expect(await projectCount()).toBe(2);
  });

  it("20 concurrent requests with one key do the work once; the others replay or answer 409 in progress", async () => {
    const { call, projectCount } = await founder();
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 20 }, () => call("POST", "/api/v1/projects", key, sampleProject)));
    expect(await projectCount()).toBe(1);
    const created = responses.filter((response) => response.status === 201);
    expect(created.filter((response) => replayed(response) === null)).toHaveLength(1);
    expect(new Set(created.map((response) => response.json.project.id)).size).toBe(1);
    for (const response of responses.filter((one) => one.status !== 201)) {
      expect(response.status).toBe(409);
      expect(response.json).toMatchObject({ code: "idempotency_request_in_progress", retryable: true });
      expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    }
    // Once the first has answered, every retry gets its answer.
    const after = await call("POST", "/api/v1/projects", key, sampleProject);
    expect(after.status).toBe(201);
    expect(after.json.project.id).toBe(created[0]!.json.project.id);
  });

  it("with another body, method or path, answers 422 idempotency_key_reused and does nothing", async () => {
    const { call, projectCount } = await founder();
    const key = newKey();
    const first = await call("POST", "/api/v1/projects", key, sampleProject);
    const projectId = first.json.project.id;
    const otherBody = await call("POST", "/api/v1/projects", key, { ...sampleProject, name: "Another launch" });
    expect(otherBody.status).toBe(422);
    expect(otherBody.json).toMatchObject({ code: "idempotency_key_reused", retryable: false });
    expect(replayed(otherBody)).toBeNull();
    const otherPath = await call("PATCH", `/api/v1/projects/${projectId}`, key, { name: "Renamed" });
    expect(otherPath.status).toBe(422);
    expect(await projectCount()).toBe(1);
    const [project] = await app.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project!.name).toBe(sampleProject.name);
  });

  it("is the account's own: another account with the same key string is independent", async () => {
    const owner = await founder();
    const stranger = await founder();
    const key = "shared-key-0001";
    const mine = await owner.call("POST", "/api/v1/projects", key, sampleProject);
    const theirs = await stranger.call("POST", "/api/v1/projects", key, { ...sampleProject, name: "Their launch" });
    expect(theirs.status).toBe(201);
    expect(replayed(theirs)).toBeNull();
    expect(theirs.json.project.id).not.toBe(mine.json.project.id);
    expect(await owner.projectCount()).toBe(1);
    expect(await stranger.projectCount()).toBe(1);
  });

  it("is forgotten after 24 hours: the same key runs again, and the housekeeping purges it", async () => {
    const { call, projectCount, accountId } = await founder();
    const key = newKey();
    const first = await call("POST", "/api/v1/projects", key, sampleProject);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 23 * 3600_000);
    expect(replayed(await call("POST", "/api/v1/projects", key, sampleProject))).toBe("true");
    vi.setSystemTime(Date.now() + 3600_000 + 1000);
    const later = await call("POST", "/api/v1/projects", key, sampleProject);
    expect(later.status).toBe(201);
    expect(replayed(later)).toBeNull();
    expect(later.json.project.id).not.toBe(first.json.project.id);
    expect(await projectCount()).toBe(2);
    // The second claim expires in its turn and is purged.
    const purged = await purgeExpiredIdempotencyKeys(app.db, new Date(Date.now() + 24 * 3600_000 + 1000));
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
    expect(left).toHaveLength(0);
  });

  it("answers 409 while a request holding the key runs, and frees the key when its lease runs out (a dead request)", async () => {
    const { call, projectCount, accountId } = await founder();
    const key = newKey();
    // A request that claimed the key and died before it answered.
    await claimIdempotencyKey(app.db, {
      accountId,
      caller: "account",
      key,
      fingerprint: requestFingerprint(operations.createProject, { params: {}, query: {}, body: sampleProject }),
      now: new Date(),
      leaseMs: 120_000,
      retryAfterSeconds: 1,
    });
    const running = await call("POST", "/api/v1/projects", key, sampleProject);
    expect(running.status).toBe(409);
    expect(running.json).toMatchObject({ code: "idempotency_request_in_progress", retryable: true });
    expect(running.headers.get("Retry-After")).toBe("1");
    // Another body while it runs is another request all the same.
    expect((await call("POST", "/api/v1/projects", key, { ...sampleProject, name: "Other" })).status).toBe(422);
    expect(await projectCount()).toBe(0);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 121_000);
    const taken = await call("POST", "/api/v1/projects", key, sampleProject);
    expect(taken.status).toBe(201);
    expect(await projectCount()).toBe(1);
  });

  it("keeps an answer the operation settled with (404) but nothing for a request refused before it ran (400)", async () => {
    const { call, projectCount } = await founder();
    const missing = `/api/v1/projects/${crypto.randomUUID()}/confirm`;
    const key = newKey();
    const first = await call("POST", missing, key);
    expect(first.status).toBe(404);
    const again = await call("POST", missing, key);
    expect(again.status).toBe(404);
    expect(again.json).toEqual(first.json);
    expect(replayed(again)).toBe("true");

    // Refused by validation: nothing ran, nothing is kept, the corrected request may use the key.
    const other = newKey();
    const invalid = await call("POST", "/api/v1/projects", other, { name: "No onboarding" });
    expect(invalid.status).toBe(400);
    const corrected = await call("POST", "/api/v1/projects", other, sampleProject);
    expect(corrected.status).toBe(201);
    expect(replayed(corrected)).toBeNull();
    expect(await projectCount()).toBe(1);
  });

  it("refuses a malformed key with 400 invalid_request before doing anything", async () => {
    const { call, projectCount } = await founder();
    for (const key of ["", "k".repeat(256), "tab\there", "caf\u00e9"]) {
      const response = await call("POST", "/api/v1/projects", key, sampleProject);
      expect(response.status, JSON.stringify(key)).toBe(400);
      expect(response.json).toMatchObject({ code: "invalid_request", issues: [{ path: "Idempotency-Key" }] });
    }
    expect(await projectCount()).toBe(0);
    // 255 printable characters are a key; a read ignores the header.
    expect((await call("POST", "/api/v1/projects", "k".repeat(255), sampleProject)).status).toBe(201);
    expect((await call("GET", "/api/v1/projects", "")).status).toBe(200);
  });

  it("keeps an answer holding a secret sealed, and replays it to the same key", async () => {
    const { call, accountId } = await founder();
    const projectId = (await call("POST", "/api/v1/projects", undefined, sampleProject)).json.project.id;
    const key = newKey();
    const created = await call("POST", `/api/v1/projects/${projectId}/ingest-keys`, key, { kind: "secret" });
    expect(created.status).toBe(201);
    const secret = created.json.key as string;
    const [row] = await app.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
    expect(row!.state).toBe("completed");
    expect(row!.sealedAnswer).not.toContain(secret);
    expect(row!.sealedAnswer).not.toContain(created.json.ingestKey.id);
    const again = await call("POST", `/api/v1/projects/${projectId}/ingest-keys`, key, { kind: "secret" });
    expect(again.json.key).toBe(secret);
    expect(replayed(again)).toBe("true");
  });

  it("is documented on every write of the OpenAPI document, with its 409 and 422", async () => {
    const document = (await app.request("GET", "/api/v1/openapi.json")).json;
    expect(document.components.parameters.IdempotencyKey).toMatchObject({ in: "header", name: "Idempotency-Key" });
    expect(document.components.parameters.IdempotencyKey.required).not.toBe(true);
    const reference = { $ref: "#/components/parameters/IdempotencyKey" };
    const readingPosts = new Set(
      Object.values(operations)
        .filter((operation) => operation.reads && operation.rest && operation.rest.method !== "GET")
        .map((operation) => `${operation.rest!.method.toLowerCase()} ${operation.rest!.path}`),
    );
    const create = document.paths["/api/v1/projects"].post;
    expect(create.parameters).toContainEqual(reference);
    expect(create.responses["201"].headers["Idempotent-Replayed"]).toBeDefined();
    expect(create.responses["409"].description).toContain("idempotency_request_in_progress");
    expect(create.responses["409"].headers["Retry-After"]).toBeDefined();
    expect(create.responses["422"].description).toContain("idempotency_key_reused");
    for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, { parameters?: unknown[] }>>))
      for (const [method, operation] of Object.entries(methods)) {
        const takes = (operation.parameters ?? []).some((parameter) => JSON.stringify(parameter) === JSON.stringify(reference));
        // Every account write; reads (a POST that only reads, like the CSV import's preview, too)
        // and the public doors (signup, bootstrap, the site script) do not.
        const publicDoor = ["/api/v1/signup", "/api/v1/signup/resend", "/api/v1/keys/bootstrap", "/api/v1/track"].includes(path);
        expect(takes, `${method} ${path}`).toBe(method !== "get" && !publicDoor && !readingPosts.has(`${method} ${path}`));
      }
  });
});

describe("an MCP tool that changes something, called with an idempotencyKey", () => {
  async function mcpClient(bearer: string) {
    const client = new Client({ name: "idempotency-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${bearer}`, Host: "launchloop.test" } },
      fetch: (url, init) => mcpPost(new Request(url, init)),
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  it("runs once and answers the same tool result again, marked as a replay; REST with that key replays it too", async () => {
    const owner = await founder();
    const client = await mcpClient(owner.key);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get("projects_create")!.inputSchema.properties).toHaveProperty("idempotencyKey");
    expect(byName.get("projects_list")!.inputSchema.properties ?? {}).not.toHaveProperty("idempotencyKey");

    const idempotencyKey = newKey();
    const args = { ...sampleProject, idempotencyKey };
    type Created = { structuredContent: { project: { id: string } }; _meta?: Record<string, unknown> };
    const first = (await client.callTool({ name: "projects_create", arguments: args })) as unknown as Created;
    expect(first._meta?.[replayedMeta]).toBeUndefined();
    const again = (await client.callTool({ name: "projects_create", arguments: args })) as unknown as Created;
    expect(again._meta?.[replayedMeta]).toBe(true);
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(await owner.projectCount()).toBe(1);

    // One store for both faces: the same request over REST with the key is the same request.
    const rest = await owner.call("POST", "/api/v1/projects", idempotencyKey, sampleProject);
    expect(rest.status).toBe(201);
    expect(replayed(rest)).toBe("true");
    expect(rest.json.project.id).toBe(first.structuredContent.project.id);

    const reused = (await client.callTool({
      name: "projects_create",
      arguments: { ...sampleProject, name: "Another", idempotencyKey },
    })) as { isError?: boolean; content: { text: string }[] };
    expect(reused.isError).toBe(true);
    expect(JSON.parse(reused.content[0]!.text)).toMatchObject({ code: "idempotency_key_reused", status: 422 });

    const malformed = (await client.callTool({
      name: "projects_create",
      arguments: { ...sampleProject, idempotencyKey: "" },
    })) as { isError?: boolean; content: { text: string }[] };
    expect(JSON.parse(malformed.content[0]!.text)).toMatchObject({
      code: "invalid_request",
      issues: [{ path: "idempotencyKey" }],
    });
    expect(await owner.projectCount()).toBe(1);
  });
});
