import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "@/lib/core/context";
import { accounts, apiKeys, projects } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { deleteAccount, deleteProject, openBillingPortal } from "@/lib/operations/account-admin";
import { uploadProjectLogo } from "@/lib/operations/dashboard";
import { executeOperation } from "@/lib/operations/execute";
import { createKey, listKeys } from "@/lib/operations/keys";
import { maxActiveKeys } from "@/lib/services/keys";
import { storage } from "@/lib/storage";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const keysOf = async (key: string) =>
  (await app.request("GET", "/api/v1/keys", { key })).json.keys as Array<Record<string, unknown>>;

async function contextFor(email: string, principal: ServiceContext["principal"]): Promise<ServiceContext> {
  const [account] = await app.db.select().from(accounts).where(eq(accounts.email, email));
  return { requestId: crypto.randomUUID(), db: app.db, now: new Date(), clientIp: "203.0.113.9", account: account!, principal };
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("GET /api/v1/keys and DELETE /api/v1/keys/{keyId}", () => {
  it("lists the account's keys with prefix and last use, never a secret", async () => {
    const { key } = await app.signUpWithKey("list-keys@example.com");
    const response = await app.request("GET", "/api/v1/keys", { key });
    expect(response.status).toBe(200);
    expect(response.json.keys).toEqual([
      {
        id: expect.any(String),
        name: "bootstrap",
        prefix: key.slice(0, 12),
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        revokedAt: null,
      },
    ]);
    expect(response.text).not.toContain(key.slice(12));
  });

  it("revokes another key (then 401), then itself (then 401 at once)", async () => {
    const { email, key } = await app.signUpWithKey("revoke-keys@example.com");
    const session = await contextFor(email, { kind: "session", sessionId: crypto.randomUUID() });
    const second = await executeOperation(createKey, { body: { name: "ci" } }, session);
    expect((await app.request("GET", "/api/v1/me", { key: second.key })).status).toBe(200);

    const revoked = await app.request("DELETE", `/api/v1/keys/${second.apiKey.id}`, { key });
    expect(revoked.status).toBe(200);
    expect(revoked.json.apiKey.revokedAt).toEqual(expect.any(String));
    expect((await app.request("GET", "/api/v1/me", { key: second.key })).status).toBe(401);
    expect((await keysOf(key)).map((listed) => listed.name)).toEqual(["bootstrap"]);

    const again = await app.request("DELETE", `/api/v1/keys/${second.apiKey.id}`, { key });
    expect([again.status, again.json.apiKey.revokedAt]).toEqual([200, revoked.json.apiKey.revokedAt]);

    const [own] = await keysOf(key);
    expect((await app.request("DELETE", `/api/v1/keys/${own!.id}`, { key })).status).toBe(200);
    const after = await app.request("GET", "/api/v1/keys", { key });
    expect([after.status, after.json.code]).toEqual([401, "unauthorized"]);
  });

  it("answers 404 for another account's key, 400 for a malformed id, and 401 without a key", async () => {
    const mine = await app.signUpWithKey("mine@example.com");
    const theirs = await app.signUpWithKey("theirs@example.com");
    const [theirKey] = await keysOf(theirs.key);
    const foreign = await app.request("DELETE", `/api/v1/keys/${theirKey!.id}`, { key: mine.key });
    expect([foreign.status, foreign.json.code]).toEqual([404, "not_found"]);
    expect((await app.request("GET", "/api/v1/me", { key: theirs.key })).status).toBe(200);
    expect((await app.request("DELETE", "/api/v1/keys/not-a-uuid", { key: mine.key })).status).toBe(400);
    expect((await app.request("GET", "/api/v1/keys")).status).toBe(401);
  });
});

describe("session-only operations", () => {
  it("refuse an API key with 403 forbidden, and have no REST route", async () => {
    const { email, key } = await app.signUpWithKey("key-cannot@example.com");
    const [record] = await app.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.prefix, key.slice(0, 12)));
    const asKey = await contextFor(email, { kind: "key", apiKeyId: record!.id });
    for (const [operation, raw] of [
      [createKey, { body: { name: "more" } }],
      [deleteAccount, { body: { confirmEmail: email } }],
      [deleteProject, { params: { id: crypto.randomUUID() }, body: { confirmName: "x" } }],
      [openBillingPortal, {}],
    ] as const) {
      expect((await failure(executeOperation(operation, raw, asKey))).code).toBe("forbidden");
    }
    expect((await app.request("DELETE", "/api/v1/account", { key, body: { confirmEmail: email } })).status).toBe(404);
    expect((await app.request("POST", "/api/v1/keys", { key, body: { name: "more" } })).status).toBe(405);
    expect((await app.request("GET", "/api/v1/me", { key })).status).toBe(200);
  });

  it("caps live keys per account even when 30 creations race", async () => {
    const { email } = await app.signUpWithKey("many-keys@example.com");
    const session = await contextFor(email, { kind: "session", sessionId: crypto.randomUUID() });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, index) => executeOperation(createKey, { body: { name: `key ${index}` } }, session)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(maxActiveKeys - 1);
    const listed = await executeOperation(listKeys, {}, session);
    expect(listed.keys).toHaveLength(maxActiveKeys);
  });

  it("deletes a project only when its name is typed again, and only the caller's", async () => {
    const owner = await app.signUpWithKey("project-owner@example.com");
    const other = await app.signUpWithKey("project-other@example.com");
    const [account] = await app.db.select().from(accounts).where(eq(accounts.email, owner.email));
    const [project] = await app.db
      .insert(projects)
      .values({
        accountId: account!.id,
        name: "Acme launch",
        onboarding: { businessName: "Acme", productDescription: "Rockets", problemSolved: "Birds" },
      })
      .returning();
    const session = await contextFor(owner.email, { kind: "session", sessionId: crypto.randomUUID() });
    const strangers = await contextFor(other.email, { kind: "session", sessionId: crypto.randomUUID() });

    const wrongName = await failure(
      executeOperation(deleteProject, { params: { id: project!.id }, body: { confirmName: "Acme" } }, session),
    );
    expect([wrongName.code, wrongName.details.issues]).toEqual([
      "invalid_request",
      [{ path: "confirmName", message: expect.any(String) }],
    ]);
    const foreign = await failure(
      executeOperation(deleteProject, { params: { id: project!.id }, body: { confirmName: "Acme launch" } }, strangers),
    );
    expect(foreign.code).toBe("not_found");

    const logo = await executeOperation(
      uploadProjectLogo,
      { params: { id: project!.id }, body: { contentType: "image/png", data: onePixelPng } },
      session,
    );
    const logoKey = decodeURIComponent(new URL(logo.logo!.url).pathname.replace("/api/storage/", ""));
    expect(await storage().get(logoKey)).not.toBeNull();

    expect(
      await executeOperation(deleteProject, { params: { id: project!.id }, body: { confirmName: "Acme launch" } }, session),
    ).toEqual({ deleted: true, projectId: project!.id });
    expect(await app.db.select().from(projects).where(eq(projects.id, project!.id))).toEqual([]);
    // Its uploaded logo goes with it.
    expect(await storage().get(logoKey)).toBeNull();
  });

  it("deletes the account and all its data once the e-mail is typed again; its keys answer 401", async () => {
    const { email, key } = await app.signUpWithKey("leaving@example.com");
    const session = await contextFor(email, { kind: "session", sessionId: crypto.randomUUID() });
    const [project] = await app.db
      .insert(projects)
      .values({
        accountId: session.account.id,
        name: "Leaving",
        onboarding: { businessName: "Leaving", productDescription: "x", problemSolved: "y" },
      })
      .returning();
    const logo = await executeOperation(
      uploadProjectLogo,
      { params: { id: project!.id }, body: { contentType: "image/png", data: onePixelPng } },
      session,
    );
    const logoKey = decodeURIComponent(new URL(logo.logo!.url).pathname.replace("/api/storage/", ""));
    const wrong = await failure(executeOperation(deleteAccount, { body: { confirmEmail: "someone@example.com" } }, session));
    expect(wrong.code).toBe("invalid_request");
    expect(await executeOperation(deleteAccount, { body: { confirmEmail: "Leaving@Example.com" } }, session)).toEqual({
      deleted: true,
    });
    expect(await app.db.select().from(accounts).where(eq(accounts.email, email))).toEqual([]);
    expect(await app.db.select().from(apiKeys).where(eq(apiKeys.accountId, session.account.id))).toEqual([]);
    expect((await app.request("GET", "/api/v1/me", { key })).status).toBe(401);
    expect(await storage().get(logoKey)).toBeNull();
  });
});

// A 1×1 PNG.
const onePixelPng = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
