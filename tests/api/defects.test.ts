import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accounts, bootstrapReplays } from "@/lib/db/schema";
import { errorResponse, newResponseHeaders } from "@/lib/http/responses";
import { purgeExpiredReplays } from "@/lib/services/key-bootstrap";
import { withEnv } from "../support/env";
import { sampleProject } from "../support/founder";
import { latestTokenHash, mailsTo } from "../support/mailbox";
import { setPlan } from "../support/plans";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
beforeAll(async () => {
  app = await createTestApp();
  const founder = await app.signUpWithKey();
  await setPlan(app.db, founder.email, "pro");
  key = founder.key;
});
afterAll(() => app.close());

const expectEnvelope = (response: { status: number; headers: Headers; json: any }, status: number, code: string) => {
  expect(response.status).toBe(status);
  expect(response.json).toMatchObject({ code, error: expect.any(String), retryable: expect.any(Boolean) });
  expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
};

describe("text a database cannot store", () => {
  it("refuses U+0000 in any string with 400 invalid_request, naming the field", async () => {
    const body = { ...sampleProject, onboarding: { ...sampleProject.onboarding, businessName: "Tidy\u0000books" } };
    const response = await app.request("POST", "/api/v1/projects", { key, body });
    expectEnvelope(response, 400, "invalid_request");
    expect(response.json.issues).toContainEqual(expect.objectContaining({ path: "onboarding.businessName" }));
  });

  it("refuses an unpaired surrogate in a JSONB-stored field and in a query", async () => {
    const rawBody = JSON.stringify({
      ...sampleProject,
      onboarding: { ...sampleProject.onboarding, toneWords: ["calm"] },
    }).replace('"calm"', '"calm\\ud800"');
    const response = await app.request("POST", "/api/v1/projects", {
      key,
      rawBody,
      headers: { "content-type": "application/json" },
    });
    expectEnvelope(response, 400, "invalid_request");
    const query = await app.request("GET", "/api/v1/export?format=%ED%A0%80", { key });
    expect(query.status).toBeLessThan(500);
  });
});

describe("e-mail", () => {
  const longAddress = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;

  it("confirms an address of 254 characters", async () => {
    expect(longAddress.length).toBe(254);
    const signup = await app.request("POST", "/api/v1/signup", {
      body: { email: longAddress, password: "correct horse battery", acceptTerms: true },
    });
    expect(signup.status).toBe(202);
    const bootstrap = await app.request("POST", "/api/v1/keys/bootstrap", {
      body: { tokenHash: latestTokenHash(app.mailDir, longAddress) },
    });
    expect(bootstrap.status).toBe(200);
  });

  it("leaves no account behind when its confirmation e-mail cannot be written (the answer does not wait for it)", async () => {
    const blocked = path.join(app.dataDir, "not-a-directory");
    fs.writeFileSync(blocked, "");
    await withEnv({ MAIL_DIR: blocked }, async () => {
      const signup = await app.request("POST", "/api/v1/signup", {
        body: { email: "lost@example.com", password: "correct horse battery", acceptTerms: true },
      });
      expect(signup.status).toBe(202);
      expect(await app.db.select().from(accounts).where(eq(accounts.email, "lost@example.com"))).toHaveLength(0);
    });
    const retry = await app.request("POST", "/api/v1/signup", {
      body: { email: "lost@example.com", password: "correct horse battery", acceptTerms: true },
    });
    expect(retry.status).toBe(202);
    expect(mailsTo(app.mailDir, "lost@example.com")).toHaveLength(1);
  });
});

describe("request paths and bodies", () => {
  it("answers a malformed percent-escape with the 400 envelope", async () => {
    for (const url of ["/api/v1/projects/%E0%A4%A", "/api/v1/%zz", "/api/v1/projects/%/content"]) {
      expectEnvelope(await app.request("GET", url, { key }), 400, "invalid_request");
    }
  });

  it("stops reading a chunked body past 1 MiB with 413", async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode(`"${"x".repeat(64 * 1024)}",`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":['));
      },
      pull(controller) {
        sent += chunk.byteLength;
        if (sent > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const { dispatch } = await import("../support/dispatch");
    const response = await dispatch(
      new Request("http://launchloop.test/api/v1/projects", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe("payload_too_large");
    expect(sent).toBeLessThan(4 * 1024 * 1024);
  });
});

describe("logs of failed queries", () => {
  it("carry the request id and the SQLSTATE, never the parameters", async () => {
    const error = await app.db.execute(sql`select ${"secret-parameter@example.com"}::uuid`).catch((failure: unknown) => failure);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const headers = newResponseHeaders();
      const response = errorResponse(error, headers);
      expect(response.status).toBe(500);
      const lines = logged.mock.calls.map((call) => call.map(String).join(" ")).join("\n");
      expect(lines).toContain(headers.get("X-Request-Id")!);
      expect(lines).toContain("22P02");
      expect(lines).not.toContain("secret-parameter");
    } finally {
      logged.mockRestore();
    }
  });
});

describe("bootstrap replays", () => {
  it("are never replayed after 15 minutes and are purged without waiting for another bootstrap", async () => {
    const email = `replay-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await app.request("POST", "/api/v1/signup", { body: { email, password: "correct horse battery", acceptTerms: true } });
    const tokenHash = latestTokenHash(app.mailDir, email);
    expect((await app.request("POST", "/api/v1/keys/bootstrap", { body: { tokenHash } })).status).toBe(200);
    expect((await app.request("POST", "/api/v1/keys/bootstrap", { body: { tokenHash } })).status).toBe(200);
    const later = new Date(Date.now() + 16 * 60 * 1000);
    expect(await purgeExpiredReplays(app.db, later)).toBeGreaterThanOrEqual(1);
    expect(await app.db.select().from(bootstrapReplays)).toHaveLength(0);
  });
});
