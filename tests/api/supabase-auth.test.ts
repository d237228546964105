import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authProvider } from "@/lib/auth";
import type { RequestCookie, SessionCookie } from "@/lib/auth/provider";
import { revokeAccountAccess } from "@/lib/auth/revoke-access";
import type { ServiceContext } from "@/lib/core/context";
import { accounts, projects } from "@/lib/db/schema";
import { deleteAccount } from "@/lib/operations/account-admin";
import { createShareLink } from "@/lib/operations/dashboard";
import { executeOperation } from "@/lib/operations/execute";
import { storage } from "@/lib/storage";
import { poolAnswers } from "../support/database";
import { type FakeSupabase, startFakeSupabase } from "../support/fake-supabase";
import { createTestApp, type TestApp } from "../support/test-app";

// The Supabase provider with the real @supabase/supabase-js and @supabase/ssr, against a
// fake Supabase Auth + Storage HTTP server (the network edge is the only thing faked).
let fake: FakeSupabase;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakeSupabase();
  app = await createTestApp({
    SUPABASE_URL: fake.url,
    SUPABASE_ANON_KEY: fake.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: fake.serviceRoleKey,
    SUPABASE_STORAGE_BUCKET: "launchloop",
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
  for (const name of ["SUPABASE_URL", "SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY"]) delete process.env[name];
});

const now = () => new Date();
const asRequest = (cookies: SessionCookie[]): RequestCookie[] =>
  cookies.filter((cookie) => cookie.value).map(({ name, value }) => ({ name, value }));
const accountRow = async (email: string) => (await app.db.select().from(accounts).where(eq(accounts.email, email)))[0];

