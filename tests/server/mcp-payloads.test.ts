import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, inject, it } from "vitest";
import { sampleProject } from "../support/founder";
import { httpClient } from "../support/http-client";
import { latestTokenHash } from "../support/mailbox";

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
const rest = httpClient(baseUrl, dataDir);

async function keyOfNewAccount() {
  const email = `payloads-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await rest.call("POST", "/api/v1/signup", { body: { email, password: "correct horse battery", acceptTerms: true } });
  const { json } = await rest.call("POST", "/api/v1/keys/bootstrap", {
    body: { tokenHash: latestTokenHash(`${dataDir}/mail`, email) },
  });
  return json.key as string;
}

async function rpc(key: string, method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl}/api/mcp`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "Mcp-Protocol-Version": "2025-06-18",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const text = await response.text();
  return { status: response.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
}

type JsonSchema = {
  type?: string | string[];
  title?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  required?: string[];
};

/** Every schema in a tree, the root included. */
function schemasIn(schema: JsonSchema, found: JsonSchema[] = []): JsonSchema[] {
  found.push(schema);
  for (const child of [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
  ])
    schemasIn(child, found);
  return found;
}

describe("MCP payloads", () => {
  it("answers tools/list in under 40 KiB, each output schema compact but complete at the top level", async () => {
    const key = await keyOfNewAccount();
    const { status, bytes, body } = await rpc(key, "tools/list");
    expect(status).toBe(200);
    // It was 115 KB, 79% of it output schemas, before they were compacted; 40 KB for 33 tools, 53 KB for 41
    // once each resource's fields were spelled out in one tool's output schema. Named resources are now
    // only named (their fields are the OpenAPI document's), and what an input schema said twice is said once.
    expect(bytes).toBeLessThan(40 * 1024);
    const tools = body.result.tools as { name: string; inputSchema: JsonSchema; outputSchema: JsonSchema }[];
    expect(tools.length).toBeGreaterThanOrEqual(43);
    const outputs = JSON.stringify(tools.map((tool) => tool.outputSchema));
    expect(outputs).not.toContain('"pattern"');
    // A definition an input uses once is written in place (the onboarding answers, a week's plan), no `$ref` to follow.
    const input = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema;
    expect(input("projects_create").properties!.onboarding!.properties).toHaveProperty("businessName");
    expect(input("growth_approve_cycle").properties!.plan!.properties).toHaveProperty("contentPlan");
    expect(input("projects_create")).not.toHaveProperty("definitions");

    const { json: openApi } = await rest.call("GET", "/api/v1/openapi.json");
    const components = openApi.components.schemas as Record<string, JsonSchema>;
    const named = new Set<string>();
    for (const tool of tools) {
      expect(tool.outputSchema.type, tool.name).toBe("object");
      const members = Object.entries(tool.outputSchema.properties ?? {});
      expect(members.length, tool.name).toBeGreaterThan(0);
      // The top level is whole: every member is a named resource, a listed object or a plain value.
      for (const [member, schema] of members) {
        const object = (schema.items ?? schema).anyOf?.find((option) => option.type === "object") ?? schema.items ?? schema;
        if (object.type === "object" && !object.title) expect(object.properties, `${tool.name}.${member}`).toBeDefined();
      }
      // A named resource's fields are those of the OpenAPI document's schema of the same name.
      for (const schema of schemasIn(tool.outputSchema)) {
        if (!schema.title) continue;
        named.add(schema.title);
        const component = components[schema.title];
        expect(component, `${tool.name}: ${schema.title}`).toBeDefined();
        expect(component!.properties ?? component!.oneOf ?? component!.anyOf, schema.title).toBeDefined();
      }
    }
    for (const resource of ["Project", "AgentRun", "GrowthCycle", "GrowthItem", "ContentItem", "TrackedLink"])
      expect(named, resource).toContain(resource);
  });

  it("pages list tools with limit and cursor through the real client, whole lists without them", async () => {
    const { key } = await rest.paidFounder("studio");
    for (const name of ["One", "Two", "Three"])
      expect((await rest.call("POST", "/api/v1/projects", { key, body: { ...sampleProject, name } })).status).toBe(201);
    const client = new Client({ name: "launchloop-tests", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
    try {
      type Listed = { isError?: boolean; structuredContent: { projects: { id: string }[]; nextCursor?: string | null } };
      const list = async (args: Record<string, unknown>) =>
        (await client.callTool({ name: "projects_list", arguments: args })) as unknown as Listed;
      const whole = await list({});
      expect(whole.structuredContent.projects).toHaveLength(3);
      expect(whole.structuredContent).not.toHaveProperty("nextCursor");
      const first = await list({ limit: 2 });
      expect(first.structuredContent.projects).toHaveLength(2);
      const second = await list({ limit: 2, cursor: first.structuredContent.nextCursor });
      expect(second.structuredContent.projects).toHaveLength(1);
      expect(second.structuredContent.nextCursor).toBeNull();
      expect([...first.structuredContent.projects, ...second.structuredContent.projects]).toEqual(
        whole.structuredContent.projects,
      );
      const forged = await list({ limit: 2, cursor: "forged" });
      expect(forged.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
