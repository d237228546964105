import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, toErrorEnvelope } from "@/lib/errors";
import { handleOperation } from "@/lib/http/handle";
import { signup } from "@/lib/operations/account";
import { getCaptchaChallenge } from "@/lib/operations/captcha";
import { executeOperation } from "@/lib/operations/execute";
import { withEnv } from "../support/env";
import { mailsTo } from "../support/mailbox";
import { createTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const signupBody = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: "correct horse battery",
  acceptTerms: true,
  ...extra,
});

async function solvedCaptcha(): Promise<string> {
  const response = await handleOperation(getCaptchaChallenge, new Request("http://launchloop.test/api/auth/captcha"));
  expect(response.status).toBe(200);
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

describe("POST /api/v1/signup", () => {
  it("answers 202 confirmation_required, never a key, and e-mails a confirmation link", async () => {
    const response = await app.request("POST", "/api/v1/signup", { body: signupBody("ada@example.com") });
    expect(response.status).toBe(202);
    expect(response.json).toEqual({ status: "confirmation_required" });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const [mail] = mailsTo(app.mailDir, "ada@example.com");
    expect(mail).toContain("To: ada@example.com");
    expect(mail).toMatch(/http:\/\/launchloop\.test\/auth\/confirm\?token_hash=[0-9a-f]{64}&type=email/);
  });

  it("does not reveal an existing e-mail: same answer, and the owner gets a fresh link", async () => {
    const first = await app.request("POST", "/api/v1/signup", { body: signupBody("twice@example.com") });
    const second = await app.request("POST", "/api/v1/signup", {
      body: signupBody("Twice@Example.com", { password: "another password" }),
    });
    expect(second.status).toBe(first.status);
    expect(second.text).toBe(first.text);
    expect(mailsTo(app.mailDir, "twice@example.com")).toHaveLength(2);
  });

  it("API signups start unactivated with zero entitlements and an activation pointer", async () => {
    const { key } = await app.signUpWithKey("api-door@example.com");
    const me = await app.request("GET", "/api/v1/me", { key });
    expect(me.status).toBe(200);
    expect(me.json.account).toMatchObject({ email: "api-door@example.com", plan: "free", activated: false });
    expect(me.json.limits).toEqual({ projects: 0, dailyRuns: 0, dailyRunsScope: "account", canExport: false, canGrow: false });
    expect(me.json.activation).toEqual({
      checkout: { method: "POST", path: "/api/v1/billing/checkout", body: { plan: "pro" } },
    });
  });

  it("a solved captcha opens the browser door: an activated free-tier account", async () => {
    const captchaToken = await solvedCaptcha();
    const response = await app.request("POST", "/api/v1/signup", { body: signupBody("browser@example.com", { captchaToken }) });
    expect(response.status).toBe(202);
    const me = await signInFromMail("browser@example.com");
    expect(me.json.account).toMatchObject({ plan: "free", activated: true });
    expect(me.json.limits).toMatchObject({ projects: 1, dailyRuns: 15, canExport: false });
    expect(me.json).not.toHaveProperty("activation");
  });

  it("the browser face must send the captcha (the executor's gate); the API may leave it out", async () => {
    const browser = {
      requestId: crypto.randomUUID(),
      db: app.db,
      now: new Date(),
      clientIp: "203.0.113.50",
      face: "browser" as const,
    };
    const refused = await executeOperation(signup, { body: signupBody("no-captcha@example.com") }, browser).catch(
      (error: AppError) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("invalid_request");
    expect(toErrorEnvelope(refused).body.issues).toEqual([
      { path: "captchaToken", message: "Wait for the spam check to finish, then submit again." },
    ]);
    expect(mailsTo(app.mailDir, "no-captcha@example.com")).toHaveLength(0);

    const { face: _, ...api } = browser;
    expect(await executeOperation(signup, { body: signupBody("no-captcha@example.com") }, api)).toMatchObject({
      status: "confirmation_required",
    });
    const captchaToken = await solvedCaptcha();
    expect(
      await executeOperation(signup, { body: signupBody("with-captcha@example.com", { captchaToken }) }, browser),
    ).toMatchObject({ status: "confirmation_required" });
  });

  it("a captcha solution works once: the replay is 400 invalid_captcha", async () => {
    const captchaToken = await solvedCaptcha();
    const first = await app.request("POST", "/api/v1/signup", { body: signupBody("once@example.com", { captchaToken }) });
    const replay = await app.request("POST", "/api/v1/signup", { body: signupBody("replay@example.com", { captchaToken }) });
    expect(first.status).toBe(202);
    expect(replay.status).toBe(400);
    expect(replay.json).toMatchObject({ code: "invalid_captcha", retryable: false });
  });

  it.each([
    ["garbage", "not-a-payload"],
    ["a tampered solution", "tampered"],
  ])("rejects %s as invalid_captcha", async (_label, kind) => {
    let captchaToken = "bm90IGpzb24=";
    if (kind === "tampered") {
      const payload = JSON.parse(Buffer.from(await solvedCaptcha(), "base64").toString());
      payload.solution.counter += 1;
      captchaToken = Buffer.from(JSON.stringify(payload)).toString("base64");
    }
    const response = await app.request("POST", "/api/v1/signup", { body: signupBody("tampered@example.com", { captchaToken }) });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe("invalid_captcha");
  });

  it("closed signups answer 403 signups_closed", () =>
    withEnv({ SIGNUP_MODE: "closed" }, async () => {
      const response = await app.request("POST", "/api/v1/signup", { body: signupBody("closed@example.com") });
      expect(response.status).toBe(403);
      expect(response.json).toEqual({ error: expect.any(String), code: "signups_closed", retryable: false });
    }));

  it("invite mode needs a listed invite code", () =>
    withEnv({ SIGNUP_MODE: "invite", INVITE_CODES: "alpha, beta" }, async () => {
      const missing = await app.request("POST", "/api/v1/signup", { body: signupBody("nocode@example.com") });
      const wrong = await app.request("POST", "/api/v1/signup", {
        body: signupBody("wrong@example.com", { inviteCode: "gamma" }),
      });
      const right = await app.request("POST", "/api/v1/signup", {
        body: signupBody("invited@example.com", { inviteCode: "beta" }),
      });
      expect([missing.status, missing.json.code]).toEqual([403, "invalid_invite"]);
      expect([wrong.status, wrong.json.code]).toEqual([403, "invalid_invite"]);
      expect(right.status).toBe(202);
    }));

  it("an invalid invite code is 403 even when signups are open", async () => {
    const response = await app.request("POST", "/api/v1/signup", {
      body: signupBody("open@example.com", { inviteCode: "nope" }),
    });
    expect([response.status, response.json.code]).toEqual([403, "invalid_invite"]);
  });

  it.each([
    ["a bad e-mail", { email: "no-at-sign", password: "long enough", acceptTerms: true }, "email"],
    ["a short password", { email: "x@example.com", password: "short", acceptTerms: true }, "password"],
    ["terms not accepted", { email: "x@example.com", password: "long enough", acceptTerms: false }, "acceptTerms"],
    ["an unknown property", { email: "x@example.com", password: "long enough", acceptTerms: true, admin: true }, ""],
    ["a missing body", undefined, ""],
  ])("rejects %s with 400 invalid_request and its issues", async (_label, body, field) => {
    const response = await app.request("POST", "/api/v1/signup", { body });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe("invalid_request");
    expect(response.json.issues.length).toBeGreaterThan(0);
    if (field) expect(response.json.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it("rejects malformed JSON with 400 invalid_json", async () => {
    const response = await app.request("POST", "/api/v1/signup", {
      rawBody: '{"email": ',
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: "invalid_json", retryable: false });
  });

  it("limits signups per client address with 429 and rate-limit headers", () =>
    withEnv({ SIGNUP_LIMIT_PER_HOUR: "2", TRUST_PROXY: "1" }, async () => {
      const from = { "x-forwarded-for": "203.0.113.9" };
      const statuses = [];
      for (const n of [1, 2, 3]) {
        const response = await app.request("POST", "/api/v1/signup", {
          body: signupBody(`limited${n}@example.com`),
          headers: from,
        });
        statuses.push(response.status);
        if (n === 3) {
          expect(response.json).toMatchObject({ code: "rate_limited", retryable: true });
          expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
          expect(Number(response.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
          expect(response.headers.get("x-ratelimit-limit")).toBe("2");
          expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
        }
      }
      expect(statuses).toEqual([202, 202, 429]);
      const otherAddress = await app.request("POST", "/api/v1/signup", {
        body: signupBody("elsewhere@example.com"),
        headers: { "x-forwarded-for": "203.0.113.10" },
      });
      expect(otherAddress.status).toBe(202);
    }));
});

async function signInFromMail(email: string) {
  const token = /token_hash=([0-9a-f]+)/.exec(mailsTo(app.mailDir, email).at(-1)!)![1];
  const bootstrap = await app.request("POST", "/api/v1/keys/bootstrap", { body: { tokenHash: token } });
  return app.request("GET", "/api/v1/me", { key: bootstrap.json.key });
}
