import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as mcpPost } from "@/app/api/mcp/route";
import type { ServiceContext } from "@/lib/core/context";
import { accounts, growthItems } from "@/lib/db/schema";
import { addBlueskyConnection } from "../support/accounts";
import { authenticatedJson } from "../support/calls";
import { connectApp, rpc } from "../support/oauth";
import { appWithLaunchedProject } from "../support/pipeline";
import type { TestApp } from "../support/test-app";

// What each OAuth scope opens, through the MCP server as a connected app reaches it (the SDK's
// own client, in-process): posting to a connected network needs launchloop:publish, and API
// keys and billing are never a connected app's, whatever it was allowed.

const base = "http://launchloop.test";
const readWrite = "launchloop:read launchloop:write";
const everything = "launchloop:read launchloop:write launchloop:publish";
let app: TestApp;
let key: string;
let projectId: string;
let owner: ServiceContext;
let connectionId: string;
/** Drafted Bluesky items of an approved week. */
let items: string[];
const clients: Client[] = [];

beforeAll(async () => {
  ({ app, key, projectId } = await appWithLaunchedProject("pro"));
  const [account] = await app.db.select().from(accounts).limit(1);
  owner = await app.sessionContext(account!.email);
  const call = authenticatedJson({ app, key });
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const planned = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).cycle;
  const post = (slug: string, day: string) => ({
    slug,
    title: `Post ${slug}`,
    angle: "Why we built it",
    keyMessage: "Tidybooks reconciles your books overnight",
    suggestedDay: day,
  });
  const plan = {
    ...planned.plan,
    contentPlan: [
      {
        channel: "bluesky",
        count: 4,
        items: [post("one", "Wed"), post("two", "Thu"), post("three", "Fri"), post("four", "Sat")],
      },
    ],
  };
  const approved = (await call("POST", `/api/v1/growth/cycles/${planned.id}/approve`, { plan })).cycle;
  items = approved.items.map((item: { id: string }) => item.id);
  for (const id of items) await call("POST", `/api/v1/growth/items/${id}/generate`);
  connectionId = (await addBlueskyConnection(app.db, { accountId: owner.account.id, projectId })).id;
}, 240_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  await app?.close();
});

