import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as authorizationServerGet } from "@/app/.well-known/oauth-authorization-server/route";
import { GET as resourceMetadataGet } from "@/app/.well-known/oauth-protected-resource/api/mcp/route";
import { GET as rootResourceMetadataGet } from "@/app/.well-known/oauth-protected-resource/route";
import { POST as mcpPost } from "@/app/api/mcp/route";
import { GET as authorizeGet } from "@/app/oauth/authorize/route";
import { POST as registerPost } from "@/app/oauth/register/route";
import { POST as revokePost } from "@/app/oauth/revoke/route";
import { POST as tokenPost } from "@/app/oauth/token/route";
import { reloadConfig } from "@/lib/config";
import type { ServiceContext } from "@/lib/core/context";
import type { AccountRecord } from "@/lib/db/records";
import { oauthClients, oauthGrants, oauthTokens } from "@/lib/db/schema";
import { revokeAccountGrants } from "@/lib/oauth/grants";
import { checkAuthorization } from "@/lib/oauth/server";
import { deleteAccount } from "@/lib/operations/account-admin";
import { answerAuthorization, listConnectedApps, revokeConnectedApp } from "@/lib/operations/connected-apps";
import { executeOperation } from "@/lib/operations/execute";
import { redirectTargetOf } from "@/lib/schemas/oauth-clients";
import { randomToken, sha256Hex } from "@/lib/security/hashing";
import { createApiKey } from "@/lib/services/api-keys";
import { purgeExpiredOAuth } from "@/lib/services/oauth/purge-expired-oauth";
import { accountOnPlan } from "../support/accounts";
import { form, initializeParams, pkcePair, rpc } from "../support/oauth";
import { createTestApp, type TestApp } from "../support/test-app";

// The embedded authorization server and the MCP server as its protected resource, in-process
// over a fresh database: every refusal the issue names, and the gates for an OAuth caller.

const base = "http://launchloop.test";
const resource = `${base}/api/mcp`;
const redirectUri = "http://127.0.0.1:8976/callback";
let app: TestApp;
let account: AccountRecord;
let clientId: string;

beforeAll(async () => {
  app = await createTestApp({ APP_URL: base, OUTBOUND_ALLOW_HTTP: "" });
  account = await accountOnPlan(app.db, "pro");
  clientId = (await register({ client_name: "Test Assistant", redirect_uris: [redirectUri], token_endpoint_auth_method: "none" }))
    .json.client_id;
});
afterAll(async () => {
  await app?.close();
});

