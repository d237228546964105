import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { checkAtBothWidths, h1Count } from "./shell-browser";

// Terms and privacy pages, linked from the sign-up form that asks to accept them.

const baseUrl = inject("baseUrl");
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