async function mcpClient(bearer: string) {
  const client = new Client({ name: "scopes-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${bearer}`, Host: "launchloop.test" } },
    fetch: (url, init) => mcpPost(new Request(url, init)),
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** A tools/call as the wire carries it, for the status and challenge a refusal answers with. */
async function rawCall(bearer: string, name: string, args: Record<string, unknown>) {
  const response = await mcpPost(
    new Request(`${base}/api/mcp`, {
      method: "POST",
      headers: {
        host: "launchloop.test",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${bearer}`,
      },
      body: JSON.stringify(rpc("tools/call", { name, arguments: args })),
    }),
  );
  return { status: response.status, challenge: response.headers.get("www-authenticate"), json: await response.json() };
}

const itemRow = async (id: string) => (await app.db.select().from(growthItems).where(eq(growthItems.id, id)))[0]!;
const toolNames = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);

describe("launchloop:publish", () => {
  it("a read and write grant is never shown the key and billing tools, and is refused publishing with insufficient_scope", async () => {
    const { access, scope } = await connectApp(owner, { base, scope: readWrite });
    expect(scope).toBe(readWrite);
    const client = await mcpClient(access);
    const names = await toolNames(client);
    for (const hidden of ["keys_list", "keys_revoke", "billing_checkout", "webhooks_list", "webhooks_create"])
      expect(names).not.toContain(hidden);
    // An app that added its own endpoint would hear every event of the account, after it was disconnected too.
    const webhook = await rawCall(access, "webhooks_create", { url: "https://app.example/hook", events: ["item.published"] });
    expect(webhook.status).toBe(403);
    expect(webhook.json.code).toBe("insufficient_scope");
    // Tools a further scope opens stay listed, so the assistant can ask the founder for it.
    expect(names).toEqual(expect.arrayContaining(["projects_list", "growth_review_item", "growth_publish_item"]));

    const publish = await rawCall(access, "growth_publish_item", { itemId: items[0] });
    expect(publish.status).toBe(403);
    expect(publish.json.code).toBe("insufficient_scope");
    expect(publish.challenge).toMatch(
      /^Bearer error="insufficient_scope", scope="launchloop:read launchloop:write launchloop:publish", resource_metadata="/,
    );
    for (const schedule of [{ connectionId }, { scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }]) {
      const scheduled = await rawCall(access, "growth_review_item", { itemId: items[0], ...schedule });
      expect([scheduled.status, scheduled.json.code]).toEqual([403, "insufficient_scope"]);
    }
    const keys = await rawCall(access, "keys_list", {});
    expect([keys.status, keys.json.code]).toEqual([403, "insufficient_scope"]);
    expect(keys.challenge).toMatch(/^Bearer error="insufficient_scope", resource_metadata="/);
    expect(keys.challenge).not.toContain("scope=");
    expect((await itemRow(items[0]!)).scheduledAt).toBeNull();
  });

  it("approving with a read and write grant leaves the item off the schedule, even with the project's only account", async () => {
    const { access } = await connectApp(owner, { base, scope: readWrite });
    const client = await mcpClient(access);
    const approved = await client.callTool({ name: "growth_review_item", arguments: { itemId: items[0], status: "approved" } });
    expect(approved.isError, JSON.stringify(approved)).toBeFalsy();
    const row = await itemRow(items[0]!);
    expect(row).toMatchObject({ status: "approved", scheduledAt: null, connectionId: null });
  });

  it("a grant with launchloop:publish may schedule and publish; approval gets the default time and account", async () => {
    const { access, scope } = await connectApp(owner, { base, scope: everything });
    expect(scope).toBe(everything);
    const client = await mcpClient(access);
    const approved = await client.callTool({ name: "growth_review_item", arguments: { itemId: items[1], status: "approved" } });
    expect(approved.isError, JSON.stringify(approved)).toBeFalsy();
    const row = await itemRow(items[1]!);
    expect(row.connectionId).toBe(connectionId);
    expect(row.scheduledAt).not.toBeNull();
    const published = await client.callTool({ name: "growth_publish_item", arguments: { itemId: items[1] } });
    expect(published.isError, JSON.stringify(published)).toBeFalsy();
    // Picking the account of the item the read and write grant approved (left unscheduled) needs it too, and works.
    const scheduled = await client.callTool({ name: "growth_review_item", arguments: { itemId: items[0], connectionId } });
    expect(scheduled.isError, JSON.stringify(scheduled)).toBeFalsy();
    expect((await itemRow(items[0]!)).connectionId).toBe(connectionId);
    // Still no key or billing tool, and no call to one.
    expect(await toolNames(client)).not.toContain("keys_revoke");
    expect((await rawCall(access, "keys_revoke", { keyId: crypto.randomUUID() })).json.code).toBe("insufficient_scope");
    expect((await rawCall(access, "billing_checkout", { plan: "studio" })).json.code).toBe("insufficient_scope");
  });

  it("a read and write grant may rewrite a scheduled post, which then leaves the schedule", async () => {
    const approved = await app.request("PATCH", `/api/v1/growth/items/${items[3]}`, { key, body: { status: "approved" } });
    expect(approved.status, approved.text).toBe(200);
    expect((await itemRow(items[3]!)).scheduledAt).not.toBeNull();
    const { access } = await connectApp(owner, { base, scope: readWrite });
    const client = await mcpClient(access);
    const edited = await client.callTool({
      name: "growth_edit_draft",
      arguments: { itemId: items[3], body: "A text the founder never read." },
    });
    expect(edited.isError, JSON.stringify(edited)).toBeFalsy();
    expect(await itemRow(items[3]!)).toMatchObject({ status: "approved", scheduledAt: null });
  });

  it("an API key keeps every tool", async () => {
    const names = await toolNames(await mcpClient(key));
    expect(names).toEqual(expect.arrayContaining(["keys_list", "keys_revoke", "billing_checkout", "growth_publish_item"]));
  });
});
