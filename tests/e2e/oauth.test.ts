import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type StartedServer, startServer } from "../support/server";
import { expectAccessible, launchBrowser, screenshot } from "./browser";
import { AssistantProvider } from "./oauth-assistant";

// "Add Launchloop to my assistant": the MCP SDK's own client and OAuth provider against the
// product started as a user starts it, the founder answering the consent page in Chromium.
// One client identifies itself with a metadata document this test serves over https, the
// other registers itself (RFC 7591). Own server: it may fetch that document from loopback
// (OUTBOUND_ALLOW_HTTP=1) and trusts the test's certificate.

const certDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-oauth-cert-"));
let server: StartedServer;
let documentServer: https.Server;
let callbackServer: http.Server;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let context: BrowserContext;
let page: Page;
let founder: { email: string; password: string };
let documentUrl: string;
let redirectUrl: string;
const documentHits: string[] = [];
const codes: string[] = [];
const secretsSeen = new Set<string>();
/** Every answer of the MCP endpoint the SDK client saw: status and challenge. */
const mcpAnswers: Array<{ status: number; challenge: string | null }> = [];

const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (String(input instanceof Request ? input.url : input).endsWith("/api/mcp"))
    mcpAnswers.push({ status: response.status, challenge: response.headers.get("www-authenticate") });
  return response;
};

const mcpUrl = () => new URL(`${server.baseUrl}/api/mcp`);
const transportFor = (provider: AssistantProvider) =>
  new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider, fetch: recordingFetch });

async function connected(provider: AssistantProvider) {
  const client = new Client({ name: "e2e-assistant", version: "1.0.0" });
  await client.connect(transportFor(provider));
  return client;
}

/** The founder answers the consent page the provider was sent to; answers the code the client gets back. */
async function consentInBrowser(
  provider: AssistantProvider,
  expectations: { name: string; scopes: RegExp[]; screenshotAs?: string },
) {
  expect(provider.authorizationUrl, "the SDK client was sent to the authorization endpoint").toBeDefined();
  const before = codes.length;
  await page.goto(provider.authorizationUrl!.toString());
  await page.getByRole("heading", { name: `Connect ${expectations.name} to Launchloop?` }).waitFor();
  await expect.poll(() => page.getByText(founder.email).count()).toBeGreaterThan(0);
  // The redirect is a loopback address: the page says it is a program on this computer, and its port.
  await expect.poll(() => page.getByText("a program on this computer").count()).toBeGreaterThan(0);
  await expect.poll(() => page.getByText(`(port ${new URL(redirectUrl).port})`).count()).toBeGreaterThan(0);
  for (const words of expectations.scopes) await expect.poll(() => page.getByText(words).count()).toBeGreaterThan(0);
  if (expectations.screenshotAs) {
    await expectAccessible(page, expectations.screenshotAs);
    await screenshot(page, expectations.screenshotAs);
  }
  await page.getByRole("button", { name: `Allow ${expectations.name}` }).click();
  await expect.poll(() => codes.length, { timeout: 30_000 }).toBe(before + 1);
  return codes.at(-1)!;
}

beforeAll(async () => {
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      path.join(certDir, "key.pem"),
      "-out",
      path.join(certDir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  callbackServer = http.createServer((request, response) => {
    const url = new URL(request.url!, "http://127.0.0.1");
    const code = url.searchParams.get("code");
    if (code) codes.push(code);
    response.setHeader("content-type", "text/html");
    response.end(
      `<!doctype html><title>Back in the assistant</title><p>${code ? "Connected" : `Error: ${url.searchParams.get("error")}`}</p>`,
    );
  });
  await new Promise<void>((resolve) => callbackServer.listen(0, "127.0.0.1", resolve));
  redirectUrl = `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}/callback`;
  documentServer = https.createServer(
    { key: fs.readFileSync(path.join(certDir, "key.pem")), cert: fs.readFileSync(path.join(certDir, "cert.pem")) },
    (request, response) => {
      documentHits.push(request.url!);
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({
          client_id: documentUrl,
          client_name: "Metadata Assistant",
          redirect_uris: [redirectUrl],
          token_endpoint_auth_method: "none",
          grant_types: ["authorization_code", "refresh_token"],
        }),
      );
    },
  );
  await new Promise<void>((resolve) => documentServer.listen(0, "127.0.0.1", resolve));
  documentUrl = `https://127.0.0.1:${(documentServer.address() as AddressInfo).port}/oauth/client.json`;

  server = await startServer({ OUTBOUND_ALLOW_HTTP: "1", NODE_EXTRA_CA_CERTS: path.join(certDir, "cert.pem") });
  const paid = await httpClient(server.baseUrl, server.dataDir).paidFounder("pro");
  founder = { email: paid.email, password: "correct horse battery" };
  ({ browser, close: closeBrowser } = await launchBrowser());
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(60_000);
  page = await context.newPage();
}, 600_000);

