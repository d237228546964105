import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { awaitMail, mailsTo } from "../support/mailbox";
import { launchBrowser } from "./browser";
import { checkAtBothWidths, h1Count } from "./shell-browser";

// Terms and privacy pages, linked from the sign-up form that asks to accept them; sending the
// confirmation e-mail again from the "check your inbox" page and from the sign-in page.

const baseUrl = inject("baseUrl");
const mailDir = path.join(inject("serverDataDir"), "mail");
let browser: Browser;
let closeBrowser: () => Promise<void>;
let page: Page;

beforeAll(async () => {
  ({ browser, close: closeBrowser } = await launchBrowser());
  page = await (await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } })).newPage();
});
afterAll(async () => {
  await closeBrowser?.();
});

describe("terms and privacy", () => {
  it("are pages of their own, linked from the sign-up form and the footer", async () => {
    await page.goto("/signup");
    const acceptance = page.locator('label[for="field-acceptTerms"]');
    expect(await acceptance.getByRole("link", { name: "terms of service" }).getAttribute("href")).toBe("/terms");
    expect(await acceptance.getByRole("link", { name: "privacy policy" }).getAttribute("href")).toBe("/privacy");
    for (const [pathname, title] of [
      ["/terms", "Terms of service"],
      ["/privacy", "Privacy policy"],
    ] as const) {
      const response = await page.goto(pathname);
      expect(response!.status()).toBe(200);
      await page.getByRole("heading", { name: title, level: 1 }).waitFor();
      expect(await h1Count(page)).toBe(1);
      expect(
        await page
          .getByRole("contentinfo")
          .getByRole("link", { name: pathname === "/terms" ? "Terms" : "Privacy" })
          .count(),
      ).toBe(1);
      await checkAtBothWidths(page, pathname);
    }
  });
});

const tokenOf = (mail: string) => /token_hash=([0-9a-f]{64})&type=email/.exec(mail)![1]!;

describe("sending the confirmation e-mail again", () => {
  it("from the inbox page and from the sign-in page: a new link that asks for the password chosen at sign-up", async () => {
    const email = `resend-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = "correct horse battery staple";
    const signup = await fetch(`${baseUrl}/api/v1/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password, acceptTerms: true }),
    });
    expect(signup.status).toBe(202);
    const first = tokenOf(awaitMail(mailDir, email));

    await page.goto(`/signup/check-email?email=${encodeURIComponent(email)}`);
    await page.getByRole("button", { name: "Send the confirmation e-mail again" }).click();
    await page.getByText(`If ${email} is waiting for confirmation, a new link is on its way.`).waitFor();
    await checkAtBothWidths(page, "check your inbox, link sent again");
    await expect.poll(() => mailsTo(mailDir, email).length).toBe(2);

    // Signing in before confirming says so, and offers the same.
    await page.goto("/login");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Confirm your e-mail address first").waitFor();
    await page.getByRole("button", { name: "Send the confirmation e-mail again" }).click();
    await page.getByText("a new link is on its way").waitFor();
    await checkAtBothWidths(page, "sign-in of an unconfirmed address");
    await expect.poll(() => mailsTo(mailDir, email).length).toBe(3);

    const resent = tokenOf(mailsTo(mailDir, email).at(-1)!);
    expect(resent).not.toBe(first);
    await page.goto(`/auth/confirm?token_hash=${resent}&type=email`);
    await page.getByLabel("Your password").fill("someone else's password");
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await page.getByText("That is not the password chosen when this link was requested.").waitFor();
    await page.getByLabel("Your password").fill(password);
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await page.waitForURL(/\/auth\/confirm\/welcome/);
  });

  it("answers an unknown address with the same sentence, and sends nothing", async () => {
    const email = `never-signed-up-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.context().clearCookies();
    await page.goto(`/signup/check-email?email=${encodeURIComponent(email)}`);
    await page.getByRole("button", { name: "Send the confirmation e-mail again" }).click();
    await page.getByText(`If ${email} is waiting for confirmation, a new link is on its way.`).waitFor();
    expect(mailsTo(mailDir, email)).toEqual([]);
  });
});
