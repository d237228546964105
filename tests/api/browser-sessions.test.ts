import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authProvider } from "@/lib/auth";
import type { RequestCookie, SessionCookie } from "@/lib/auth/provider";
import { attemptSignIn } from "@/lib/auth/sign-in";
import { browserSessions } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { sha256Hex } from "@/lib/security/hashing";
import { mailsTo } from "../support/mailbox";
import { createTestApp, type TestApp } from "../support/test-app";

// Embedded browser sessions through the built-in provider, over a real database.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const day = 24 * 60 * 60 * 1000;
const asRequest = (cookies: SessionCookie[]): RequestCookie[] => cookies.map(({ name, value }) => ({ name, value }));
const tokenIn = (mail: string, path: string) => new RegExp(`${path}\\?token_hash=([0-9a-f]+)`).exec(mail)![1]!;

async function confirmedAccount(email: string, password: string) {
  const provider = authProvider();
  await (await provider.requestConfirmation(app.db, { email, password, door: "browser" }, new Date()))();
  const confirmed = await provider.confirmAndSignIn(
    app.db,
    { tokenHash: tokenIn(mailsTo(app.mailDir, email).at(-1)!, "/auth/confirm"), password },
    new Date(),
  );
  if (confirmed.kind !== "signed_in") throw new Error(`not confirmed: ${confirmed.kind}`);
  return confirmed.session;
}

