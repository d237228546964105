import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type StartedServer, startServer } from "../support/server";
import { tcpSwitch } from "../support/tcp-switch";

const run = promisify(execFile);
const postgresUrl = process.env.TEST_DATABASE_URL;

async function closedPort() {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** `npm start` (or another script) with a DATABASE_URL, to its exit. */
async function npmScript(script: string, databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-db-"));
  try {
    await run("npm", ["run", "--silent", script], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PORT: String(await closedPort()) },
      timeout: 120_000,
    });
    return { code: 0, output: "" };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? 1, output: `${failure.stdout ?? ""}${failure.stderr ?? ""}` };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("npm start with a database it cannot open", () => {
  it("says the connection was refused, without the password or Drizzle's failed query", { timeout: 120_000 }, async () => {
    const { code, output } = await npmScript(
      "start",
      `postgres://launchloop:sekrit-password@127.0.0.1:${await closedPort()}/launchloop`,
    );
    expect(code).not.toBe(0);
    expect(output).toMatch(/connection refused/);
    expect(output).toContain("postgres://launchloop:***@127.0.0.1");
    expect(output).not.toContain("sekrit-password");
    expect(output).not.toMatch(/Failed query/);
  });

  it.skipIf(!postgresUrl)("says the database does not exist", { timeout: 120_000 }, async () => {
    const url = new URL(postgresUrl!);
    url.pathname = "/launchloop_no_such_database";
    const { code, output } = await npmScript("db:migrate", url.toString());
    expect(code).not.toBe(0);
    expect(output).toMatch(/no such database/);
  });
});

describe.skipIf(!postgresUrl)("a Postgres outage while serving", () => {
  const name = `launchloop_outage_${crypto.randomUUID().slice(0, 8)}`;
  let relay: Awaited<ReturnType<typeof tcpSwitch>>;
  let server: StartedServer;
  let key: string;

  beforeAll(async () => {
    const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const target = new URL(postgresUrl!);
    relay = await tcpSwitch({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(postgresUrl!);
    url.host = `127.0.0.1:${relay.port}`;
    url.pathname = `/${name}`;
    expect((await npmScript("db:migrate", url.toString())).code).toBe(0);
    // No Stripe here: the local test-mode checkout on Postgres is an explicit choice.
    server = await startServer({ DATABASE_URL: url.toString(), BILLING: "local" });
    key = (await httpClient(server.baseUrl, server.dataDir).paidFounder()).key;
  }, 300_000);

  afterAll(async () => {
    server?.stop();
    await relay?.up().catch(() => {});
    const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("answers 503 service_unavailable with the envelope while it lasts, and recovers when the database is back", async () => {
    const rest = httpClient(server.baseUrl, server.dataDir);
    expect((await rest.call("GET", "/api/v1/me", { key })).status).toBe(200);
    await relay.down();
    for (const [method, urlPath] of [
      ["GET", "/api/v1/me"],
      ["GET", "/api/v1/projects"],
      ["GET", "/api/v1/meta"],
    ] as const) {
      const response = await rest.call(method, urlPath, { key });
      expect(response.status, urlPath).toBe(503);
      expect(response.json).toMatchObject({ code: "service_unavailable", retryable: true });
      expect(response.headers.get("x-request-id")).toBeTruthy();
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const mcp = await fetch(`${server.baseUrl}/api/mcp`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${key}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(mcp.status).toBe(503);
    const checkout = await fetch(`${server.baseUrl}/billing/checkout/${crypto.randomUUID()}`, {
      headers: { Accept: "text/html" },
    });
    expect(checkout.status).toBe(503);
    expect(checkout.headers.get("content-type")).toMatch(/text\/html/);
    expect(await checkout.text()).toMatch(/temporarily unavailable/);
    const checkoutApi = await fetch(`${server.baseUrl}/billing/checkout/${crypto.randomUUID()}`, { method: "POST" });
    expect(checkoutApi.status).toBe(503);
    expect((await checkoutApi.json()).code).toBe("service_unavailable");

    await relay.up();
    let recovered = 0;
    for (let attempt = 0; attempt < 20 && recovered !== 200; attempt++) {
      recovered = (await rest.call("GET", "/api/v1/me", { key })).status;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(200);
  });
});
