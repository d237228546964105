import http from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSupabase, startFakeSupabase } from "../support/fake-supabase";
import { httpClient } from "../support/http-client";
import { type StartedServer, startServer } from "../support/server";
import { launchBrowser } from "./browser";
import { AssistantProvider } from "./oauth-assistant";

// With Supabase configured (a fake Supabase Auth at the network edge), founders sign in
// through Supabase and the same OAuth flow connects an assistant: the embedded
// authorization server keeps issuing the tokens, bound to the MCP server and scoped
// (Supabase's own OAuth server binds no audience and has no custom scopes; docs/mcp.md).

let fake: FakeSupabase;
let server: StartedServer;
let callback: http.Server;
let redirectUrl: string;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let page: Page;
const codes: string[] = [];
const email = `supabase-oauth-${crypto.randomUUID().slice(0, 8)}@example.com`;
const password = "correct horse battery";

beforeAll(async () => {
  fake = await startFakeSupabase();
  callback = http.createServer((request, response) => {
    const code = new URL(request.url!, "http://127.0.0.1").searchParams.get("code");
    if (code) codes.push(code);
    response.setHeader("content-type", "text/html");
    response.end("<!doctype html><title>Back in the assistant</title><p>Done</p>");
  });
  await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
  redirectUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  server = await startServer({
    SUPABASE_URL: fake.url,
    SUPABASE_ANON_KEY: fake.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: fake.serviceRoleKey,
  });
  const { call } = httpClient(server.baseUrl, server.dataDir);
  expect((await call("POST", "/api/v1/signup", { body: { email, password, acceptTerms: true } })).status).toBe(202);
  expect(
    (await call("POST", "/api/v1/keys/bootstrap", { body: { tokenHash: fake.latestMail(email, "signup").tokenHash } })).status,
  ).toBe(200);
  ({ browser, close: closeBrowser } = await launchBrowser());
  page = await (await browser.newContext()).newPage();
  page.setDefaultTimeout(60_000);
}, 600_000);

afterAll(async () => {
  await closeBrowser?.();
  server?.stop();
  callback?.close();
  await fake?.close();
});

describe("connecting an assistant with Supabase Auth configured", () => {
  it("signs in through Supabase on the way to consent, then the SDK client connects; disconnecting ends it", async () => {
    const provider = new AssistantProvider("Supabase-era Assistant", () => redirectUrl);
    const url = new URL(`${server.baseUrl}/api/mcp`);
    await expect(
      new Client({ name: "a", version: "1" }).connect(new StreamableHTTPClientTransport(url, { authProvider: provider })),
    ).rejects.toThrow(/Unauthorized/);

    await page.goto(provider.authorizationUrl!.toString());
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Connect Supabase-era Assistant to Launchloop?" }).waitFor();
    expect(await page.getByText(email).count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Allow Supabase-era Assistant" }).click();
    await expect.poll(() => codes.length, { timeout: 30_000 }).toBe(1);

    await new StreamableHTTPClientTransport(url, { authProvider: provider }).finishAuth(codes[0]!);
    const client = new Client({ name: "a", version: "1" });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    const me = await client.callTool({ name: "account_get", arguments: {} });
    expect((me.structuredContent as { account: { email: string } }).account.email).toBe(email);

    await page.goto(`${server.baseUrl}/settings/connected-apps`);
    await page.getByRole("button", { name: "Disconnect Supabase-era Assistant" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    await expect.poll(() => page.getByRole("row").filter({ hasText: "Supabase-era Assistant" }).count()).toBe(0);
    const revoked = await fetch(url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${provider.tokens()!.access_token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(revoked.status).toBe(401);
    await client.close();
  });
});
