import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { reloadConfig } from "@/lib/config";
import { accounts } from "@/lib/db/schema";
import { handleOperation } from "@/lib/http/handle";
import { executeOperation } from "@/lib/operations/execute";
import { defineOperation } from "@/lib/operations/operation";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ key } = await app.signUpWithKey());
});
afterAll(() => app.close());

describe("the request pipeline", () => {
  it("puts X-Request-Id on every response, success or error", async () => {
    const responses = await Promise.all([
      app.request("GET", "/api/v1/meta"),
      app.request("GET", "/api/v1/me", { key }),
      app.request("GET", "/api/v1/me"),
      app.request("GET", "/api/v1/unknown"),
      app.request("DELETE", "/api/v1/meta"),
    ]);
    const ids = responses.map((response) => response.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("answers unknown /api/v1 paths with 404 JSON", async () => {
    for (const path of ["/api/v1", "/api/v1/nothing", "/api/v1/projects/1/2/3/4", "/api/v1/content"]) {
      const response = await app.request("GET", path, { key });
      expect(response.status, path).toBe(404);
      expect(response.json).toMatchObject({ code: "not_found", retryable: false });
    }
  });

  it("answers a wrong method with 405 JSON and an Allow header", async () => {
    const response = await app.request("PUT", "/api/v1/projects", { key, body: {} });
    expect(response.status).toBe(405);
    expect(response.json).toMatchObject({ code: "method_not_allowed", retryable: false });
    expect(response.headers.get("allow")).toBe("GET, POST");
  });

  it("answers a malformed project id as a bad request on every route, naming the parameter", async () => {
    const project = await app.request("GET", "/api/v1/projects/not-a-uuid", { key });
    expect([project.status, project.json.code]).toEqual([400, "invalid_request"]);
    expect(project.json.issues[0].path).toBe("id");
    const content = await app.request("GET", "/api/v1/projects/not-a-uuid/content", { key });
    expect([content.status, content.json.code]).toEqual([400, "invalid_request"]);
    expect(content.json.issues[0].path).toBe("id");
  });

  it("validates query parameters against closed schemas", async () => {
    const response = await app.request("GET", "/api/v1/export?projectId=nope&format=rtf&extra=1", { key });
    expect(response.status).toBe(400);
    expect(response.json.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(["", "format", "projectId"]);
  });

  it("rejects bodies over 1 MiB with 413 JSON", async () => {
    const response = await app.request("POST", "/api/v1/signup", { rawBody: JSON.stringify({ pad: "x".repeat(1_100_000) }) });
    expect(response.status).toBe(413);
    expect(response.json.code).toBe("payload_too_large");
  });

  it("rate-limits each key per minute with 429 and headers", async () => {
    const { key: limitedKey } = await app.signUpWithKey();
    process.env.RATE_LIMIT_PER_MINUTE = "3";
    reloadConfig();
    try {
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof app.request>> | undefined;
      for (let i = 0; i < 4; i++) {
        last = await app.request("GET", "/api/v1/me", { key: limitedKey });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(last!.json).toMatchObject({ code: "rate_limited", retryable: true });
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(last!.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      expect(last!.headers.get("x-ratelimit-limit")).toBe("3");
      expect(last!.headers.get("x-ratelimit-remaining")).toBe("0");
    } finally {
      process.env.RATE_LIMIT_PER_MINUTE = "100000";
      reloadConfig();
    }
  });

  it("lets only the principals an operation declares call it", async () => {
    const sessionOnly = defineOperation({
      id: "sessionOnly",
      principals: ["session"],
      tag: "Dashboard",
      summary: "browser only",
      response: z.object({ ok: z.boolean() }),
      handler: async () => ({ ok: true }),
    });
    const { key } = await app.signUpWithKey();
    const withKey = await handleOperation(
      sessionOnly,
      new Request("http://launchloop.test/session-only", { method: "POST", headers: { authorization: `Bearer ${key}` } }),
    );
    expect(withKey.status).toBe(403);
    expect(await withKey.json()).toMatchObject({ code: "forbidden", retryable: false });
    const anonymous = await handleOperation(sessionOnly, new Request("http://launchloop.test/session-only", { method: "POST" }));
    expect(anonymous.status).toBe(401);

    const ctx = { requestId: "test", db: app.db, now: new Date(), clientIp: "127.0.0.1" };
    await expect(executeOperation(sessionOnly, {}, ctx)).rejects.toMatchObject({ code: "unauthorized" });
    const [account] = await app.db.select().from(accounts).limit(1);
    const asSession = { ...ctx, account: account!, principal: { kind: "session" as const, sessionId: "s1" } };
    const output: { ok: boolean } = await executeOperation(sessionOnly, {}, asSession);
    expect(output).toEqual({ ok: true });
    await expect(
      executeOperation(sessionOnly, {}, { ...asSession, principal: { kind: "key", apiKeyId: "k1" } }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("never leaks an internal error message or stack trace", async () => {
    const failing = defineOperation({
      id: "failing",
      principals: ["none"],
      tag: "Dashboard",
      summary: "fails",
      response: z.object({}),
      handler: async () => {
        throw new Error("connection to db-internal.local:5432 refused");
      },
    });
    const quiet = console.error;
    console.error = () => {};
    const response = await handleOperation(failing, new Request("http://launchloop.test/failing")).finally(() => {
      console.error = quiet;
    });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({ error: "Something went wrong on our side.", code: "internal_error", retryable: true });
    expect(text).not.toContain("db-internal");
    expect(text).not.toContain("at ");
  });

  it("fails loudly, outside production, when a handler answers more than its response schema (production then skips the parse)", async () => {
    const leaky = defineOperation({
      id: "leaky",
      principals: ["none"],
      tag: "Dashboard",
      summary: "returns more than it declares",
      response: z.object({ email: z.string() }),
      handler: async () => ({ email: "a@example.com", passwordHash: "scrypt$..." }) as { email: string },
    });
    const response = await handleOperation(leaky, new Request("http://launchloop.test/leaky"));
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("scrypt");
  });
});
