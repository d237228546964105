import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as mcpPost } from "@/app/api/mcp/route";
import {
  accounts,
  agentRuns,
  apiKeys,
  connections,
  contentItems,
  dailyRunUsage,
  growthCycles,
  growthItems,
  growthTasks,
  projects,
  subscriptions,
} from "@/lib/db/schema";
import { toolInputSchema } from "@/lib/mcp/tools";
import { apiOperations } from "@/lib/operations";
import { isPublic, type RestOperation } from "@/lib/operations/operation";
import { addAlert, addBlueskyConnection } from "../support/accounts";
import { authenticatedCall } from "../support/calls";
import { approvedFirstWeek } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";
import { onePixelPng, validInput } from "../support/valid-input";
import { addWebhookDelivery } from "../support/webhooks";

// Generated from the operation declarations: every operation that takes an id (in its
// path, query or body) is called by another account with the owner's ids, over REST and
// over MCP, and must answer 404 and change nothing.

let app: TestApp;
let owner: { key: string; email: string; accountId: string };
let stranger: { key: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp();
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, "pro");
  const [account] = await app.db.select().from(accounts).where(eq(accounts.email, founder.email));
  owner = { ...founder, accountId: account!.id };
  const call = authenticatedCall({ app, key: owner.key });

  Object.assign(ids, await approvedFirstWeek(app, owner.key));
  ids.key = (await call("GET", "/api/v1/keys")).json.keys[0].id;
  const [ownerAccount] = await app.db.select().from(accounts).where(eq(accounts.email, owner.email));
  ids.connection = (await addBlueskyConnection(app.db, { accountId: ownerAccount!.id, projectId: ids.project })).id;
  ids.alert = (await addAlert(app.db, { accountId: ownerAccount!.id, projectId: ids.project })).id;
  ids.trackedLink = (
    await call("POST", `/api/v1/projects/${ids.project}/links`, { destination: "https://owner.example/" })
  ).json.link.id;
  ids.ingestKey = (await call("POST", `/api/v1/projects/${ids.project}/ingest-keys`, { kind: "secret" })).json.ingestKey.id;
  ids.image = (
    await call("POST", `/api/v1/growth/items/${ids.growthItem}/images`, {
      contentType: "image/png",
      data: onePixelPng,
      alt: "A dot",
    })
  ).json.image.id;
  const webhook = await addWebhookDelivery(app.db, { accountId: ownerAccount!.id, projectId: ids.project });
  [ids.webhookEndpoint, ids.webhookDelivery] = [webhook.endpointId, webhook.deliveryId];
  ids.packImage = (await call("GET", `/api/v1/projects/${ids.project}/pack-images`)).json.images[0].id;

  const other = await app.signUpWithKey();
  await setPlan(app.db, other.email, "pro");
  stranger = other;
});
afterAll(() => app.close());

/** The owner's id for a path parameter or an id field, by its name and the operation's path. */
function ownerIdFor(name: string, operation: RestOperation): string {
  if (name === "id" || name === "projectId") return ids.project!;
  if (name === "runId") return ids.run!;
  if (name === "cycleId") return ids.cycle!;
  if (name === "taskId") return ids.task!;
  if (name === "keyId") return operation.id === "revokeIngestKey" ? ids.ingestKey! : ids.key!;
  if (name === "linkId") return ids.trackedLink!;
  if (name === "connectionId") return ids.connection!;
  if (name === "imageId") return ids.image!;
  if (name === "alertId") return ids.alert!;
  if (name === "endpointId") return ids.webhookEndpoint!;
  if (name === "deliveryId") return ids.webhookDelivery!;
  if (name === "packImageId") return ids.packImage!;
  if (name === "itemId") return operation.rest.path.startsWith("/api/v1/content/") ? ids.contentItem! : ids.growthItem!;
  throw new Error(`no owner id for ${name} in ${operation.id}`);
}

/** The top-level fields of a body or query that hold an id. */
const idFieldsOf = (schema: z.ZodType | undefined) =>
  schema instanceof z.ZodObject
    ? Object.entries(schema.shape as Record<string, z.ZodType>)
        .filter(([, field]) => field instanceof z.ZodUUID)
        .map(([name]) => name)
    : [];
const paramNamesOf = (operation: RestOperation) =>
  operation.params instanceof z.ZodObject ? Object.keys(operation.params.shape) : [];

// Public operations take no account: their path token (a calendar subscription) is the capability itself.
const withIds = apiOperations.filter(
  (operation) =>
    !isPublic(operation) &&
    paramNamesOf(operation).length + idFieldsOf(operation.body).length + idFieldsOf(operation.query).length > 0,
);

