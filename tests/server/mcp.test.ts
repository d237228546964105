import http from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { operations } from "@/lib/operations";
import type { AnyOperation } from "@/lib/operations/operation";
import { agentTypes } from "@/lib/schemas/project";
import { sampleProject } from "../support/founder";
import { httpClient } from "../support/http-client";
import { latestTokenHash } from "../support/mailbox";

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
const rest = httpClient(baseUrl, dataDir);

async function connect(key: string) {
  const client = new Client({ name: "launchloop-tests", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
  return client;
}

type ToolResult = { isError?: boolean; structuredContent?: any; content: { type: string; text?: string }[] };
/** The tools that answered structuredContent (checked by the SDK client against their outputSchema) with the same JSON as text. */
const answeredStructured = new Set<string>();
async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
  onprogress?: (progress: { progress: number; message?: string }) => void,
) {
  const result = (await client.callTool(
    { name, arguments: args },
    undefined,
    onprogress ? { onprogress } : undefined,
  )) as ToolResult;
  if (!result.isError) {
    expect(JSON.parse(result.content[0]!.text!), name).toEqual(result.structuredContent);
    answeredStructured.add(name);
  }
  return result;
}
const errorOf = (result: ToolResult) => JSON.parse(result.content[0]!.text!);

async function unactivatedKey() {
  const email = `mcp-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await rest.call("POST", "/api/v1/signup", { body: { email, password: "correct horse battery", acceptTerms: true } });
  const { json } = await rest.call("POST", "/api/v1/keys/bootstrap", {
    body: { tokenHash: latestTokenHash(`${dataDir}/mail`, email) },
  });
  return json.key as string;
}

describe("the remote MCP server at /api/mcp", () => {
  let key: string;
  let client: Client;
  beforeAll(async () => {
    key = await unactivatedKey();
    client = await connect(key);
  });
  afterAll(() => client?.close());

  it("refuses a missing key with 401 and WWW-Authenticate, and GET with 405", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } },
    };
    const anonymous = await fetch(`${baseUrl}/api/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify(initialize),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect((await anonymous.json()).code).toBe("unauthorized");
    const get = await fetch(`${baseUrl}/api/mcp`, { headers: { Authorization: `Bearer ${key}` } });
    expect(get.status).toBe(405);
    // fetch cannot forge Host; a DNS-rebinding page's request arrives with its own host name.
    const rebinding = await new Promise<number>((resolve, reject) => {
      const target = new URL(`${baseUrl}/api/mcp`);
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: "POST",
          headers: {
            Host: "evil.example",
            Authorization: `Bearer ${key}`,
            "Content-Type": "application/json",
            Accept: "application/json, text/event-stream",
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode!);
        },
      );
      request.on("error", reject);
      request.end(JSON.stringify(initialize));
    });
    expect(rebinding).toBe(403);
  });

  it("lists a tool for each non-file endpoint, with annotations and schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        "account_get",
        "keys_list",
        "keys_revoke",
        "billing_get",
        "billing_checkout",
        "projects_list",
        "projects_create",
        "projects_get",
        "projects_update",
        "projects_confirm",
        "pipeline_run_agent",
        "pipeline_review_run",
        "playbook_get",
        "decisions_update",
        "content_list",
        "content_edit",
        "pack_images_render",
        "growth_start",
        "growth_list_cycles",
        "growth_plan_cycle",
        "growth_approve_cycle",
        "growth_submit_retro",
        "growth_generate_item",
        "growth_review_item",
        "growth_edit_draft",
        "growth_update_task",
        "growth_attach_image",
        "growth_attach_card",
        "growth_update_image",
        "growth_remove_image",
        "growth_create_review_link",
        "growth_publish_item",
        "growth_confirm_publication",
        "growth_item_results",
        "publishing_list_connections",
        "links_list",
        "links_update",
        "results_get",
        "alerts_list",
        "webhooks_list",
        "webhooks_create",
        "webhooks_update",
        "webhooks_delete",
      ].sort(),
    );
    const create = tools.find((tool) => tool.name === "projects_create")!;
    expect(create.inputSchema.properties).toHaveProperty("onboarding");
    expect(create.outputSchema).toBeDefined();
    expect(tools.find((tool) => tool.name === "projects_list")!.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
    });
    expect(tools.find((tool) => tool.name === "projects_get")!.inputSchema.required).toEqual(["projectId"]);
    for (const tool of tools) {
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      // Every hint is said, or left out where the spec's default is the answer (readOnlyHint and idempotentHint: false).
      const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations!;
      expect([readOnlyHint, idempotentHint], tool.name).not.toContain(false);
      expect([typeof destructiveHint, typeof openWorldHint], tool.name).toEqual(["boolean", "boolean"]);
      if (readOnlyHint) expect(destructiveHint, tool.name).toBe(false);
    }
    const hints = (name: string) => tools.find((tool) => tool.name === name)!.annotations;
    expect(hints("keys_revoke")).toEqual({ destructiveHint: true, idempotentHint: true, openWorldHint: false });
    expect(hints("pipeline_review_run")).toEqual({ destructiveHint: true, openWorldHint: false });
    expect(hints("content_edit")).toMatchObject({ destructiveHint: true, idempotentHint: true });
    expect(hints("billing_checkout")).toEqual({ destructiveHint: false, openWorldHint: true });
    expect(hints("growth_update_task")).toEqual({ destructiveHint: false, idempotentHint: true, openWorldHint: false });
    // Open world exactly where the declaration says the operation reaches outside Launchloop (a social network, Stripe).
    for (const name of ["growth_publish_item", "growth_item_results", "growth_review_item"])
      expect(hints(name)?.openWorldHint, name).toBe(true);
    const reaching = Object.values(operations as Record<string, AnyOperation>).filter((operation) => operation.reaches);
    expect(
      tools
        .filter((tool) => tool.annotations?.openWorldHint)
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(reaching.flatMap((operation) => (operation.tool ? [operation.tool.name] : [])).sort());
  });

  it("runs the whole pipeline and one growth week, from a 402 to a launch-ready project", async () => {
    // Listing first makes the SDK client check every structuredContent below against its tool's outputSchema.
    const { tools } = await client.listTools();
    // The 402 comes back as a tool error with the same envelope and checkout pointer.
    const locked = await call(client, "projects_create", sampleProject);
    expect(locked.isError).toBe(true);
    const upgrade = errorOf(locked);
    expect(upgrade).toMatchObject({
      status: 402,
      code: "upgrade_required",
      feature: "projects",
      upgrade: { checkout: { body: { plan: "pro" } } },
    });
    const checkout = await call(client, "billing_checkout", upgrade.upgrade.checkout.body);
    expect((await fetch(checkout.structuredContent.url, { method: "POST" })).status).toBe(200);

    const created = await call(client, "projects_create", sampleProject);
    const projectId = created.structuredContent.project.id;
    expect((await call(client, "projects_confirm", { projectId })).structuredContent.project.status).toBe("pipeline");

    const mismatch = await call(client, "pipeline_run_agent", { projectId, agentType: "brand-architect" });
    expect(errorOf(mismatch)).toMatchObject({ status: 409, code: "step_mismatch", retryable: false });

    const progress: number[] = [];
    for (const agentType of agentTypes) {
      const run = await call(client, "pipeline_run_agent", { projectId, agentType }, (update) => progress.push(update.progress));
      expect(run.structuredContent.run, agentType).toMatchObject({ agentType, status: "completed" });
      const reviewed = await call(client, "pipeline_review_run", { runId: run.structuredContent.run.id, action: "approve" });
      expect(reviewed.isError).toBeFalsy();
    }
    expect(progress.length).toBeGreaterThan(0);
    expect((await call(client, "projects_get", { projectId })).structuredContent.project.status).toBe("launch_ready");
    expect((await call(client, "content_list", { projectId })).structuredContent.items.length).toBeGreaterThan(10);
    const cards = await call(client, "pack_images_render", { projectId, kind: "open-graph" });
    expect(cards.structuredContent.images).toMatchObject([{ kind: "open-graph", width: 1200, height: 630, error: null }]);
    expect(cards.structuredContent.images[0].alt).toMatch(/^Link preview image for /);

    await call(client, "growth_start", { projectId });
    const planned = await call(client, "growth_plan_cycle", { projectId });
    const cycleId = planned.structuredContent.cycle.id;
    const approved = await call(client, "growth_approve_cycle", { cycleId });
    const [item] = approved.structuredContent.cycle.items;
    const drafted = await call(client, "growth_generate_item", { itemId: item.id, feedback: "more casual" });
    expect(drafted.structuredContent.item.status).toBe("draft");
    const edited = await call(client, "growth_edit_draft", { itemId: item.id, body: "The founder's own post." });
    expect(edited.structuredContent.item).toMatchObject({ status: "draft", draft: { body: "The founder's own post." } });
    expect(edited.structuredContent.item.previousDrafts).toHaveLength(1);
    expect(
      (await call(client, "growth_review_item", { itemId: item.id, status: "approved" })).structuredContent.item.status,
    ).toBe("approved");
    const refused = await call(client, "growth_review_item", { itemId: item.id, status: "planned" });
    expect(errorOf(refused)).toMatchObject({ status: 409, code: "invalid_transition" });
    const [task] = approved.structuredContent.cycle.tasks;
    expect((await call(client, "growth_update_task", { taskId: task.id, status: "done" })).structuredContent.task.status).toBe(
      "done",
    );
    const retro = await call(client, "growth_submit_retro", {
      cycleId,
      overall: "Good start.",
      items: [{ itemId: item.id, result: "published", grade: "great" }],
    });
    expect(retro.structuredContent.cycle.status).toBe("closed");

    // Resources: the playbook and the launch pack.
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining([`launchloop://projects/${projectId}/playbook`, `launchloop://projects/${projectId}/launch-pack`]),
    );
    const playbook = await client.readResource({ uri: `launchloop://projects/${projectId}/playbook` });
    expect((playbook.contents[0] as { text: string }).text).toContain("# Marketing Playbook");
    const pack = await client.readResource({ uri: `launchloop://projects/${projectId}/launch-pack` });
    expect((pack.contents[0] as { text: string }).text).toContain("## Launch assets");

    // The remaining tools, so that every tool is seen answering structuredContent that matches its outputSchema.
    await call(client, "account_get");
    await call(client, "billing_get");
    await call(client, "projects_list");
    await call(client, "projects_update", { projectId, name: "Renamed" });
    await call(client, "playbook_get", { projectId });
    await call(client, "decisions_update", { projectId, brandName: "Brandly" });
    const [contentItem] = (await call(client, "content_list", { projectId })).structuredContent.items;
    await call(client, "content_edit", { itemId: contentItem.id, body: "The founder's own words." });
    await call(client, "growth_list_cycles", { projectId });
    expect((await call(client, "publishing_list_connections", { projectId })).structuredContent.connections).toEqual([]);
    // Which posts brought sign-ups: nothing clicked yet, every count zero (tests/api/links.test.ts has the whole loop).
    expect((await call(client, "results_get", { projectId, groupBy: "channel" })).structuredContent.results).toMatchObject({
      groupBy: "channel",
      totals: { clicks: 0, signups: 0 },
    });
    // Tracked links: one made over REST (a bio link), listed, pointed elsewhere and turned off over MCP.
    const made = await rest.call("POST", `/api/v1/projects/${projectId}/links`, {
      key,
      body: { destination: "https://example.com/pricing" },
    });
    expect(made.status).toBe(201);
    const { links } = (await call(client, "links_list", { projectId })).structuredContent;
    const link = links.find((entry: { id: string }) => entry.id === made.json.link.id);
    expect(link).toMatchObject({ destination: "https://example.com/pricing", enabled: true, clicks: 0 });
    const moved = await call(client, "links_update", { linkId: link.id, destination: "https://example.com/launch" });
    expect(moved.structuredContent.link).toMatchObject({ destination: "https://example.com/launch", enabled: true });
    expect(moved.structuredContent.link.targetUrl).toMatch(/^https:\/\/example\.com\/launch\?.*utm_source=launchloop/);
    const off = await call(client, "links_update", { linkId: link.id, enabled: false, idempotencyKey: crypto.randomUUID() });
    expect(off.structuredContent.link).toMatchObject({ shortUrl: link.shortUrl, enabled: false });
    const script = errorOf(await call(client, "links_update", { linkId: link.id, destination: "javascript:alert(1)" }));
    expect(script).toMatchObject({ code: "invalid_request", status: 400 });
    expect(JSON.stringify(script)).toContain("destination");
    // Publishing and pulling numbers need a connected network (tests/api/publishing.test.ts runs them
    // against fake Bluesky and Mastodon servers): here, without a connection, the same REST envelope.
    const needsConnection = ["growth_publish_item", "growth_item_results"];
    for (const name of needsConnection)
      expect(errorOf(await call(client, name, { itemId: item.id })), name).toMatchObject({ status: 409 });
    // Confirming a post that may have gone out: only for an item waiting for that answer (tests/api/publishing-oauth.test.ts).
    needsConnection.push("growth_confirm_publication");
    // Alerts: none on this account (tests/api/alerts.test.ts has a network that disconnects).
    expect((await call(client, "alerts_list")).structuredContent.alerts).toEqual([]);
    // A post's images, webhooks and review links (their suites run them whole: tests/api/item-images.test.ts,
    // webhooks.test.ts, review-links.test.ts): here each answers, structured or with the REST envelope.
    const answers = async (name: string, args: Record<string, unknown>) => {
      const result = await call(client, name, args);
      if (result.isError) {
        expect(errorOf(result).status, name).toBeLessThan(500);
        needsConnection.push(name);
      }
      return result;
    };
    const onePixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    const attached = await answers("growth_attach_image", {
      itemId: item.id,
      contentType: "image/png",
      data: onePixel,
      alt: "A dot",
    });
    const imageId = attached.isError ? crypto.randomUUID() : attached.structuredContent.image.id;
    await answers("growth_update_image", { itemId: item.id, imageId, alt: "A small dot" });
    await answers("growth_remove_image", { itemId: item.id, imageId });
    await answers("growth_attach_card", { itemId: item.id });
    expect((await call(client, "webhooks_list")).structuredContent.endpoints).toEqual([]);
    const privateHook = await call(client, "webhooks_create", { url: "https://10.0.0.1/hook", events: ["item.published"] });
    expect(errorOf(privateHook)).toMatchObject({ status: 400 });
    needsConnection.push("webhooks_create");
    await answers("webhooks_update", { endpointId: crypto.randomUUID(), enabled: false });
    await answers("webhooks_delete", { endpointId: crypto.randomUUID() });
    await answers("growth_create_review_link", { cycleId });
    expect(errorOf(await call(client, "growth_confirm_publication", { itemId: item.id, outcome: "not_posted" }))).toMatchObject({
      status: 409,
    });
    // Revoking the key a client uses ends its access: a second account's client revokes its own.
    const other = await connect(await unactivatedKey());
    await other.listTools();
    const { keys } = (await call(other, "keys_list")).structuredContent;
    expect((await call(other, "keys_revoke", { keyId: keys[0].id })).structuredContent.apiKey.revokedAt).not.toBeNull();
    await other.close();
    expect([...answeredStructured, ...needsConnection].sort()).toEqual(tools.map((tool) => tool.name).sort());
  });

  it("says once, in its instructions, what every tool's idempotencyKey and every list's paging mean", async () => {
    const instructions = client.getInstructions()!;
    expect(instructions).toContain("`idempotencyKey`");
    expect(instructions).toMatch(/`limit` \(1-100\) and `cursor` \(the `nextCursor` of the previous answer/);
    const { tools } = await client.listTools();
    const list = tools.find((tool) => tool.name === "projects_list")!;
    expect(list.inputSchema.properties).toMatchObject({ limit: { type: "integer" }, cursor: { type: "string" } });
    expect(JSON.stringify(list.inputSchema)).not.toContain("description");
  });

  it("offers prompts for onboarding and the weekly loop", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual(["launch_a_project", "run_my_week"]);
    const week = await client.getPrompt({ name: "run_my_week", arguments: { projectId: "abc" } });
    expect((week.messages[0]!.content as { text: string }).text).toContain("growth_plan_cycle");
  });

  it("applies the same gates as REST: identical 402 bodies and invalid input as 400", async () => {
    const free = await rest.paidFounder("pro");
    const restCreate = async () => rest.call("POST", "/api/v1/projects", { key: free.key, body: sampleProject });
    expect((await restCreate()).status).toBe(201);
    const restRefusal = await restCreate();
    const mcp = await connect(free.key);
    const mcpRefusal = errorOf(await call(mcp, "projects_create", sampleProject));
    expect(restRefusal.status).toBe(402);
    expect(mcpRefusal).toEqual({ ...restRefusal.json, status: 402 });
    const invalid = await call(mcp, "decisions_update", { projectId: "not-a-uuid", brandName: "x" });
    expect(invalid.isError).toBe(true);
    const unknown = errorOf(await call(mcp, "projects_list", { limit: 5, colour: "blue" }));
    expect(unknown).toMatchObject({ code: "invalid_request", status: 400 });
    expect(JSON.stringify(unknown)).toContain("colour");
    await mcp.close();
  });
});
