import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { latestTokenHash } from "../support/mailbox";

const baseUrl = inject("baseUrl");
const mailDir = path.join(inject("serverDataDir"), "mail");

const post = (urlPath: string, body: unknown) =>
  fetch(`${baseUrl}${urlPath}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("a new user against a started server", () => {
  it("signs up, reads the .eml, bootstraps a key, replays it and calls /me", async () => {
    const email = "first-user@example.com";
    const signup = await post("/api/v1/signup", { email, password: "correct horse battery", acceptTerms: true });
    expect(signup.status).toBe(202);
    expect(await signup.json()).toEqual({ status: "confirmation_required" });

    const tokenHash = latestTokenHash(mailDir, email);
    const first = await post("/api/v1/keys/bootstrap", { tokenHash });
    const firstText = await first.text();
    expect(first.status).toBe(200);
    const replay = await post("/api/v1/keys/bootstrap", { tokenHash });
    expect(await replay.text()).toBe(firstText);

    const { key } = JSON.parse(firstText);
    const me = await fetch(`${baseUrl}/api/v1/me`, { headers: { Authorization: `Bearer ${key}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get("x-request-id")).toBeTruthy();
    expect((await me.json()).account).toMatchObject({ email, activated: false });
  });

  it("answers JSON errors from the real route handler", async () => {
    const unknown = await fetch(`${baseUrl}/api/v1/does-not-exist`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("application/json");
    const wrongMethod = await fetch(`${baseUrl}/api/v1/signup`, { method: "GET" });
    expect(wrongMethod.status).toBe(405);
    expect((await wrongMethod.json()).code).toBe("method_not_allowed");
    const badJson = await fetch(`${baseUrl}/api/v1/signup`, {
      method: "POST",
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect([badJson.status, (await badJson.json()).code]).toEqual([400, "invalid_json"]);
  });

  it("serves the captcha challenge, the confirmation page, the API reference and the pricing page", async () => {
    const captcha = await fetch(`${baseUrl}/api/auth/captcha`);
    expect(captcha.status).toBe(200);
    expect((await captcha.json()).parameters.algorithm).toBe("SHA-256");
    const confirm = await fetch(`${baseUrl}/auth/confirm?token_hash=abc&type=email`);
    expect(await confirm.text()).toContain("Confirm your e-mail");
    const docs = await fetch(`${baseUrl}/docs`);
    expect(await docs.text()).toContain("/api/v1/keys/bootstrap");
    const pricing = await (await fetch(`${baseUrl}/pricing`)).text();
    expect(pricing).toContain("studio");
    expect(pricing).toMatch(/\$89<\/span>.*\/month/);
    expect((await fetch(`${baseUrl}/docs/billing`)).status).toBe(200);
  });
});