async function read(response: Response) {
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const register = async (body: unknown) =>
  read(
    await registerPost(
      new Request(`${base}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    ),
  );
const token = async (values: Record<string, string>) =>
  read(await tokenPost(new Request(`${base}/oauth/token`, { method: "POST", ...form(values) })));
/** The test client exchanging an authorization code with its PKCE verifier; `changed` replaces or adds fields. */
const exchangeCode = (code: string, verifier: string, changed: Record<string, string> = {}) =>
  token({
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    redirect_uri: redirectUri,
    client_id: clientId,
    ...changed,
  });
const revoke = async (values: Record<string, string>) =>
  read(await revokePost(new Request(`${base}/oauth/revoke`, { method: "POST", ...form(values) })));

async function mcp(bearer: string | undefined, message: unknown) {
  const headers: Record<string, string> = {
    host: "launchloop.test",
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  return read(await mcpPost(new Request(resource, { method: "POST", headers, body: JSON.stringify(message) })));
}

const sessionCtx = (owner: AccountRecord = account): ServiceContext => ({
  requestId: crypto.randomUUID(),
  db: app.db,
  now: new Date(),
  clientIp: "198.51.100.7",
  account: owner,
  principal: { kind: "session", sessionId: crypto.randomUUID() },
});

/** The founder answers the consent page; the browser would go where this answers. */
async function consent(params: Record<string, string>, decision: "allow" | "deny" = "allow", owner = account) {
  const { redirectTo } = await executeOperation(answerAuthorization, { body: { decision, ...params } }, sessionCtx(owner));
  return new URL(redirectTo);
}

function authorizationRequest(overrides: Record<string, string> = {}) {
  const pkce = pkcePair();
  const params = {
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
    state: "st-1",
    resource,
    scope: "launchloop:read launchloop:write",
    ...overrides,
  };
  return { params, verifier: pkce.verifier };
}

/** A whole authorization: consent, then the code exchanged with its verifier. */
async function connect(scope = "launchloop:read launchloop:write", owner = account) {
  const { params, verifier } = authorizationRequest({ scope });
  const back = await consent(params, "allow", owner);
  const code = back.searchParams.get("code")!;
  const exchanged = await exchangeCode(code, verifier, { resource });
  expect(exchanged.status, exchanged.text).toBe(200);
  return {
    code,
    verifier,
    access: exchanged.json.access_token as string,
    refresh: exchanged.json.refresh_token as string,
    body: exchanged.json,
  };
}

describe("metadata", () => {
  it("publishes the protected resource (path-aware and root) and the authorization server", async () => {
    for (const get of [resourceMetadataGet, rootResourceMetadataGet]) {
      const prm = await read(await get());
      expect(prm.json).toMatchObject({
        resource,
        authorization_servers: [base],
        scopes_supported: ["launchloop:read", "launchloop:write", "launchloop:publish"],
      });
    }
    const as = (await read(await authorizationServerGet())).json;
    expect(as).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
      client_id_metadata_document_supported: true,
      scopes_supported: ["launchloop:read", "launchloop:write", "launchloop:publish"],
    });
  });

  it("the authorization endpoint forwards the request to the consent page, strictly encoded for the sign-in round trip", async () => {
    const response = authorizeGet(
      new Request(
        `${base}/oauth/authorize?client_id=${encodeURIComponent("https://app.example/c.json")}&scope=launchloop%3Aread+launchloop%3Awrite&state=a~b`,
      ),
    );
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/oauth\/consent\?[\w\-./?=&%]*$/);
    const params = new URL(location, base).searchParams;
    expect(params.get("client_id")).toBe("https://app.example/c.json");
    expect(params.get("scope")).toBe("launchloop:read launchloop:write");
    expect(params.get("state")).toBe("a~b");
  });
});

describe("the MCP server as a protected resource", () => {
  it("answers 401 with the resource metadata's address and the scopes to ask for without a token, and invalid_token with a bad one", async () => {
    const none = await mcp(undefined, rpc("initialize", initializeParams));
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/api/mcp", scope="launchloop:read launchloop:write"`,
    );
    const bad = await mcp("lloa_not-a-token", rpc("initialize", initializeParams));
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });

  it("a full grant lists tools, calls a read tool and a write tool; an API key keeps working", async () => {
    const { access, body } = await connect();
    expect(body).toMatchObject({ token_type: "Bearer", scope: "launchloop:read launchloop:write" });
    expect(body.expires_in).toBeGreaterThan(3590);
    expect(body.expires_in).toBeLessThanOrEqual(3600);
    const list = await mcp(access, rpc("tools/list"));
    expect(list.status, list.text).toBe(200);
    expect(list.json.result.tools.map((tool: { name: string }) => tool.name)).toContain("projects_create");
    const me = await mcp(access, rpc("tools/call", { name: "account_get", arguments: {} }));
    expect(me.json.result.structuredContent.account.email).toBe(account.email);
    const created = await mcp(
      access,
      rpc("tools/call", {
        name: "projects_create",
        arguments: {
          name: "From OAuth",
          onboarding: { businessName: "Acme", productDescription: "A thing that does stuff", problemSolved: "pain" },
        },
      }),
    );
    expect(created.json.result.isError, created.text).toBeUndefined();
    const { secret } = await createApiKey(app.db, { accountId: account.id, name: "still works" });
    expect((await mcp(secret, rpc("tools/list"))).status).toBe(200);
  });

  it("the MCP request log names the grant, never the token", async () => {
    const { access } = await connect("launchloop:read");
    const [{ grantId }] = await app.db
      .select({ grantId: oauthTokens.grantId })
      .from(oauthTokens)
      .where(eq(oauthTokens.tokenHash, sha256Hex(access)));
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    try {
      await mcp(access, rpc("tools/call", { name: "projects_list", arguments: {} }));
      await mcp(access, rpc("tools/call", { name: "projects_create", arguments: { name: "secret-ish argument" } }));
      await mcp(undefined, rpc("tools/list"));
      const lines = info.mock.calls.map((call) => String(call[0]));
      expect(lines[0]).toMatch(new RegExp(`\\] mcp grant:${grantId} tools/call:projects_list 200$`));
      expect(lines[1]).toMatch(new RegExp(`\\] mcp grant:${grantId} tools/call:projects_create 403$`));
      expect(lines[2]).toMatch(/\] mcp anonymous - 401$/);
      for (const line of lines) {
        expect(line).not.toContain(access);
        expect(line).not.toContain("secret-ish");
      }
    } finally {
      info.mockRestore();
    }
  });

  it("a read-only grant may read but a write tool answers 403 insufficient_scope naming the scope", async () => {
    const { access } = await connect("launchloop:read");
    const read = await mcp(access, rpc("tools/call", { name: "projects_list", arguments: {} }));
    expect(read.status).toBe(200);
    expect(read.json.result.isError).toBeUndefined();
    const write = await mcp(access, rpc("tools/call", { name: "projects_create", arguments: { name: "x" } }));
    expect(write.status).toBe(403);
    expect(write.headers.get("www-authenticate")).toMatch(
      /^Bearer error="insufficient_scope", scope="launchloop:read launchloop:write", resource_metadata="/,
    );
    expect(write.json.code).toBe("insufficient_scope");
    // A batch hiding a write among reads is refused too.
    const batch = await mcp(access, [
      rpc("tools/call", { name: "projects_list", arguments: {} }, 1),
      rpc("tools/call", { name: "projects_create", arguments: {} }, 2),
    ]);
    expect(batch.status).toBe(403);
  });

  it("a write-only grant may not read resources, nor tasks (agent runs with their output)", async () => {
    const { access } = await connect("launchloop:write");
    const resources = await mcp(access, rpc("resources/list"));
    expect(resources.status).toBe(403);
    expect(resources.headers.get("www-authenticate")).toContain('scope="launchloop:write launchloop:read"');
    for (const method of ["tasks/list", "tasks/get", "tasks/result"]) {
      const tasks = await mcp(access, rpc(method, { taskId: crypto.randomUUID() }));
      expect(tasks.status, method).toBe(403);
    }
    const { access: reader } = await connect("launchloop:read");
    const listed = await mcp(reader, rpc("tasks/list"));
    expect(listed.status).toBe(200);
    expect(listed.json.result.tasks).toEqual([]);
  });

  it("an access token is not a REST credential", async () => {
    const { access } = await connect();
    const rest = await app.request("GET", "/api/v1/me", { key: access });
    expect(rest.status).toBe(401);
  });

  it("a token minted for another resource is refused, and none is issued for one", async () => {
    const [grant] = await app.db
      .insert(oauthGrants)
      .values({
        accountId: account.id,
        clientId,
        clientName: "Other",
        redirectUri,
        scopes: ["launchloop:read"],
        resource: "https://other.example/mcp",
        activatedAt: new Date(),
      })
      .returning();
    const foreign = `lloa_${randomToken(32)}`;
    await app.db.insert(oauthTokens).values({
      tokenHash: sha256Hex(foreign),
      kind: "access",
      grantId: grant!.id,
      accountId: account.id,
      scopes: ["launchloop:read"],
      expiresAt: new Date(Date.now() + 600_000),
    });
    expect((await mcp(foreign, rpc("tools/list"))).status).toBe(401);

    const { params } = authorizationRequest({ resource: "https://other.example/mcp" });
    const back = await consent(params);
    expect(back.searchParams.get("error")).toBe("invalid_target");
    expect(back.searchParams.get("code")).toBeNull();

    const { params: ours, verifier } = authorizationRequest();
    const code = (await consent(ours)).searchParams.get("code")!;
    const exchanged = await exchangeCode(code, verifier, { resource: "https://other.example/mcp" });
    expect(exchanged.status).toBe(400);
    expect(exchanged.json.error).toBe("invalid_target");
  });

  it("gates an OAuth caller like a key: the same 402 envelope for an account without a plan", async () => {
    const owner = await accountOnPlan(app.db, "unactivated");
    const { secret } = await createApiKey(app.db, { accountId: owner.id, name: "gate" });
    const { access } = await connect("launchloop:read launchloop:write", owner);
    const call = rpc("tools/call", {
      name: "projects_create",
      arguments: {
        name: "Gated",
        onboarding: { businessName: "Acme", productDescription: "A thing that does stuff", problemSolved: "pain" },
      },
    });
    const byKey = await mcp(secret, call);
    const byGrant = await mcp(access, call);
    expect(JSON.parse(byKey.json.result.content[0].text)).toMatchObject({ code: "upgrade_required", status: 402 });
    expect(byGrant.json.result).toEqual(byKey.json.result);
  });

  it("counts an OAuth caller's requests against its grant (not its token), like a key's against the key", async () => {
    const limitTo = (value: string) => {
      process.env.RATE_LIMIT_PER_MINUTE = value;
      reloadConfig();
    };
    const owner = await accountOnPlan(app.db, "free");
    const first = await connect("launchloop:read", owner);
    const second = await connect("launchloop:read", owner);
    try {
      limitTo("3");
      for (let i = 0; i < 3; i++) expect((await mcp(first.access, rpc("tools/list"))).status).toBe(200);
      const limited = await mcp(first.access, rpc("tools/list"));
      expect(limited.status).toBe(429);
      expect(limited.json.code).toBe("rate_limited");
      // A refreshed token is the same grant: still limited. Another grant of the account has its own count.
      limitTo("100000");
      const refreshed = await token({ grant_type: "refresh_token", refresh_token: first.refresh, client_id: clientId });
      limitTo("3");
      expect((await mcp(refreshed.json.access_token, rpc("tools/list"))).status).toBe(429);
      expect((await mcp(second.access, rpc("tools/list"))).status).toBe(200);
    } finally {
      limitTo("100000");
    }
  });
});

