import net from "node:net";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type StartedServer, startServer } from "../support/server";
import { latestMail, launchBrowser, linkIn, password, signUpInBrowser } from "./browser";

// Account takeover, lock-out and mail timing, probed as an attacker would, against a started server.
const baseUrl = inject("baseUrl");
const mailDir = path.join(inject("serverDataDir"), "mail");
const unique = (name: string) => `${name}-${Date.now()}-${crypto.randomUUID().slice(0, 6)}@example.com`;

let browser: Browser;
let close: () => Promise<void>;
beforeAll(async () => {
  const launched = await launchBrowser();
  browser = launched.browser;
  close = launched.close;
});
afterAll(async () => {
  await close?.();
});

async function freshPage(url = baseUrl): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

async function signIn(page: Page, email: string, secret: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(secret);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const apiSignup = (email: string, secret: string, base = baseUrl) =>
  fetch(`${base}/api/v1/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: secret, acceptTerms: true }),
  });

describe("accounts nobody can take over", () => {
  it("a sign-up made first through the API keeps nothing once the owner signs up and confirms in the browser", async () => {
    const email = unique("victim");
    expect((await apiSignup(email, "the attacker's password")).status).toBe(202);
    const owner = await signUpInBrowser(await browser.newContext({ baseURL: baseUrl }), baseUrl, mailDir, email);
    await owner.context().close();

    const attacker = await freshPage();
    await signIn(attacker, email, "the attacker's password");
    await attacker.getByRole("alert").filter({ hasText: "do not match" }).waitFor();
    await signIn(attacker, email, password);
    await attacker.waitForURL(/\/dashboard/);
    // The browser door's free plan, activated: not the attacker's unactivated API door.
    await attacker.locator("main").getByText("free plan").waitFor();
    await attacker.context().close();
  });

  it("a confirmation link names its account and needs the password chosen at that sign-up", async () => {
    const email = unique("named");
    expect((await apiSignup(email, "the password chosen for this link")).status).toBe(202);
    const page = await freshPage();
    await page.goto(linkIn(latestMail(mailDir, email, "/auth/confirm?token_hash="), `${baseUrl}/auth/confirm?token_hash=`));
    await page.getByText(`This confirms ${email}`).waitFor();
    await page.waitForFunction(() => !window.location.search.includes("token_hash"));
    await page.getByLabel("Your password").fill("somebody else's password");
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await page.getByText("Enter the password you chose when you signed up.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/confirm");
    await page.context().close();
  });

  it("twelve wrong guesses by anyone ask the owner for a spam check, never lock them out", async () => {
    const email = unique("guessed");
    const owner = await signUpInBrowser(await browser.newContext({ baseURL: baseUrl }), baseUrl, mailDir, email);
    await owner.context().close();

    const guesser = await freshPage();
    for (let attempt = 0; attempt < 10; attempt++) {
      await signIn(guesser, email, `guess number ${attempt}`);
      await guesser.getByRole("alert").filter({ hasText: "do not match" }).waitFor();
    }
    // Past the limit the form itself asks for the check.
    await guesser.getByText("Spam check", { exact: true }).waitFor();
    await guesser.context().close();

    const page = await freshPage();
    await signIn(page, email, password);
    await page.getByRole("alert").filter({ hasText: "solve the spam check" }).waitFor();
    await page.waitForFunction(
      () => (document.querySelector<HTMLInputElement>('input[name="altcha"]')?.value ?? "").length > 20,
      undefined,
      { timeout: 120_000 },
    );
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/dashboard/);
    await page.context().close();
  });

  it("a password reset names its account, leaves the address bar, and revokes the API keys unless kept", async () => {
    const email = unique("reset");
    expect((await apiSignup(email, password)).status).toBe(202);
    const tokenHash = /token_hash=([0-9a-f]+)/.exec(latestMail(mailDir, email, "token_hash="))![1]!;
    const bootstrap = await fetch(`${baseUrl}/api/v1/keys/bootstrap`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ tokenHash, name: "intruder's key" }),
    });
    const { key } = await bootstrap.json();
    const me = () => fetch(`${baseUrl}/api/v1/me`, { headers: { Authorization: `Bearer ${key}` } });
    expect((await me()).status).toBe(200);

    const page = await freshPage();
    await page.goto("/forgot-password");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await page.getByRole("status").filter({ hasText: "reset link is on its way" }).waitFor();
    await page.goto(linkIn(latestMail(mailDir, email, "/reset-password?token_hash="), `${baseUrl}/reset-password?token_hash=`));
    await page.getByText(`For ${email}`).waitFor();
    await page.waitForFunction(() => !window.location.search.includes("token_hash"));
    expect(await page.getByLabel("Keep my API keys working").isChecked()).toBe(false);
    await page.getByLabel(/^New password \(required\)/).fill("a new password of mine");
    await page.getByLabel("New password, again").fill("a new password of mine");
    await page.getByRole("button", { name: "Save my new password" }).click();
    await page.waitForURL(/\/dashboard\?password_changed=1/);

    expect((await me()).status).toBe(401);
    const notice = latestMail(mailDir, email, "password was changed");
    expect(notice).toContain("1 API key was revoked: intruder's key");
    expect(notice).not.toContain(key);
    await page.context().close();
  });
});

describe("with a mail server that does not answer", () => {
  let server: StartedServer;
  let mailServer: net.Server;
  const held = new Set<net.Socket>();

  beforeAll(async () => {
    mailServer = net.createServer((socket) => held.add(socket)); // never greets
    await new Promise<void>((resolve) => mailServer.listen(0, "127.0.0.1", resolve));
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${(mailServer.address() as net.AddressInfo).port}` });
  });
  afterAll(() => {
    for (const socket of held) socket.destroy();
    mailServer?.close();
    server?.stop();
  });

  it("sign-up and forgot-password answer at once, for a known address as for a new one", async () => {
    const known = unique("known");
    for (const email of [known, known, unique("new")]) {
      // Each answer comes while the mail server still holds the message it was given.
      expect((await apiSignup(email, password, server.baseUrl)).status).toBe(202);
    }
    await expect.poll(() => held.size, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);

    const page = await freshPage(server.baseUrl);
    for (const email of [known, unique("stranger")]) {
      await page.goto("/forgot-password");
      await page.getByLabel("E-mail").fill(email);
      await page.getByRole("button", { name: "Send me a reset link" }).click();
      await page.getByRole("status").filter({ hasText: "reset link is on its way" }).waitFor({ timeout: 20_000 });
    }
    await page.context().close();
  });
});
