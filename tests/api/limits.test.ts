import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as mcpPost } from "@/app/api/mcp/route";
import { reloadConfig } from "@/lib/config";
import { limitCounters } from "@/lib/db/schema";
import { handleOperation } from "@/lib/http/handle";
import { limiterFor } from "@/lib/limits";
import { defineOperation } from "@/lib/operations/operation";
import { withEnv } from "../support/env";
import { createTestApp, type TestApp } from "../support/test-app";
import { startUpstashProxy } from "../support/upstash-proxy";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ WRITE_LIMIT_PER_HOUR: "2" });
});
afterAll(() => app.close());

const write = defineOperation({
  id: "writeSomething",
  tag: "Dashboard",
  summary: "a write counted against the hourly limit",
  response: z.object({ ok: z.boolean() }),
  limit: "write",
  handler: async () => ({ ok: true }),
});

describe("hourly write limit", () => {
  it("answers 429 write_limit with Retry-After of one hour, per account", async () => {
    const { key } = await app.signUpWithKey();
    const send = (apiKey: string) =>
      handleOperation(
        write,
        new Request("http://launchloop.test/write", { method: "POST", headers: { authorization: `Bearer ${apiKey}` } }),
      );
    const statuses = [(await send(key)).status, (await send(key)).status];
    const refused = await send(key);
    expect([...statuses, refused.status]).toEqual([200, 200, 429]);
    expect(await refused.json()).toEqual({ error: expect.any(String), code: "write_limit", retryable: true });
    expect(refused.headers.get("retry-after")).toBe("3600");
    expect(refused.headers.get("x-ratelimit-limit")).toBe("2");
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");

    const { key: otherAccount } = await app.signUpWithKey();
    expect((await send(otherAccount)).status).toBe(200);
  });

  it("lets exactly the limit through when requests arrive at once", async () => {
    const { key } = await app.signUpWithKey();
    const send = () =>
      handleOperation(
        write,
        new Request("http://launchloop.test/write", { method: "POST", headers: { authorization: `Bearer ${key}` } }),
      );
    const statuses = (await Promise.all(Array.from({ length: 12 }, send))).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });
});

describe("general rate limit", () => {
  it("counts MCP messages that bypass the executor against the key, as REST calls are", async () => {
    const { key } = await app.signUpWithKey();
    await withEnv({ RATE_LIMIT_PER_MINUTE: "2" }, async () => {
      const initialize = {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "1" } },
      };
      for (let i = 0; i < 2; i++) {
        const headers = {
          host: "launchloop.test",
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        };
        const response = await mcpPost(
          new Request("http://launchloop.test/api/mcp", { method: "POST", headers, body: JSON.stringify(initialize) }),
        );
        expect(response.status, await response.text()).toBe(200);
      }
      const refused = await app.request("GET", "/api/v1/me", { key });
      expect([refused.status, refused.json.code]).toEqual([429, "rate_limited"]);
    });
  });
});

describe("limit counters", () => {
  it("live in memory with the embedded database and in the database with Postgres", async () => {
    const rule = { key: `test:${crypto.randomUUID()}`, limit: 5, windowSeconds: 60 };
    await limiterFor(app.db).hit(rule, new Date());
    const rows = await app.db.select().from(limitCounters).where(eq(limitCounters.key, rule.key));
    expect(rows).toHaveLength(app.kind === "pglite" ? 0 : 1);
  });

  it("give a refunded hit back within its window, never below zero", async () => {
    const limiter = limiterFor(app.db);
    const rule = { key: `test:${crypto.randomUUID()}`, limit: 2, windowSeconds: 60 };
    const now = new Date();
    await limiter.refund(rule, now);
    expect(await limiter.count(rule, now)).toBe(0);
    await limiter.hit(rule, now);
    await limiter.hit(rule, now);
    await limiter.refund(rule, now);
    expect(await limiter.count(rule, now)).toBe(1);
    expect((await limiter.hit(rule, now)).allowed).toBe(true);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("Upstash limiter backend (real Redis behind an Upstash REST proxy)", () => {
  let proxy: Awaited<ReturnType<typeof startUpstashProxy>>;
  beforeAll(async () => {
    proxy = await startUpstashProxy(process.env.TEST_REDIS_URL!, "upstash-test-token");
    Object.assign(process.env, { UPSTASH_REDIS_REST_URL: proxy.url, UPSTASH_REDIS_REST_TOKEN: "upstash-test-token" });
    reloadConfig();
  });
  afterAll(async () => {
    delete process.env.UPSTASH_REDIS_REST_URL;
    delete process.env.UPSTASH_REDIS_REST_TOKEN;
    reloadConfig();
    await proxy.close();
  });

  it("counts hits in a fixed window and refuses past the limit", async () => {
    const limiter = limiterFor(app.db);
    const rule = { key: `test:${crypto.randomUUID()}`, limit: 3, windowSeconds: 60 };
    // One instant for every hit: a fixed window that turned between two hits would reset the count.
    const now = new Date();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit(rule, now));
    expect(results.map((result) => [result.allowed, result.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(results[3]!.resetAt.getTime()).toBeGreaterThan(now.getTime());
    await limiter.refund(rule, now);
    await limiter.refund(rule, now);
    expect(await limiter.count(rule, now)).toBe(2);
    expect((await limiter.hit(rule, now)).allowed).toBe(true);
  });

  it("drives the request pipeline's limits", async () => {
    const { key } = await app.signUpWithKey();
    const send = () =>
      handleOperation(
        write,
        new Request("http://launchloop.test/write", { method: "POST", headers: { authorization: `Bearer ${key}` } }),
      );
    const statuses = [(await send()).status, (await send()).status, (await send()).status];
    expect(statuses).toEqual([200, 200, 429]);
  });
});