describe("authorization requests and code exchange", () => {
  it("refuses a redirect URI the client did not register, without redirecting", async () => {
    const { params } = authorizationRequest({ redirect_uri: "http://127.0.0.1:8976/elsewhere" });
    await expect(consent(params)).rejects.toMatchObject({ code: "invalid_request" });
    const { params: prefix } = authorizationRequest({ redirect_uri: `${redirectUri}/more` });
    await expect(consent(prefix)).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("requires PKCE with S256", async () => {
    for (const overrides of [{ code_challenge_method: "plain" }, { code_challenge: "" }] as Record<string, string>[]) {
      const back = await consent(authorizationRequest(overrides).params);
      expect(back.searchParams.get("error")).toBe("invalid_request");
      expect(back.searchParams.get("state")).toBe("st-1");
      expect(back.searchParams.get("iss")).toBe(base);
    }
  });

  it("sends access_denied back when the founder denies, and unknown scopes are invalid_scope", async () => {
    expect((await consent(authorizationRequest().params, "deny")).searchParams.get("error")).toBe("access_denied");
    expect((await consent(authorizationRequest({ scope: "admin" }).params)).searchParams.get("error")).toBe("invalid_scope");
  });

  it("refuses a wrong PKCE verifier, another redirect URI or none, and a missing verifier, spending nothing", async () => {
    const { params, verifier } = authorizationRequest();
    const code = (await consent(params)).searchParams.get("code")!;
    const wrong = await exchangeCode(code, pkcePair().verifier);
    expect([wrong.status, wrong.json.error]).toEqual([400, "invalid_grant"]);
    const other = await exchangeCode(code, verifier, { redirect_uri: "http://127.0.0.1:8976/elsewhere" });
    expect([other.status, other.json.error]).toEqual([400, "invalid_request"]);
    const noRedirect = await token({ grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId });
    expect(noRedirect.status).toBe(400);
    const none = await token({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: clientId });
    expect([none.status, none.json.error]).toEqual([400, "invalid_grant"]);
    // The code is still good for the right values, once.
    const right = await exchangeCode(code, verifier);
    expect(right.status, right.text).toBe(200);
    expect((await mcp(right.json.access_token, rpc("tools/list"))).status).toBe(200);
  });

  it("20 concurrent refused exchanges (no verifier, wrong redirect) and then the right one: the code works once", async () => {
    const { params, verifier } = authorizationRequest();
    const code = (await consent(params)).searchParams.get("code")!;
    const refused = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? token({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: clientId })
          : exchangeCode(code, verifier, { redirect_uri: "http://127.0.0.1:8976/elsewhere" }),
      ),
    );
    expect(refused.every((answer) => answer.status === 400)).toBe(true);
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchangeCode(code, verifier)));
    const issued = answers.filter((answer) => answer.status === 200);
    expect(issued.length).toBeLessThanOrEqual(1);
    expect(answers.every((answer) => answer.status === 200 || answer.json.error === "invalid_grant")).toBe(true);
  });

  it("refuses an expired code", async () => {
    const { params, verifier } = authorizationRequest();
    const code = (await consent(params)).searchParams.get("code")!;
    await app.db
      .update(oauthTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthTokens.tokenHash, sha256Hex(code)));
    const late = await exchangeCode(code, verifier);
    expect(late.status).toBe(400);
    expect(late.json).toMatchObject({ error: "invalid_grant", error_description: expect.stringContaining("expired") });
  });

  it("refuses a reused code and revokes what the first exchange gave", async () => {
    const { code, verifier, access } = await connect();
    expect((await mcp(access, rpc("tools/list"))).status).toBe(200);
    const again = await exchangeCode(code, verifier);
    expect(again.json.error).toBe("invalid_grant");
    expect((await mcp(access, rpc("tools/list"))).status).toBe(401);
  });

  it("lets 20 concurrent exchanges of one code give tokens at most once", async () => {
    const { params, verifier } = authorizationRequest();
    const code = (await consent(params)).searchParams.get("code")!;
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchangeCode(code, verifier)));
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
    expect(answers.every((answer) => answer.status === 200 || answer.json.error === "invalid_grant")).toBe(true);
  });

  it("refuses a code presented by another client", async () => {
    const other = (await register({ client_name: "Other", redirect_uris: [redirectUri] })).json.client_id;
    const { params, verifier } = authorizationRequest();
    const code = (await consent(params)).searchParams.get("code")!;
    const stolen = await exchangeCode(code, verifier, { client_id: other });
    expect(stolen.json.error).toBe("invalid_grant");
  });
});