describe("Supabase Auth as the auth provider", () => {
  it("is chosen when SUPABASE_* is configured", () => {
    expect(authProvider().name).toBe("supabase");
  });

  it("keeps the API-key door: signup answers 202, the e-mail's token_hash bootstraps a key", async () => {
    const email = "api-door@example.com";
    const signup = await app.request("POST", "/api/v1/signup", {
      body: { email, password: "correct horse battery", acceptTerms: true },
    });
    expect([signup.status, signup.json]).toEqual([202, { status: "confirmation_required" }]);
    const again = await app.request("POST", "/api/v1/signup", {
      body: { email, password: "another password", acceptTerms: true },
    });
    expect(again.text).toBe(signup.text);

    const bootstrap = await app.request("POST", "/api/v1/keys/bootstrap", {
      body: { tokenHash: fake.latestMail(email, "signup").tokenHash },
    });
    expect(bootstrap.status).toBe(200);
    const me = await app.request("GET", "/api/v1/me", { key: bootstrap.json.key });
    expect(me.json.account).toMatchObject({ email, activated: false });
    const row = await accountRow(email);
    expect(row?.supabaseUserId).toBe([...fake.users.values()].find((user) => user.email === email)!.id);
    expect(row?.passwordHash).toBeNull();
  });

  it("answers a sign-up Supabase Auth has no e-mail left for exactly like one for a known address", async () => {
    const signUp = (email: string) =>
      app.request("POST", "/api/v1/signup", { body: { email, password: "correct horse battery", acceptTerms: true } });
    const known = await signUp("api-door@example.com");
    fake.failNext("POST /auth/v1/signup", 429, "over_email_send_rate_limit");
    const limited = await signUp("api-limited@example.com");
    expect([limited.status, limited.text]).toEqual([known.status, known.text]);
    // Its request limit strikes every address alike: a retryable 503, which tells nothing either.
    fake.failNext("POST /auth/v1/signup", 429, "over_request_rate_limit");
    const busy = await signUp("api-busy@example.com");
    expect([busy.status, busy.json.code]).toEqual([503, "provider_unavailable"]);
  });

  const signedUpByApi = async (email: string) => {
    await (await authProvider().requestConfirmation(app.db, { email, password: "api password", door: "api" }, now()))();
    return fake.latestMail(email, "signup").tokenHash;
  };
  const bootstrap = (tokenHash: string) => app.request("POST", "/api/v1/keys/bootstrap", { body: { tokenHash } });

  it("answers a retryable 503 when Supabase Auth fails to check a link, which then still works", async () => {
    const tokenHash = await signedUpByApi("api-outage@example.com");
    fake.failNext("POST /auth/v1/verify", 503);
    const failed = await bootstrap(tokenHash);
    expect([failed.status, failed.json.code, failed.json.retryable]).toEqual([503, "provider_unavailable", true]);
    fake.failNext("POST /auth/v1/verify", 429, "over_request_rate_limit");
    expect((await bootstrap(tokenHash)).status).toBe(503);
    expect((await bootstrap(tokenHash)).status).toBe(200);
  });

  it("holds no database connection while Supabase Auth is slow to check twelve links", async () => {
    const emails = Array.from({ length: 12 }, (_, index) => `api-slow-${index}@example.com`);
    const tokenHashes = await Promise.all(emails.map(signedUpByApi));
    let release!: () => void;
    const waiting = fake.holdUntil("POST /auth/v1/verify", new Promise<void>((resolve) => (release = resolve)));
    const bootstraps = tokenHashes.map(bootstrap);
    try {
      // Before the fix each waited in a transaction: ten filled the Postgres pool, one the embedded database.
      await vi.waitFor(() => expect(waiting()).toBe(12), { timeout: 10_000 });
      expect(await poolAnswers(app.db), "stalled while Supabase Auth is slow").toBe(true);
    } finally {
      release();
    }
    const issued = await Promise.all(bootstraps);
    expect(issued.map((response) => response.status)).toEqual(emails.map(() => 200));
    const owners = await Promise.all(
      issued.map(async (response) => (await app.request("GET", "/api/v1/me", { key: response.json.key })).json.account.email),
    );
    expect(owners).toEqual(emails);
  }, 30_000);

  let cookies: SessionCookie[] = [];
  const email = "browser@example.com";

  it("signs up, confirms with the link's token_hash and signs in through @supabase/ssr cookies", async () => {
    const provider = authProvider();
    await (await provider.requestConfirmation(app.db, { email, password: "first password", door: "browser" }, now()))();
    const mail = fake.latestMail(email, "signup");
    expect(mail.redirectTo).toBe("http://launchloop.test/auth/confirm");
    expect(await provider.signIn(app.db, { email, password: "first password" }, [], now())).toEqual({ kind: "unconfirmed" });

    const signedIn = await provider.confirmAndSignIn(app.db, { tokenHash: mail.tokenHash, password: "first password" }, now());
    if (signedIn.kind !== "signed_in") throw new Error(`not confirmed: ${signedIn.kind}`);
    cookies = signedIn.session.cookies;
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie.name).toMatch(/^sb-/);
      expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: "lax", secure: false, path: "/" });
    }
    const current = await provider.currentSession(app.db, asRequest(cookies), now());
    expect(current?.session.account).toMatchObject({ email, signupDoor: "browser", activated: true });
    expect(current?.session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await provider.confirmAndSignIn(app.db, { tokenHash: mail.tokenHash, password: "first password" }, now())).toEqual({
      kind: "invalid_link",
    });
  });

  it("sends a pending sign-up's confirmation again through Supabase Auth, and nothing for a confirmed or unknown address", async () => {
    const provider = authProvider();
    const pending = "resend-pending@example.com";
    await (
      await provider.requestConfirmation(app.db, { email: pending, password: "pending password", door: "browser" }, now())
    )();
    const first = fake.latestMail(pending, "signup");
    await (await provider.resendConfirmation(app.db, pending, now()))();
    const resent = fake.latestMail(pending, "signup");
    expect(resent.tokenHash).not.toBe(first.tokenHash);
    expect(resent.redirectTo).toBe("http://launchloop.test/auth/confirm");
    expect(
      (await provider.confirmAndSignIn(app.db, { tokenHash: resent.tokenHash, password: "pending password" }, now())).kind,
    ).toBe("signed_in");
    const sent = fake.mails.length;
    await (await provider.resendConfirmation(app.db, pending, now()))();
    await (await provider.resendConfirmation(app.db, "nobody-at-all@example.com", now()))();
    expect(fake.mails.length).toBe(sent);
  });

  it("reads a session's account before Supabase vouches for it, so a reset in between leaves the request unable to create access", async () => {
    const provider = authProvider();
    const founder = "checked-session@example.com";
    await (await provider.requestConfirmation(app.db, { email: founder, password: "first password", door: "browser" }, now()))();
    const signedIn = await provider.confirmAndSignIn(
      app.db,
      { tokenHash: fake.latestMail(founder, "signup").tokenHash, password: "first password" },
      now(),
    );
    if (signedIn.kind !== "signed_in") throw new Error(`not signed in: ${signedIn.kind}`);
    const { accountId } = signedIn.session;
    const [project] = await app.db
      .insert(projects)
      .values({ accountId, name: "Acme", onboarding: { businessName: "Acme", productDescription: "x", problemSolved: "y" } })
      .returning();

    let release!: () => void;
    const waiting = fake.holdUntil("GET /auth/v1/user", new Promise<void>((resolve) => (release = resolve)));
    const checking = provider.currentSession(app.db, asRequest(signedIn.session.cookies), now());
    try {
      await vi.waitFor(() => expect(waiting()).toBe(1));
      await app.db.transaction((tx) => revokeAccountAccess(tx, { accountId, now: now() }));
    } finally {
      release();
    }
    const current = await checking;
    if (!current) throw new Error("the session was not vouched for");
    const ctx: ServiceContext = {
      requestId: crypto.randomUUID(),
      db: app.db,
      now: now(),
      clientIp: "203.0.113.5",
      account: current.session.account,
      principal: { kind: "session", sessionId: current.session.sessionId },
    };
    await expect(executeOperation(createShareLink, { params: { id: project!.id } }, ctx)).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("never says whether an e-mail exists when sign-in fails", async () => {
    const provider = authProvider();
    expect(await provider.signIn(app.db, { email, password: "wrong password" }, [], now())).toEqual({ kind: "invalid" });
    expect(await provider.signIn(app.db, { email: "nobody@example.com", password: "wrong password" }, [], now())).toEqual({
      kind: "invalid",
    });
  });

  it("signs out: the cookies are cleared and the session no longer works", async () => {
    const provider = authProvider();
    const result = await provider.signIn(app.db, { email, password: "first password" }, [], now());
    expect(result.kind).toBe("signed_in");
    const session = result.kind === "signed_in" ? result.session.cookies : [];
    expect(await provider.currentSession(app.db, asRequest(session), now())).not.toBeNull();
    const cleared = await provider.signOut(app.db, asRequest(session), now());
    expect(cleared.every((cookie) => cookie.value === "" && cookie.options.maxAge === 0)).toBe(true);
    expect(await provider.currentSession(app.db, asRequest(session), now())).toBeNull();
  });

  it("resets a forgotten password through the recovery link; other sessions end, the old password stops working", async () => {
    const provider = authProvider();
    await provider.requestPasswordReset(app.db, email, now());
    await provider.requestPasswordReset(app.db, "nobody@example.com", now());
    const mail = fake.latestMail(email, "recovery");
    expect(mail.redirectTo).toBe("http://launchloop.test/reset-password");

    const reset = await provider.resetPassword(
      app.db,
      { tokenHash: mail.tokenHash, password: "second password", keepApiKeys: false },
      now(),
    );
    expect(reset).not.toBeNull();
    expect(await provider.currentSession(app.db, asRequest(reset!.cookies), now())).not.toBeNull();
    expect(await provider.currentSession(app.db, asRequest(cookies), now())).toBeNull();
    expect((await provider.signIn(app.db, { email, password: "first password" }, [], now())).kind).toBe("invalid");
    expect((await provider.signIn(app.db, { email, password: "second password" }, [], now())).kind).toBe("signed_in");
    expect(
      await provider.resetPassword(app.db, { tokenHash: mail.tokenHash, password: "third password", keepApiKeys: false }, now()),
    ).toBeNull();
    cookies = reset!.cookies;
  });

  it("deletes the account with its Supabase user", async () => {
    const current = await authProvider().currentSession(app.db, asRequest(cookies), now());
    const ctx: ServiceContext = {
      requestId: crypto.randomUUID(),
      db: app.db,
      now: now(),
      clientIp: "203.0.113.1",
      account: current!.session.account,
      principal: { kind: "session", sessionId: current!.session.sessionId },
    };
    const userId = current!.session.account.supabaseUserId!;
    expect(await executeOperation(deleteAccount, { body: { confirmEmail: email } }, ctx)).toEqual({ deleted: true });
    expect(fake.users.has(userId)).toBe(false);
    expect(await accountRow(email)).toBeUndefined();
    expect((await authProvider().signIn(app.db, { email, password: "second password" }, [], now())).kind).toBe("invalid");
  });
});

describe("Supabase Storage", () => {
  it("uploads to the private bucket, reads through a signed URL, and removes", async () => {
    const files = storage();
    expect(files.name).toBe("supabase");
    const key = "accounts/a1/projects/p1/logo.png";
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await files.put(key, bytes, "image/png");
    expect(fake.objects.has(`launchloop/${key}`)).toBe(true);
    expect(await files.get(key)).toEqual({ body: bytes, contentType: "image/png" });

    const url = await files.signedUrl(key, 60);
    expect(url.startsWith(`${fake.url}/storage/v1/object/sign/launchloop/`)).toBe(true);
    const fetched = await fetch(url);
    expect([fetched.status, fetched.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(bytes);
    expect((await fetch(url.replace(/token=[^&]+/, "token=forged"))).status).not.toBe(200);

    await files.remove([key]);
    expect(await files.get(key)).toBeNull();
    await expect(files.put("../escape", bytes, "image/png")).rejects.toThrow(/unsafe/);
  });
});