afterAll(async () => {
  await closeBrowser?.();
  server?.stop();
  documentServer?.close();
  callbackServer?.close();
  fs.rmSync(certDir, { recursive: true, force: true });
});

describe("adding Launchloop to an assistant by URL", () => {
  const remember = (tokens: { access_token: string; refresh_token?: string }) => {
    secretsSeen.add(tokens.access_token);
    if (tokens.refresh_token) secretsSeen.add(tokens.refresh_token);
  };
  const metadataClient = new AssistantProvider("Metadata Assistant", () => redirectUrl, remember);
  const registeredClient = new AssistantProvider("Registered Assistant", () => redirectUrl, remember);

  it("a metadata-document client: 401, discovery, sign-in, consent, a read-only grant that reads and may not write", async () => {
    metadataClient.clientMetadataUrl = documentUrl;
    // Connecting without a token: the 401's challenge leads the SDK to the metadata and the authorization endpoint.
    await expect(connected(metadataClient)).rejects.toThrow(/Unauthorized/);
    expect(mcpAnswers[0]).toMatchObject({
      status: 401,
      challenge: `Bearer resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource/api/mcp", scope="launchloop:read launchloop:write"`,
    });
    // The assistant asks only to read this time.
    expect(await auth(metadataClient, { serverUrl: mcpUrl(), scope: "launchloop:read", fetchFn: recordingFetch })).toBe(
      "REDIRECT",
    );
    const authorization = metadataClient.authorizationUrl!;
    expect(authorization.searchParams.get("client_id")).toBe(documentUrl);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("resource")).toBe(`${server.baseUrl}/api/mcp`);

    // Signed out: the consent page sends the founder to sign in, then back.
    await page.goto(authorization.toString());
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel("E-mail").fill(founder.email);
    await page.getByLabel("Password").fill(founder.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/oauth\/consent\?/);
    const code = await consentInBrowser(metadataClient, {
      name: "Metadata Assistant",
      scopes: [/See your account, projects/],
      screenshotAs: "oauth-consent",
    });
    expect(await page.getByText(/Create and change projects/).count()).toBe(0);
    expect(documentHits.length).toBeGreaterThan(0);

    const transport = transportFor(metadataClient);
    await transport.finishAuth(code);
    const client = await connected(metadataClient);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("projects_list");
    const me = await client.callTool({ name: "account_get", arguments: {} });
    expect(me.isError).toBeFalsy();
    expect((me.structuredContent as { account: { email: string } }).account.email).toBe(founder.email);

    const answersBefore = mcpAnswers.length;
    await expect(client.callTool({ name: "projects_create", arguments: { name: "Not allowed" } })).rejects.toThrow(/403/);
    const refusal = mcpAnswers.slice(answersBefore).find((answer) => answer.status === 403);
    expect(refusal?.challenge).toMatch(/error="insufficient_scope", scope="launchloop:read launchloop:write"/);
    await client.close();
  });

  it("refresh tokens rotate: the old one is refused and the whole grant revoked", async () => {
    const before = metadataClient.tokens()!;
    // With a refresh token and no code, the SDK refreshes.
    expect(await auth(metadataClient, { serverUrl: mcpUrl(), fetchFn: recordingFetch })).toBe("AUTHORIZED");
    const after = metadataClient.tokens()!;
    expect(after.refresh_token).toBeDefined();
    expect(after.refresh_token).not.toBe(before.refresh_token);
    const client = await connected(metadataClient);
    await client.listTools();
    await client.close();

    const replay = await fetch(`${server.baseUrl}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: before.refresh_token!, client_id: documentUrl }),
    });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe("invalid_grant");
    const revoked = await fetch(mcpUrl(), {
      method: "POST",
      headers: {
        authorization: `Bearer ${after.access_token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(revoked.status).toBe(401);
  });

  it("a self-registered client (DCR) gets a full grant, posting included, writes, and is revoked from Connected apps", async () => {
    await expect(connected(registeredClient)).rejects.toThrow(/Unauthorized/);
    expect(registeredClient.clientInformation()?.client_id).toMatch(/^llc_/);
    // This assistant asks to post too: the consent page lists it apart, with the networks that can be connected.
    const everything = "launchloop:read launchloop:write launchloop:publish";
    expect(await auth(registeredClient, { serverUrl: mcpUrl(), scope: everything, fetchFn: recordingFetch })).toBe("REDIRECT");
    const code = await consentInBrowser(registeredClient, {
      name: "Registered Assistant",
      scopes: [
        /See your account, projects/,
        /Create and change projects/,
        /Post to your connected Bluesky, Mastodon, .*Discord, WordPress and Buttondown accounts/,
      ],
      screenshotAs: "oauth-consent-publish",
    });
    await transportFor(registeredClient).finishAuth(code);
    const client = await connected(registeredClient);
    const created = await client.callTool({
      name: "projects_create",
      arguments: {
        name: "Made by an assistant",
        onboarding: { businessName: "Acme", productDescription: "A tool that does one thing well", problemSolved: "pain" },
      },
    });
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();

    await page.goto(`${server.baseUrl}/settings/connected-apps`);
    const row = page.getByRole("row").filter({ hasText: "Registered Assistant" });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByText("Read, Write, Post").count()).toBe(1);
    await expectAccessible(page, "connected-apps");
    await screenshot(page, "connected-apps");
    await page.getByRole("button", { name: "Disconnect Registered Assistant" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    await expect.poll(() => page.getByRole("row").filter({ hasText: "Registered Assistant" }).count()).toBe(0);

    const answersBefore = mcpAnswers.length;
    await expect(client.listTools()).rejects.toThrow();
    expect(mcpAnswers[answersBefore]?.status).toBe(401);
    await client.close();
  });

  it("a faulty request from a self-registered client shows its error; the founder is not sent to the client's address unasked", async () => {
    const registered = await fetch(`${server.baseUrl}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Lure", redirect_uris: [redirectUrl], token_endpoint_auth_method: "none" }),
    }).then((response) => response.json() as Promise<{ client_id: string }>);
    const faulty = new URL("/oauth/authorize", server.baseUrl);
    faulty.search = new URLSearchParams({ client_id: registered.client_id, redirect_uri: redirectUrl, state: "s" }).toString();
    const own = await context.browser()!.newContext();
    const tab = await own.newPage();
    try {
      await tab.goto(faulty.toString());
      await tab.waitForURL(/\/login\?next=/);
      await tab.getByLabel("E-mail").fill(founder.email);
      await tab.getByLabel("Password").fill(founder.password);
      await tab.getByRole("button", { name: "Sign in" }).click();
      await tab.getByRole("heading", { name: "This request cannot be answered" }).waitFor();
      expect(new URL(tab.url()).origin).toBe(server.baseUrl);
      await expect.poll(() => tab.getByText("Only response_type=code is supported.").count()).toBeGreaterThan(0);
      await tab.getByRole("link", { name: /^Tell Lure at 127\.0\.0\.1/ }).click();
      await tab.waitForURL(/\/callback\?error=unsupported_response_type/);
    } finally {
      await own.close();
    }
  });

  it("the consent page is not shown inside another page", async () => {
    // The browser refuses to frame it (frame-ancestors 'none', X-Frame-Options DENY) ...
    const response = await fetch(metadataClient.authorizationUrl!, { redirect: "manual" });
    const consentUrl = new URL(response.headers.get("location") ?? metadataClient.authorizationUrl!, server.baseUrl).href;
    const consent = await fetch(consentUrl, { redirect: "manual" });
    expect(consent.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(consent.headers.get("x-frame-options")).toBe("DENY");
    const framing = await context.newPage();
    await framing.setContent(
      `<iframe title="consent" src="${metadataClient.authorizationUrl}" width="800" height="600"></iframe>`,
    );
    await framing.waitForTimeout(2_000);
    for (const frame of framing.frames().slice(1)) expect(await frame.getByRole("button", { name: /Allow/ }).count()).toBe(0);
    await framing.close();
    // ... and, should a browser ignore the headers, the page itself shows no buttons when framed.
    const framed = await fetch(consentUrl, { headers: { "Sec-Fetch-Dest": "iframe" }, redirect: "manual" });
    if (framed.status === 200) expect(await framed.text()).toContain("Open this page on its own");
  });

  it("no token or code appears in the server's output; the request log names grants", () => {
    const output = server.output.join("");
    for (const secret of [...secretsSeen, ...codes]) expect(output.includes(secret), "a secret in the server log").toBe(false);
    expect(secretsSeen.size).toBeGreaterThan(3);
    // The MCP request log names the grant a call came through.
    expect(output).toMatch(/\] mcp grant:[0-9a-f-]{36} tools\/call:account_get 200/);
  });
});