describe("refresh tokens, revocation and connected apps", () => {
  it("rotates refresh tokens; reusing an old one is refused and revokes the whole grant", async () => {
    const first = await connect("launchloop:read");
    const refreshed = await token({ grant_type: "refresh_token", refresh_token: first.refresh, client_id: clientId, resource });
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(refreshed.json.refresh_token).not.toBe(first.refresh);
    expect(refreshed.json.scope).toBe("launchloop:read");
    expect((await mcp(refreshed.json.access_token, rpc("tools/list"))).status).toBe(200);

    const replay = await token({ grant_type: "refresh_token", refresh_token: first.refresh, client_id: clientId });
    expect(replay.status).toBe(400);
    expect(replay.json.error).toBe("invalid_grant");
    expect((await mcp(refreshed.json.access_token, rpc("tools/list"))).status).toBe(401);
    const newest = await token({ grant_type: "refresh_token", refresh_token: refreshed.json.refresh_token, client_id: clientId });
    expect(newest.json.error).toBe("invalid_grant");
  });

  it("20 concurrent refreshes with one refresh token: at most one succeeds, and the reuse revokes the grant", async () => {
    const { refresh } = await connect("launchloop:read");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => token({ grant_type: "refresh_token", refresh_token: refresh, client_id: clientId })),
    );
    const issued = answers.filter((answer) => answer.status === 200);
    expect(issued.length).toBeLessThanOrEqual(1);
    expect(answers.every((answer) => answer.status === 200 || answer.json.error === "invalid_grant")).toBe(true);
    for (const answer of issued) expect((await mcp(answer.json.access_token, rpc("tools/list"))).status).toBe(401);
  });

  it("refuses a refresh asking for more scope than granted, and the refresh token keeps working", async () => {
    const { refresh, access } = await connect("launchloop:read");
    const wider = await token({
      grant_type: "refresh_token",
      refresh_token: refresh,
      client_id: clientId,
      scope: "launchloop:read launchloop:write",
    });
    expect([wider.status, wider.json.error]).toEqual([400, "invalid_scope"]);
    expect((await mcp(access, rpc("tools/list"))).status).toBe(200);
    const plain = await token({ grant_type: "refresh_token", refresh_token: refresh, client_id: clientId });
    expect(plain.status, plain.text).toBe(200);
    expect(plain.json.scope).toBe("launchloop:read");
    expect((await mcp(plain.json.access_token, rpc("tools/list"))).status).toBe(200);
  });

  it("20 concurrent refreshes asking for more scope are all refused; the grant and its refresh token stay", async () => {
    const { refresh } = await connect("launchloop:read");
    const wider = await Promise.all(
      Array.from({ length: 20 }, () =>
        token({ grant_type: "refresh_token", refresh_token: refresh, client_id: clientId, scope: "launchloop:publish" }),
      ),
    );
    expect(wider.every((answer) => answer.json.error === "invalid_scope")).toBe(true);
    const plain = await token({ grant_type: "refresh_token", refresh_token: refresh, client_id: clientId });
    expect(plain.status, plain.text).toBe(200);
    expect((await mcp(plain.json.access_token, rpc("tools/list"))).status).toBe(200);
  });

  it("revokes by token (RFC 7009): the next call is 401; another client's or an unknown token changes nothing", async () => {
    const { access, refresh } = await connect();
    const other = (await register({ redirect_uris: [redirectUri] })).json.client_id;
    expect((await revoke({ token: refresh, client_id: other })).status).toBe(200);
    expect((await mcp(access, rpc("tools/list"))).status).toBe(200);
    expect((await revoke({ token: "llor_unknown", client_id: clientId })).status).toBe(200);
    expect((await revoke({ token: refresh, client_id: clientId, token_type_hint: "refresh_token" })).status).toBe(200);
    expect((await mcp(access, rpc("tools/list"))).status).toBe(401);
  });

  it("lists connected apps and revokes one from the dashboard; another account cannot", async () => {
    const owner = await accountOnPlan(app.db, "free");
    const { access } = await connect("launchloop:read", owner);
    const { apps } = await executeOperation(listConnectedApps, {}, sessionCtx(owner));
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ clientName: "Test Assistant", redirectHost: "127.0.0.1:8976", scopes: ["launchloop:read"] });
    const stranger = await accountOnPlan(app.db, "free");
    await expect(
      executeOperation(revokeConnectedApp, { params: { grantId: apps[0]!.id } }, sessionCtx(stranger)),
    ).rejects.toMatchObject({ code: "not_found" });
    expect((await mcp(access, rpc("tools/list"))).status).toBe(200);
    await executeOperation(revokeConnectedApp, { params: { grantId: apps[0]!.id } }, sessionCtx(owner));
    expect((await mcp(access, rpc("tools/list"))).status).toBe(401);
    expect((await executeOperation(listConnectedApps, {}, sessionCtx(owner))).apps).toHaveLength(0);
  });

  it("revokeAccountGrants ends every grant of the account (password reset, confirmation, deletion)", async () => {
    const owner = await accountOnPlan(app.db, "free");
    const one = await connect("launchloop:read", owner);
    const two = await connect("launchloop:write", owner);
    expect(await revokeAccountGrants({ db: app.db, accountId: owner.id, now: new Date() })).toBe(2);
    expect((await mcp(one.access, rpc("tools/list"))).status).toBe(401);
    expect((await mcp(two.access, rpc("tools/list"))).status).toBe(401);
  });

  it("deleting the account ends its connected apps", async () => {
    const owner = await accountOnPlan(app.db, "free");
    const { access } = await connect("launchloop:read", owner);
    await executeOperation(deleteAccount, { body: { confirmEmail: owner.email } }, sessionCtx(owner));
    expect((await mcp(access, rpc("tools/list"))).status).toBe(401);
    expect(await app.db.select().from(oauthGrants).where(eq(oauthGrants.accountId, owner.id))).toHaveLength(0);
  });

  it("a grant cannot call session-only operations through MCP tools", async () => {
    const { access } = await connect();
    const list = await mcp(access, rpc("tools/list"));
    expect(list.json.result.tools.map((tool: { name: string }) => tool.name)).not.toContain("account_delete");
  });

  it("housekeeping forgets expired tokens and dead grants, keeps live ones", async () => {
    const owner = await accountOnPlan(app.db, "free");
    const live = await connect("launchloop:read", owner);
    const dead = await connect("launchloop:read", owner);
    await revokeAccountGrants({ db: app.db, accountId: owner.id, now: new Date(Date.now() - 2 * 86_400_000) });
    // Only `dead` stays revoked (two days ago); `live` is revived to show the sweep keeps it.
    const [liveGrant] = await app.db
      .select({ grantId: oauthTokens.grantId })
      .from(oauthTokens)
      .where(eq(oauthTokens.tokenHash, sha256Hex(live.access)));
    await app.db.update(oauthGrants).set({ revokedAt: null }).where(eq(oauthGrants.id, liveGrant!.grantId));
    await purgeExpiredOAuth(app.db, new Date());
    expect((await mcp(live.access, rpc("tools/list"))).status).toBe(200);
    expect(
      await app.db
        .select()
        .from(oauthTokens)
        .where(eq(oauthTokens.tokenHash, sha256Hex(dead.access))),
    ).toHaveLength(0);
    // A year on, every token has expired and goes; a registered client never allowed anything goes too, while one
    // that was (even if every grant of it has since been revoked and forgotten) stays.
    const unused = (await register({ client_name: "Never used", redirect_uris: [redirectUri] })).json.client_id;
    await purgeExpiredOAuth(app.db, new Date(Date.now() + 29 * 86_400_000));
    await app.db.update(oauthGrants).set({ revokedAt: new Date() }).where(eq(oauthGrants.clientId, clientId));
    expect(await app.db.select().from(oauthClients).where(eq(oauthClients.id, unused))).toHaveLength(1);
    await purgeExpiredOAuth(app.db, new Date(Date.now() + 365 * 86_400_000));
    expect(await app.db.select().from(oauthClients).where(eq(oauthClients.id, unused))).toHaveLength(0);
    expect(await app.db.select().from(oauthClients).where(eq(oauthClients.id, clientId))).toHaveLength(1);
    expect(
      await app.db
        .select()
        .from(oauthTokens)
        .where(eq(oauthTokens.tokenHash, sha256Hex(live.access))),
    ).toHaveLength(0);
  });

  it("stores only hashes of codes and tokens", async () => {
    const { code, access, refresh } = await connect();
    const stored = (await app.db.select({ hash: oauthTokens.tokenHash }).from(oauthTokens)).map((row) => row.hash);
    for (const secret of [code, access, refresh]) {
      expect(stored).not.toContain(secret);
      expect(stored).toContain(sha256Hex(secret));
    }
  });
});