describe("embedded browser sessions", () => {
  it("sets an HttpOnly, SameSite=Lax, 30-day cookie whose token is stored only as a hash", async () => {
    const { cookies } = await confirmedAccount("cookie@example.com", "first password");
    expect(cookies).toEqual([
      {
        name: "ll_session",
        value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        options: { httpOnly: true, secure: false, sameSite: "lax", path: "/", maxAge: 30 * 24 * 3600 },
      },
    ]);
    const [stored] = await app.db
      .select()
      .from(browserSessions)
      .where(eq(browserSessions.tokenDigest, sha256Hex(cookies[0]!.value)));
    expect(stored).toBeDefined();
    expect(JSON.stringify(await app.db.select().from(browserSessions))).not.toContain(cookies[0]!.value);
  });

  it("counts sign-ins sent at once before checking them: past ten for an address, even the right password needs a captcha", async () => {
    await confirmedAccount("burst@example.com", "first password");
    const now = new Date();
    const attempt = (password: string) =>
      attemptSignIn(app.db, { email: "burst@example.com", password, clientIp: "203.0.113.9", cookies: [], now }).then(
        () => "signed_in",
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      );
    const answers = await Promise.all(Array.from({ length: 12 }, () => attempt("wrong")));
    expect(answers.sort()).toEqual([...Array(2).fill("captcha_required"), ...Array(10).fill("invalid_credentials")]);
    expect(await attempt("first password")).toBe("captcha_required");
  });

  it("never counts a good sign-in: fifteen in a row from one address and account all sign in", async () => {
    await confirmedAccount("regular@example.com", "first password");
    const attempt = (password: string) =>
      attemptSignIn(app.db, {
        email: "regular@example.com",
        password,
        clientIp: "203.0.113.10",
        cookies: [],
        now: new Date(),
      }).then(
        () => "signed_in",
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      );
    for (let index = 0; index < 15; index++) expect(await attempt("first password"), `sign-in ${index + 1}`).toBe("signed_in");
    // Nine typos still leave room for the tenth before a captcha; good sign-ins between them change nothing.
    for (let index = 0; index < 9; index++) {
      expect(await attempt("typo")).toBe("invalid_credentials");
      expect(await attempt("first password")).toBe("signed_in");
    }
    expect(await attempt("typo")).toBe("invalid_credentials");
    expect(await attempt("first password")).toBe("captcha_required");
  });

  it("counts a client's sign-ins across e-mails before checking them: a burst past thirty needs a captcha", async () => {
    const now = new Date();
    const attempt = (index: number) =>
      attemptSignIn(app.db, {
        email: `stuffed-${index}@example.com`,
        password: "guess",
        clientIp: "203.0.113.77",
        cookies: [],
        now,
      }).then(
        () => "signed_in",
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      );
    const answers = await Promise.all(Array.from({ length: 45 }, (_, index) => attempt(index)));
    expect(answers.sort()).toEqual([...Array(15).fill("captcha_required"), ...Array(30).fill("invalid_credentials")]);
  });

  it("answers the same for a wrong password and an unknown e-mail; unconfirmed accounts are told to confirm", async () => {
    const provider = authProvider();
    await confirmedAccount("same-answer@example.com", "first password");
    expect(await provider.signIn(app.db, { email: "same-answer@example.com", password: "wrong" }, [], new Date())).toEqual({
      kind: "invalid",
    });
    expect(await provider.signIn(app.db, { email: "nobody@example.com", password: "wrong" }, [], new Date())).toEqual({
      kind: "invalid",
    });
    await (
      await provider.requestConfirmation(
        app.db,
        { email: "pending@example.com", password: "first password", door: "browser" },
        new Date(),
      )
    )();
    expect(await provider.signIn(app.db, { email: "pending@example.com", password: "first password" }, [], new Date())).toEqual({
      kind: "unconfirmed",
    });
    expect(await provider.signIn(app.db, { email: "pending@example.com", password: "wrong" }, [], new Date())).toEqual({
      kind: "invalid",
    });
  });

  it("rotates at sign-in: the browser's previous session ends", async () => {
    const provider = authProvider();
    const first = await confirmedAccount("rotate@example.com", "first password");
    const second = await provider.signIn(
      app.db,
      { email: "rotate@example.com", password: "first password" },
      asRequest(first.cookies),
      new Date(),
    );
    expect(second.kind).toBe("signed_in");
    const next = second.kind === "signed_in" ? second.session.cookies : [];
    expect(next[0]!.value).not.toBe(first.cookies[0]!.value);
    expect(await provider.currentSession(app.db, asRequest(first.cookies), new Date())).toBeNull();
    expect((await provider.currentSession(app.db, asRequest(next), new Date()))?.session.account.email).toBe(
      "rotate@example.com",
    );
  });

  it("expires after 14 days without use, and 30 days after sign-in however much it is used", async () => {
    const provider = authProvider();
    const { cookies } = await confirmedAccount("idle@example.com", "first password");
    const start = Date.now();
    expect(await provider.currentSession(app.db, asRequest(cookies), new Date(start + 10 * day))).not.toBeNull();
    const late = await provider.currentSession(app.db, asRequest(cookies), new Date(start + 20 * day));
    expect(late).not.toBeNull();
    // The refreshed cookie never outlives the session's absolute end.
    expect(late!.cookies[0]!.options.maxAge).toBeGreaterThan(10 * 24 * 3600 - 60);
    expect(late!.cookies[0]!.options.maxAge).toBeLessThanOrEqual(10 * 24 * 3600);
    expect(await provider.currentSession(app.db, asRequest(cookies), new Date(start + 29 * day))).not.toBeNull();
    expect(await provider.currentSession(app.db, asRequest(cookies), new Date(start + 31 * day))).toBeNull();

    const idle = await confirmedAccount("idle-too-long@example.com", "first password");
    expect(await provider.currentSession(app.db, asRequest(idle.cookies), new Date(Date.now() + 15 * day))).toBeNull();
  });

  it("signs out: the session is revoked and the cookie cleared", async () => {
    const provider = authProvider();
    const { cookies } = await confirmedAccount("bye@example.com", "first password");
    expect(await provider.signOut(app.db, asRequest(cookies), new Date())).toEqual([
      { name: "ll_session", value: "", options: expect.objectContaining({ maxAge: 0, httpOnly: true }) },
    ]);
    expect(await provider.currentSession(app.db, asRequest(cookies), new Date())).toBeNull();
  });

  it("a password reset through the e-mailed link ends every session; the link works once", async () => {
    const provider = authProvider();
    const email = "reset@example.com";
    const first = await confirmedAccount(email, "first password");
    await provider.requestPasswordReset(app.db, email, new Date());
    await provider.requestPasswordReset(app.db, "nobody@example.com", new Date());
    expect(mailsTo(app.mailDir, "nobody@example.com")).toEqual([]);
    const mail = mailsTo(app.mailDir, email).at(-1)!;
    expect(mail).toContain("Subject: Reset your Launchloop password");
    expect(mail).toContain("Content-Type: text/html; charset=utf-8");
    const tokenHash = tokenIn(mail, "/reset-password");

    const reset = await provider.resetPassword(
      app.db,
      { tokenHash, password: "second password", keepApiKeys: false },
      new Date(),
    );
    expect(reset).not.toBeNull();
    expect(await provider.currentSession(app.db, asRequest(first.cookies), new Date())).toBeNull();
    expect(await provider.currentSession(app.db, asRequest(reset!.cookies), new Date())).not.toBeNull();
    expect((await provider.signIn(app.db, { email, password: "first password" }, [], new Date())).kind).toBe("invalid");
    expect((await provider.signIn(app.db, { email, password: "second password" }, [], new Date())).kind).toBe("signed_in");
    expect(
      await provider.resetPassword(app.db, { tokenHash, password: "third password", keepApiKeys: false }, new Date()),
    ).toBeNull();
  });
});
