import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, authTokens, bootstrapReplays } from "@/lib/db/schema";
import { sha256Hex } from "@/lib/security/hashing";
import { latestTokenHash } from "../support/mailbox";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function signUp(email: string) {
  const response = await app.request("POST", "/api/v1/signup", {
    body: { email, password: "correct horse battery", acceptTerms: true },
  });
  expect(response.status).toBe(202);
  return latestTokenHash(app.mailDir, email);
}

const bootstrap = (body: unknown) => app.request("POST", "/api/v1/keys/bootstrap", { body });

describe("POST /api/v1/keys/bootstrap", () => {
  it("confirms the e-mail and returns a new key once; only its hash is stored", async () => {
    const tokenHash = await signUp("keys@example.com");
    const response = await bootstrap({ tokenHash, name: "laptop" });
    expect(response.status).toBe(200);
    expect(response.json.key).toMatch(/^llk_[A-Za-z0-9_-]{43}$/);
    expect(response.json.apiKey).toEqual({
      id: expect.any(String),
      name: "laptop",
      prefix: response.json.key.slice(0, 12),
      createdAt: expect.any(String),
    });
    const [stored] = await app.db.select().from(apiKeys).where(eq(apiKeys.id, response.json.apiKey.id));
    expect(stored!.secretHash).toBe(sha256Hex(response.json.key));
    expect(JSON.stringify(stored)).not.toContain(response.json.key);

    const me = await app.request("GET", "/api/v1/me", { key: response.json.key });
    expect(me.status).toBe(200);
    expect(me.json.account.email).toBe("keys@example.com");
  });

  it("replays the byte-identical response to an identical retry, kept encrypted", async () => {
    const tokenHash = await signUp("replay@example.com");
    const first = await bootstrap({ tokenHash });
    const second = await bootstrap({ tokenHash });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(first.json.apiKey.name).toBe("bootstrap");
    const [replay] = await app.db
      .select()
      .from(bootstrapReplays)
      .where(eq(bootstrapReplays.tokenDigest, sha256Hex(tokenHash)));
    expect(replay!.sealedResponse).not.toContain(first.json.key);
  });

  it("a different request with a used token is 400 invalid_token", async () => {
    const tokenHash = await signUp("other-name@example.com");
    expect((await bootstrap({ tokenHash, name: "one" })).status).toBe(200);
    const other = await bootstrap({ tokenHash, name: "two" });
    expect(other.status).toBe(400);
    expect(other.json).toMatchObject({ code: "invalid_token", retryable: false });
  });

  it("purges the replay copy after 15 minutes: the retry is then invalid_token", async () => {
    const tokenHash = await signUp("purged@example.com");
    expect((await bootstrap({ tokenHash })).status).toBe(200);
    await app.db
      .update(bootstrapReplays)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bootstrapReplays.tokenDigest, sha256Hex(tokenHash)));
    const late = await bootstrap({ tokenHash });
    expect([late.status, late.json.code]).toEqual([400, "invalid_token"]);
    expect(
      await app.db
        .select()
        .from(bootstrapReplays)
        .where(eq(bootstrapReplays.tokenDigest, sha256Hex(tokenHash))),
    ).toEqual([]);
  });

  it("an expired token is 400 invalid_token", async () => {
    const tokenHash = await signUp("expired@example.com");
    await app.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenDigest, sha256Hex(tokenHash)));
    const response = await bootstrap({ tokenHash });
    expect([response.status, response.json.code]).toEqual([400, "invalid_token"]);
  });

  it("an unknown token is 400 invalid_token", async () => {
    const response = await bootstrap({ tokenHash: "f".repeat(64) });
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: expect.any(String), code: "invalid_token", retryable: false });
  });

  it("concurrent identical requests get the same key", async () => {
    const tokenHash = await signUp("concurrent@example.com");
    const responses = await Promise.all([bootstrap({ tokenHash }), bootstrap({ tokenHash }), bootstrap({ tokenHash })]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(new Set(responses.map((response) => response.text)).size).toBe(1);
  });

  it.each([
    ["an empty token", { tokenHash: "" }],
    ["a token over 512 characters", { tokenHash: "a".repeat(513) }],
    ["an empty name", { tokenHash: "abc", name: "" }],
    ["a name over 80 characters", { tokenHash: "abc", name: "n".repeat(81) }],
    ["an unknown property", { tokenHash: "abc", scope: "admin" }],
  ])("rejects %s with 400 invalid_request", async (_label, body) => {
    const response = await bootstrap(body);
    expect([response.status, response.json.code]).toEqual([400, "invalid_request"]);
  });
});

describe("API key authentication", () => {
  it.each([
    ["no header", undefined],
    ["a malformed header", "Token abc"],
    ["an unknown key", "Bearer llk_unknownunknownunknownunknownunknownunknown"],
    ["a non-Launchloop secret", "Bearer sk_live_123"],
  ])("answers 401 unauthorized for %s", async (_label, authorization) => {
    const response = await app.request("GET", "/api/v1/me", { headers: authorization ? { authorization } : {} });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: expect.any(String), code: "unauthorized", retryable: false });
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });
});