describe("redirect URIs (RFC 8252)", () => {
  it("refuses system and look-alike schemes; accepts reverse-domain app schemes, https and loopback", async () => {
    for (const refused of [
      "ms-settings:display",
      "javascript:alert(1)",
      "data:text/html,hi",
      "file:///etc/passwd",
      "vbscript:x",
      "myapp:/callback",
      "claude.ai:/callback",
      "example.com.evil:/cb",
      "com..example:/cb",
      "http://evil.example/cb",
      "https://app.example/cb#frag",
    ]) {
      const answer = await register({ redirect_uris: [refused] });
      expect([answer.status, answer.json.error], refused).toEqual([400, "invalid_redirect_uri"]);
    }
    const accepted = [
      "com.example.app:/oauth",
      "io.github.someone.tool:/cb",
      "de.example.tool:/cb",
      "ai.claude:/callback",
      // Cursor's scheme predates the reverse-domain form: named in OAUTH_APP_SCHEMES (default "cursor").
      "cursor://anysphere.cursor-retrieval/oauth/user-launchloop/callback",
      "https://app.example/cb",
      "http://127.0.0.1/cb",
      "http://[::1]:3000/cb",
      "http://localhost:8976/cb",
    ];
    const ok = await register({ redirect_uris: accepted });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.redirect_uris).toEqual(accepted);
  });

  it("a loopback IP redirect matches a registered one on any port; localhost, paths and other hosts match exactly", async () => {
    const registered = [
      "http://127.0.0.1/callback",
      "http://[::1]:9000/cb",
      "http://localhost:8976/cb",
      "com.example.app:/oauth",
    ];
    const loopbackClient = (await register({ client_name: "Native", redirect_uris: registered })).json.client_id as string;
    const asker = { accountId: account.id, clientIp: "198.51.100.8" };
    const check = (redirect: string) =>
      checkAuthorization(
        app.db,
        authorizationRequest({ client_id: loopbackClient, redirect_uri: redirect }).params,
        new Date(),
        asker,
      );
    for (const allowed of [
      "http://127.0.0.1:54321/callback",
      "http://127.0.0.1/callback",
      "http://[::1]:1234/cb",
      "http://localhost:8976/cb",
      "com.example.app:/oauth",
    ])
      expect((await check(allowed)).kind, allowed).toBe("valid");
    for (const refused of [
      "http://localhost:9999/cb",
      "http://127.0.0.1:54321/other",
      "http://127.0.0.1:54321/callback?x=1",
      "https://127.0.0.1:54321/callback",
      "com.example.app:/other",
    ])
      expect((await check(refused)).kind, refused).toBe("refused");
    // The whole way through: the code is bound to the port asked for, and exchanged with it.
    const pkce = pkcePair();
    const onPort = "http://127.0.0.1:61001/callback";
    const back = await consent({
      ...authorizationRequest({ client_id: loopbackClient, redirect_uri: onPort, code_challenge: pkce.challenge }).params,
    });
    expect(back.origin).toBe("http://127.0.0.1:61001");
    const code = back.searchParams.get("code")!;
    expect((await exchangeCode(code, pkce.verifier, { client_id: loopbackClient, redirect_uri: redirectUri })).status).toBe(400);
    const exchanged = await exchangeCode(code, pkce.verifier, { client_id: loopbackClient, redirect_uri: onPort });
    expect(exchanged.status, exchanged.text).toBe(200);
  });

  it("the consent page says where the app sends the founder back, as what it is", () => {
    expect(redirectTargetOf("https://app.example/cb")).toEqual({ kind: "web", host: "app.example" });
    expect(redirectTargetOf("http://127.0.0.1:61001/cb")).toEqual({ kind: "loopback", port: "61001" });
    expect(redirectTargetOf("http://[::1]/cb")).toEqual({ kind: "loopback", port: "80" });
    expect(redirectTargetOf("com.example.app:/oauth")).toEqual({ kind: "app", scheme: "com.example.app" });
  });
});