function requestFor(operation: RestOperation) {
  const fill = (names: string[]) => Object.fromEntries(names.map((name) => [name, ownerIdFor(name, operation)]));
  const params = fill(paramNamesOf(operation));
  const input = validInput[operation.id] ?? {};
  const body = operation.body ? { ...input.body, ...fill(idFieldsOf(operation.body)) } : undefined;
  const query = operation.query ? { ...input.query, ...fill(idFieldsOf(operation.query)) } : undefined;
  const path = operation.rest.path.replace(/\{(\w+)\}/g, (_match, name: string) => params[name]!);
  const search = query ? `?${new URLSearchParams(query as Record<string, string>)}` : "";
  return { params, body, query, url: `${path}${search}` };
}

/** Everything the owner's account holds, to prove a stranger's call changed none of it. */
async function ownerState() {
  const mine = <T extends { accountId: never }>(table: T) => eq((table as unknown as typeof projects).accountId, owner.accountId);
  const [project, runs, content, cycles, items, tasks, keys, usage, subscription, connected] = await Promise.all([
    app.db
      .select()
      .from(projects)
      .where(mine(projects as never))
      .orderBy(asc(projects.id)),
    app.db
      .select()
      .from(agentRuns)
      .where(mine(agentRuns as never))
      .orderBy(asc(agentRuns.id)),
    app.db
      .select()
      .from(contentItems)
      .where(mine(contentItems as never))
      .orderBy(asc(contentItems.id)),
    app.db
      .select()
      .from(growthCycles)
      .where(mine(growthCycles as never))
      .orderBy(asc(growthCycles.id)),
    app.db
      .select()
      .from(growthItems)
      .where(mine(growthItems as never))
      .orderBy(asc(growthItems.id)),
    app.db
      .select()
      .from(growthTasks)
      .where(mine(growthTasks as never))
      .orderBy(asc(growthTasks.id)),
    app.db
      .select({ id: apiKeys.id, name: apiKeys.name, revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(mine(apiKeys as never)),
    app.db
      .select()
      .from(dailyRunUsage)
      .where(mine(dailyRunUsage as never)),
    app.db
      .select()
      .from(subscriptions)
      .where(mine(subscriptions as never)),
    app.db
      .select()
      .from(connections)
      .where(mine(connections as never)),
  ]);
  return JSON.stringify({ project, runs, content, cycles, items, tasks, keys, usage, subscription, connected });
}

describe("tenant isolation, generated from the operation declarations", () => {
  it("covers every operation that takes an id", () => {
    expect(withIds.map((operation) => operation.id)).toEqual(
      expect.arrayContaining(["startAgent", "reviewRun", "exportLaunchPack", "updateTask"]),
    );
    for (const operation of withIds) {
      if (operation.body && !operation.bodyOptional)
        expect(validInput[operation.id], `${operation.id} needs a valid body`).toBeDefined();
    }
  });

  it.each(withIds.map((operation) => [operation.id, operation] as const))(
    "%s: another account's id is 404 over REST and changes nothing",
    async (_id, operation) => {
      const before = await ownerState();
      const { body, url } = requestFor(operation);
      const response = await app.request(operation.rest.method, url, { key: stranger.key, body });
      expect([response.status, response.json?.code], response.text).toEqual([404, "not_found"]);
      expect(await ownerState()).toBe(before);
    },
  );

  describe("over MCP (the SDK client, the MCP route)", () => {
    let client: Client;
    beforeAll(async () => {
      client = new Client({ name: "isolation-test", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL("http://launchloop.test/api/mcp"), {
        requestInit: { headers: { Authorization: `Bearer ${stranger.key}`, Host: "launchloop.test" } },
        fetch: (url, init) => mcpPost(new Request(url, init)),
      });
      await client.connect(transport);
    });
    afterAll(() => client?.close());

    const tools = withIds.filter((operation) => operation.tool);

    it.each(tools.map((operation) => [operation.tool!.name, operation] as const))(
      "%s: another account's id is not_found and changes nothing",
      async (_name, operation) => {
        const before = await ownerState();
        const { params, body, query } = requestFor(operation);
        const shape = toolInputSchema(operation).shape as Record<string, unknown>;
        const args = {
          ...Object.fromEntries(Object.entries(params).map(([name, value]) => [name === "id" ? "projectId" : name, value])),
          ...query,
          ...body,
        };
        expect(Object.keys(args).every((name) => name in shape)).toBe(true);
        const result = (await client.callTool({ name: operation.tool!.name, arguments: args })) as {
          isError?: boolean;
          content: { text: string }[];
        };
        expect(result.isError, result.content[0]?.text).toBe(true);
        expect(JSON.parse(result.content[0]!.text)).toMatchObject({ code: "not_found" });
        expect(await ownerState()).toBe(before);
      },
    );
  });
});
