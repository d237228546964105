import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, latestMail, launchBrowser, linkIn, screenshot } from "./browser";
import { browserFounder } from "./fixtures";

// A founder's account in the browser: sign-up, sessions, password reset, keys, billing and
// deletions. Each test makes its own founder (tests/e2e/fixtures.ts), so any one runs alone.

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
const mailDir = path.join(dataDir, "mail");
const newPassword = "a brand new long password";

let browser: Browser;
let close: () => Promise<void>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ({ browser, close } = await launchBrowser());
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await close?.();
});

/** A browser with no one signed in. */
async function visitor() {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  return { context, page: await context.newPage() };
}

/** A signed-in founder on the free plan, with an API key for setting up data. */
async function founder() {
  const made = await browserFounder(browser, baseUrl, dataDir, "free");
  contexts.push(made.context);
  return made;
}

const api = (urlPath: string, key: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${urlPath}`, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...init.headers },
  });

async function signIn(page: Page, address: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(address);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function signOut(page: Page) {
  await page.locator("header details summary").click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/login\?signed_out=1/);
}

describe("a founder in the browser", () => {
  it("sees the public pages", async () => {
    const { page } = await visitor();
    await page.goto("/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Your launch");
    await screenshot(page, "home");
    await expectAccessible(page, "home");
    await page.goto("/pricing");
    await screenshot(page, "pricing");
    await page.goto("/docs");
    expect(await page.getByText("/api/v1/keys/{keyId}").count()).toBeGreaterThan(0);
    await screenshot(page, "docs");
  });

  it("signs up with the widget solving its captcha, then confirms through the e-mail's link", async () => {
    const { page, context } = await visitor();
    const email = `founder-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const firstPassword = "correct horse battery staple";
    await page.goto("/signup");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(firstPassword);
    await page.getByLabel(/I accept the terms/).check();
    // The ALTCHA widget fetches a challenge from /api/auth/captcha and solves it on load.
    await page.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('input[name="altcha"]')?.value ?? "").length > 20,
      undefined,
      { timeout: 60_000 },
    );
    await screenshot(page, "signup");
    await expectAccessible(page, "signup");
    await page.getByRole("button", { name: "Create my account" }).click();
    await page.waitForURL(/\/signup\/check-email/);
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    await screenshot(page, "check-email");

    const mail = latestMail(mailDir, email);
    expect(mail).toContain("Content-Type: text/html");
    const link = linkIn(mail, `${baseUrl}/auth/confirm?token_hash=`);
    await page.goto(link);
    await screenshot(page, "confirm");
    // The page names the account the link acts on, and takes the password chosen at sign-up.
    await page.getByText(`This confirms ${email}`).waitFor();
    await page.getByLabel("Your password").fill(firstPassword);
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await page.waitForURL(/\/auth\/confirm\/welcome/);
    await page.getByRole("link", { name: "Create an API key" }).waitFor();
    await screenshot(page, "welcome");

    const [cookie] = (await context.cookies()).filter((candidate) => candidate.name === "ll_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: "/" });
    expect(await page.evaluate(() => document.cookie)).not.toContain("ll_session");

    await page.getByRole("link", { name: "Go to my dashboard" }).click();
    await page.waitForURL(/\/dashboard/);
    await page.getByRole("heading", { name: "Your projects" }).waitFor();
    expect(await page.locator("main").getByText("free plan").isVisible()).toBe(true);
    await screenshot(page, "dashboard");
    await expectAccessible(page, "dashboard");
  });

  it("signs out and back in; a wrong password and an unknown e-mail get the same answer", async () => {
    const { page, email, password } = await founder();
    await signOut(page);
    await screenshot(page, "login");
    await expectAccessible(page, "login");
    await page.goto("/dashboard");
    await page.waitForURL(/\/login/);

    await signIn(page, email, "not the password");
    const wrongPassword = await page.getByRole("alert").filter({ hasText: /\S/ }).first().textContent();
    await signIn(page, "nobody-here@example.com", "not the password");
    const unknownEmail = await page.getByRole("alert").filter({ hasText: /\S/ }).first().textContent();
    expect(wrongPassword).toBe(unknownEmail);
    expect(wrongPassword).toContain("do not match");

    await signIn(page, email, password);
    await page.waitForURL(/\/dashboard/);
  });

  it("resets a forgotten password through the e-mailed link, which signs out every other browser", async () => {
    const { page, email, password } = await founder();
    const otherBrowser = await browser.newContext({ baseURL: baseUrl });
    const otherPage = await otherBrowser.newPage();
    await otherPage.goto("/login");
    await otherPage.getByLabel("E-mail").fill(email);
    await otherPage.getByLabel("Password").fill(password);
    await otherPage.getByRole("button", { name: "Sign in" }).click();
    await otherPage.waitForURL(/\/dashboard/);

    await signOut(page);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await page.getByRole("status").filter({ hasText: "reset link is on its way" }).waitFor();
    await screenshot(page, "forgot-password");

    const link = linkIn(latestMail(mailDir, email, "/reset-password?token_hash="), `${baseUrl}/reset-password?token_hash=`);
    await page.goto(link);
    await screenshot(page, "reset-password");
    await page.getByLabel(/^New password \(required\)/).fill(newPassword);
    await page.getByLabel("New password, again").fill(newPassword);
    await page.getByRole("button", { name: "Save my new password" }).click();
    await page.waitForURL(/\/dashboard\?password_changed=1/);

    await otherPage.goto("/dashboard");
    await otherPage.waitForURL(/\/login/);
    await otherBrowser.close();

    // A used link says so before anything is typed.
    await page.goto(link);
    await page.getByRole("alert").filter({ hasText: "already used" }).waitFor();
  });

  it("creates an API key shown once, uses it, and revokes it (then 401)", async () => {
    const { page } = await founder();
    await page.goto("/settings/keys");
    await page.getByLabel("Key name").fill("e2e script");
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByTestId("new-api-key");
    await shown.waitFor();
    const apiKey = (await shown.textContent())!.trim();
    expect(apiKey).toMatch(/^llk_/);
    expect((await api("/api/v1/me", apiKey)).status).toBe(200);
    await page.reload();
    expect(await page.getByTestId("new-api-key").count()).toBe(0);
    expect(await page.getByRole("cell", { name: "e2e script", exact: true }).isVisible()).toBe(true);
    await screenshot(page, "keys");
    await expectAccessible(page, "keys");

    await page.getByRole("button", { name: "Revoke the key e2e script" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await page.getByRole("cell", { name: "e2e script", exact: true }).waitFor({ state: "detached" });
    const revoked = await api("/api/v1/me", apiKey);
    expect([revoked.status, (await revoked.json()).code]).toEqual([401, "unauthorized"]);
  });

  it("upgrades through the local test-mode checkout", async () => {
    const { page, key: apiKey } = await founder();
    await page.goto("/settings/billing");
    await screenshot(page, "billing");
    await expectAccessible(page, "billing");
    await page.getByRole("button", { name: "Upgrade to pro" }).click();
    await page.waitForURL(/\/billing\/checkout\//);
    await screenshot(page, "checkout");
    await page.getByRole("button", { name: "Complete test payment" }).click();
    await page.getByText("You are on Pro").waitFor();
    await page.goto("/settings/billing");
    // Waited for, not read at once: a page still streaming in shows its parts a moment later.
    await page.getByRole("heading", { name: "pro plan" }).filter({ visible: true }).waitFor();
    expect((await (await api("/api/v1/billing", apiKey)).json()).billing).toMatchObject({ plan: "pro", status: "active" });
  });

  it("deletes a project after its name is typed, and refuses a wrong name", async () => {
    const { page, key: apiKey } = await founder();
    const created = await api("/api/v1/projects", apiKey, {
      method: "POST",
      body: JSON.stringify({
        name: "Acme launch",
        onboarding: { businessName: "Acme", productDescription: "Rockets for roadrunners", problemSolved: "Catching birds" },
      }),
    });
    expect(created.status).toBe(201);
    const { project } = await created.json();

    await page.goto("/settings/account");
    await page.getByLabel(/Type Acme launch to confirm/).fill("Acme");
    await page.getByRole("button", { name: "Delete this project" }).click();
    await page.getByText("Type the project's name exactly").waitFor();
    await screenshot(page, "account");
    await page.getByLabel(/Type Acme launch to confirm/).fill("Acme launch");
    await page.getByRole("button", { name: "Delete this project" }).click();
    await page.getByText("and all its content are deleted").waitFor();
    expect((await api(`/api/v1/projects/${project.id}`, apiKey)).status).toBe(404);
  });

  it("deletes the account and all its data; nothing signs in afterwards", async () => {
    const { page, email, password, key: apiKey } = await founder();
    await page.goto("/settings/account");
    await page.getByLabel(/Type your e-mail/).fill(email);
    await page.getByRole("button", { name: "Delete my account and all its data" }).click();
    await page.waitForURL(/\/\?account_deleted=1/);
    expect(await page.getByText("Your account and all its data are deleted").isVisible()).toBe(true);
    expect((await api("/api/v1/me", apiKey)).status).toBe(401);
    await signIn(page, email, password);
    await page.getByRole("alert").filter({ hasText: "do not match" }).waitFor();
  });
});