describe("client registration and metadata documents", () => {
  it("registers public clients only, with acceptable redirect URIs", async () => {
    expect((await register({ redirect_uris: ["javascript:alert(1)"] })).json.error).toBe("invalid_redirect_uri");
    expect((await register({ redirect_uris: ["http://evil.example/cb"] })).json.error).toBe("invalid_redirect_uri");
    expect((await register({ redirect_uris: ["https://app.example/cb#x"] })).json.error).toBe("invalid_redirect_uri");
    // Asking for a secret gets a public registration: no secret, method "none".
    const secretless = await register({ redirect_uris: [redirectUri], token_endpoint_auth_method: "client_secret_basic" });
    expect(secretless.json).toMatchObject({ token_endpoint_auth_method: "none" });
    expect(secretless.json.client_secret).toBeUndefined();
    expect((await register({ redirect_uris: [redirectUri], grant_types: ["client_credentials"] })).json.error).toBe(
      "invalid_client_metadata",
    );
    const ok = await register({
      redirect_uris: ["https://app.example/cb", "com.example.app:/oauth"],
      client_name: "App",
      software_id: "ignored",
    });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({
      token_endpoint_auth_method: "none",
      redirect_uris: ["https://app.example/cb", "com.example.app:/oauth"],
    });
    expect(ok.json.client_secret).toBeUndefined();
    // Bad JSON answers in RFC 7591's words, not the service's envelope.
    const badJson = await read(await registerPost(new Request(`${base}/oauth/register`, { method: "POST", body: "{" })));
    expect(badJson.status).toBe(400);
    expect(badJson.json).toEqual({ error: "invalid_client_metadata", error_description: expect.any(String) });
  });

  it("answers a client_id URL that does not parse with a 400 invalid_request (the consent page shows why), never a 500", async () => {
    const asker = { accountId: account.id, clientIp: "198.51.100.7" };
    for (const clientIdUrl of ["https://xn--localhost/c", "https://exa mple.com/c", "http://[::1/c"]) {
      expect(
        await checkAuthorization(app.db, authorizationRequest({ client_id: clientIdUrl }).params, new Date(), asker),
      ).toEqual({
        kind: "refused",
        message: "The client_id is not a valid URL.",
      });
      await expect(consent(authorizationRequest({ client_id: clientIdUrl }).params)).rejects.toMatchObject({
        code: "invalid_request",
        status: 400,
      });
      const exchanged = await token({ grant_type: "refresh_token", refresh_token: "llor_x", client_id: clientIdUrl });
      expect(exchanged.json.error).toBe("invalid_client");
    }
  });

  it("answers NUL in a client's name, redirect URI or client_id with a 400, never a 500", async () => {
    expect((await register({ redirect_uris: [redirectUri], client_name: "App\u0000" })).json.error).toBe(
      "invalid_client_metadata",
    );
    expect((await register({ redirect_uris: ["https://app.example/c\u0000b"] })).json.error).toBe("invalid_redirect_uri");
    const revoked = await revoke({ token: "lloa_x", client_id: "\u0000" });
    expect([revoked.status, revoked.json.error]).toEqual([400, "invalid_request"]);
    const exchanged = await exchangeCode("code", "verifier", { client_id: clientId, resource: `${resource}\u0000` });
    expect([exchanged.status, exchanged.json.error]).toEqual([400, "invalid_request"]);
    // The consent page checks the request before anything else.
    const asker = { accountId: account.id, clientIp: "198.51.100.7" };
    expect(await checkAuthorization(app.db, authorizationRequest({ client_id: "llc_\u0000" }).params, new Date(), asker)).toEqual(
      {
        kind: "refused",
        message: "Unknown client.",
      },
    );
  });

  describe("served by a local server", () => {
    let server: http.Server;
    let hits = 0;
    /** Fetches of `/many/…` documents: one client_id URL each. */
    let manyHits = 0;
    let documentUrl: string;
    let document: Record<string, unknown>;
    beforeAll(async () => {
      server = http.createServer((request, response) => {
        hits += 1;
        if (request.url === "/big.json") return response.end(JSON.stringify({ padding: "x".repeat(40_000) }));
        if (request.url === "/moved.json") return response.writeHead(302, { location: "/client.json" }).end();
        if (request.url?.startsWith("/many/")) {
          manyHits += 1;
          response.setHeader("content-type", "application/json");
          const own = `http://127.0.0.1:${(server.address() as AddressInfo).port}${request.url}`;
          return response.end(JSON.stringify({ client_id: own, client_name: "One of many", redirect_uris: [redirectUri] }));
        }
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify(document));
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      documentUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client.json`;
      document = {
        client_id: documentUrl,
        client_name: "Doc Assistant",
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: "none",
      };
    });
    afterAll(async () => {
      server?.close();
      process.env.OUTBOUND_ALLOW_HTTP = "";
      reloadConfig();
    });

    const withDocument = (url: string) => authorizationRequest({ client_id: url }).params;

    it("never fetches a document at a private address without OUTBOUND_ALLOW_HTTP", async () => {
      for (const url of [
        documentUrl,
        documentUrl.replace("http:", "https:"),
        documentUrl.replace("127.0.0.1", "localhost"),
        "https://[::1]/c.json",
        "https://169.254.169.254/latest",
        "https://10.0.0.1/c.json",
      ]) {
        await expect(consent(withDocument(url))).rejects.toMatchObject({ code: "invalid_request" });
      }
      expect(hits).toBe(0);
    });

    it("with OUTBOUND_ALLOW_HTTP=1, fetches, checks and caches the document", async () => {
      process.env.OUTBOUND_ALLOW_HTTP = "1";
      reloadConfig();
      const { params, verifier } = authorizationRequest({ client_id: documentUrl });
      const code = (await consent(params)).searchParams.get("code")!;
      expect(code).toMatch(/^lloc_/);
      const exchanged = await exchangeCode(code, verifier, { client_id: documentUrl });
      expect(exchanged.status, exchanged.text).toBe(200);
      const [row] = await app.db.select().from(oauthClients).where(eq(oauthClients.id, documentUrl));
      expect(row).toMatchObject({ kind: "metadata_document", name: "Doc Assistant" });
      expect(hits).toBe(1);

      // Expired from the cache: fetched again, and a document naming another client_id is refused.
      await app.db
        .update(oauthClients)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(oauthClients.id, documentUrl));
      document = { ...document, client_id: "https://elsewhere.example/client.json" };
      await expect(consent(withDocument(documentUrl))).rejects.toThrow(/another client_id/);
      document = { ...document, client_id: documentUrl, client_secret: "nope" };
      await expect(consent(withDocument(documentUrl))).rejects.toThrow(/secret/);
      document = { ...document, client_secret: undefined, token_endpoint_auth_method: "private_key_jwt" };
      await expect(consent(withDocument(documentUrl))).rejects.toThrow(/public clients/);
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await expect(consent(withDocument(`${base}/big.json`))).rejects.toThrow(/larger than/);
      await expect(consent(withDocument(`${base}/moved.json`))).rejects.toThrow(/redirects/);
    });

    it("fetches at most 30 new documents an hour per account and per address, 100 loads at once; the unused ones are purged", async () => {
      process.env.OUTBOUND_ALLOW_HTTP = "1";
      reloadConfig();
      const port = (server.address() as AddressInfo).port;
      const many = (prefix: string, count: number) =>
        Array.from({ length: count }, (_, i) => `http://127.0.0.1:${port}/many/${prefix}-${i}.json`);
      const fetcher = await accountOnPlan(app.db, "free");
      const founder = { accountId: fetcher.id, clientIp: "203.0.113.61" };
      const load = (url: string, asker: { accountId: string; clientIp: string }) =>
        checkAuthorization(app.db, authorizationRequest({ client_id: url }).params, new Date(), asker);
      const answers = await Promise.all(many("a", 100).map((url) => load(url, founder)));
      expect(manyHits).toBe(30);
      const refused = answers.filter((answer) => answer.kind === "refused");
      expect(refused.length).toBe(100 - manyHits);
      expect(refused[0]).toMatchObject({ message: expect.stringMatching(/too many new apps/) });
      // Another account from the same address, and the same account from another address, fetch nothing more.
      const other = await accountOnPlan(app.db, "free");
      const before = manyHits;
      for (const url of many("b", 5)) await load(url, { accountId: other.id, clientIp: founder.clientIp });
      for (const url of many("c", 5)) await load(url, { ...founder, clientIp: "203.0.113.62" });
      expect(manyHits).toBe(before);
      // The consent page's answer (the server action's operation) is held to the same limit: a 400.
      await expect(consent(authorizationRequest({ client_id: many("d", 1)[0]! }).params, "allow", fetcher)).rejects.toMatchObject(
        {
          code: "invalid_request",
          status: 400,
        },
      );
      // A document already fetched is used from the cache, counting nothing.
      const fetched = answers.findIndex((answer) => answer.kind === "valid");
      expect((await load(many("a", 100)[fetched]!, founder)).kind).toBe("valid");
      expect(manyHits).toBe(before);
      // Nobody allowed them anything: they are gone once their cache lapses (a day at most).
      const stored = async () =>
        (await app.db.select({ id: oauthClients.id }).from(oauthClients)).filter((row) => row.id.includes("/many/"));
      expect((await stored()).length).toBe(manyHits);
      await purgeExpiredOAuth(app.db, new Date(Date.now() + 86_400_000 + 60_000));
      expect(await stored()).toEqual([]);
    });

    it("the token endpoint, open to anyone, fetches no document for a client nobody granted", async () => {
      const before = hits;
      const unknown = `http://127.0.0.1:${(server.address() as AddressInfo).port}/never-granted.json`;
      for (const grant of <Record<string, string>[]>[
        { grant_type: "authorization_code", code: "lloc_made_up", code_verifier: "v".repeat(43), redirect_uri: redirectUri },
        { grant_type: "refresh_token", refresh_token: "llor_made_up" },
      ]) {
        const refused = await token({ ...grant, client_id: unknown });
        expect([refused.status, refused.json.error]).toEqual([400, "invalid_client"]);
      }
      expect(hits).toBe(before);
    });
  });
});

describe("OAuth endpoints answer in their RFCs' form", () => {
  it("token and revoke: a bad body is invalid_request, never the service's envelope", async () => {
    const tooBig = await read(
      await tokenPost(
        new Request(`${base}/oauth/token`, { method: "POST", ...form({ grant_type: "x", padding: "x".repeat(20_000) }) }),
      ),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.json).toEqual({ error: "invalid_request", error_description: expect.any(String) });
    const noForm = await read(
      await revokePost(
        new Request(`${base}/oauth/revoke`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } }),
      ),
    );
    expect(noForm.json).toEqual({ error: "invalid_request", error_description: expect.any(String) });
  });

  // Last: it spends this process's registrations for the hour.
  it("register: past 30 an hour from one address, 429 too_many_requests with Retry-After in whole seconds", async () => {
    let limited: Awaited<ReturnType<typeof register>> | undefined;
    for (let i = 0; i < 40 && !limited; i++) {
      const answer = await register({ redirect_uris: [redirectUri] });
      if (answer.status === 429) limited = answer;
    }
    expect(limited?.json).toEqual({ error: "too_many_requests", error_description: expect.any(String) });
    expect(limited?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited?.json.code).toBeUndefined();
  });
});
