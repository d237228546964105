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
  type?: string;
  title?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** Every object schema in a tree, with whether it lists its properties. */
function objectsIn(schema: JsonSchema, found: JsonSchema[] = []): JsonSchema[] {
  if (schema.type === "object" || schema.title) found.push(schema);
  for (const child of [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
  ])
    objectsIn(child, found);
  return found;
}

describe("MCP payloads", () => {
  it("answers tools/list in under 40 KB, each output schema compact but complete at the top level", async () => {
    const key = await keyOfNewAccount();
    const { status, bytes, body } = await rpc(key, "tools/list");
    expect(status).toBe(200);
    // It was 115 KB, 79% of it output schemas, before they were compacted.
    expect(bytes).toBeLessThan(40 * 1024);
    const tools = body.result.tools as {
      name: string;
      inputSchema: JsonSchema;
      outputSchema: JsonSchema & { required?: string[] };
    }[];
    expect(tools.length).toBeGreaterThanOrEqual(21);
    const text = JSON.stringify(tools.map((tool) => tool.outputSchema));
    expect(text).not.toContain('"pattern"');

    const described = new Set<string>();
    for (const tool of tools) {
      expect(tool.outputSchema.type, tool.name).toBe("object");
      expect(Object.keys(tool.outputSchema.properties ?? {}).length, tool.name).toBeGreaterThan(0);
      for (const object of objectsIn(tool.outputSchema)) {
        if (!object.title) continue;
        if (object.properties || [...(object.anyOf ?? []), ...(object.oneOf ?? [])].some((option) => option.properties))
          described.add(object.title);
      }
    }
    // The resources a tool answers at its top level are each described (fields and types) somewhere in the list.
    const topLevel = tools.flatMap((tool) =>
      Object.values(tool.outputSchema.properties!)
        .map((member) => (member.items ?? member).title)
        .filter(Boolean),
    );
    for (const resource of topLevel) expect(described, resource).toContain(resource);
    for (const resource of ["Project", "AgentRun", "GrowthCycle", "GrowthItem", "ContentItem"])
      expect(described, resource).toContain(resource);
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
