import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer } from "../support/server";
import { launchBrowser, signUpInBrowser } from "./browser";

// The pages under their Content-Security-Policy in real Chromium: everything still runs
// (the ALTCHA widget, hydration, server actions), nothing is refused by the policy, a server
// action without an Origin changes nothing, and the account menu is named by what it shows.

const baseUrl = inject("baseUrl");
const mailDir = path.join(inject("serverDataDir"), "mail");
// Long, and without a hyphen to break at: it overflows a narrow page that does not wrap it.
const email = `security${Date.now()}withalonglocalpartthatneverbreaks@example.com`;

let browser: Browser;
let closeBrowser: () => Promise<void>;
let context: BrowserContext;
let page: Page;
const violations: string[] = [];

beforeAll(async () => {
  ({ browser, close: closeBrowser } = await launchBrowser());
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(60_000);
  // Runs before any page script (injected by the browser, not the page): records what the CSP refuses.
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __cspViolations: string[] }).__cspViolations ??= [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  context.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
}, 600_000);

afterAll(async () => {
  await closeBrowser?.();
});

async function pageViolations(target: Page) {
  return target.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

describe("pages under the Content-Security-Policy", () => {
  it("sign-up with the ALTCHA widget, confirmation and the dashboard work with nothing refused by the policy", async () => {
    page = await signUpInBrowser(context, baseUrl, mailDir, email);
    for (const pathname of [
      "/dashboard",
      "/settings/keys",
      "/settings/billing",
      "/settings/account",
      "/projects/new",
      "/pricing",
      "/docs",
    ]) {
      await page.goto(pathname);
      await page.waitForLoadState("networkidle");
      expect(await pageViolations(page), pathname).toEqual([]);
      // The empty script that makes Next.js yield before it hydrates (instrumentation-client.ts) ran under the nonce.
      const yieldScript = await page.evaluate(() =>
        [...document.head.querySelectorAll<HTMLScriptElement>("script:not([src])")].some(
          (script) => script.textContent === "" && script.nonce !== "",
        ),
      );
      expect(yieldScript, pathname).toBe(true);
    }
    // Hydrated: the account menu's script closes it on Escape.
    await page.locator("header details summary").click();
    expect(await page.locator("header details").getAttribute("open")).not.toBeNull();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator("header details").getAttribute("open")).toBeNull();
    expect(violations).toEqual([]);
  }, 600_000);

  it("the account menu's accessible name contains its visible text on every signed-in page, wide and narrow (axe label-content-name-mismatch)", async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      for (const pathname of ["/dashboard", "/settings/keys", "/settings/billing", "/settings/account", "/projects/new"]) {
        await page.goto(pathname);
        await page.waitForLoadState("networkidle");
        const results = await new AxeBuilder({ page: page as never })
          .include("header")
          .withRules(["label-content-name-mismatch"])
          .analyze();
        expect(
          results.violations.map(
            (violation) => `${violation.id} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
          ),
          `${pathname} at ${width}`,
        ).toEqual([]);
      }
      expect(await page.locator("header details summary").evaluate((summary) => summary.textContent)).toContain(email);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("a server action without an Origin header changes nothing; the same request with its Origin goes through", async () => {
    await page.goto("/settings/keys");
    const captured = new Promise<{ url: string; headers: Record<string, string>; body: Buffer | null }>((resolve) => {
      page.on("request", (request) => {
        if (request.method() !== "POST" || !request.headers()["next-action"]) return;
        // All headers as sent (Origin is added by the network stack).
        void request.allHeaders().then((headers) => resolve({ url: request.url(), headers, body: request.postDataBuffer() }));
      });
    });
    await page.getByLabel("Key name").fill("from the page");
    await page.getByRole("button", { name: "Create key" }).click();
    const action = await captured;
    await page.getByTestId("new-api-key").waitFor();
    // Every count below is at least one: wait for the list to be drawn before counting its rows.
    const keyCount = async () => {
      await page.goto("/settings/keys");
      const rows = page.getByRole("cell", { name: "from the page", exact: true });
      await rows.first().waitFor();
      return rows.count();
    };
    expect(await keyCount()).toBe(1);

    const cookie = (await context.cookies()).map((entry) => `${entry.name}=${entry.value}`).join("; ");
    const { origin, cookie: _sent, host: _host, "content-length": _length, ...withoutOrigin } = action.headers;
    expect(origin).toBe(baseUrl);
    const replay = (headers: Record<string, string>) =>
      fetch(action.url, {
        method: "POST",
        headers: { ...headers, cookie },
        body: action.body ? new Uint8Array(action.body) : undefined,
        redirect: "manual",
      });

    const refused = await replay(withoutOrigin);
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("forbidden");
    expect(await keyCount()).toBe(1);
    const nullOrigin = await replay({ ...withoutOrigin, origin: "null" });
    expect(nullOrigin.status).toBe(403);
    expect(await keyCount()).toBe(1);

    const accepted = await replay({ ...withoutOrigin, origin: origin! });
    expect(accepted.status).toBe(200);
    expect(await keyCount()).toBe(2);
  });

  it("the local checkout page fits a 390 px screen", async () => {
    await page.goto("/settings/billing");
    await page.getByRole("button", { name: "Upgrade to pro" }).click();
    await page.waitForURL(/\/billing\/checkout\//);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: "Complete test payment" }).click();
    await page.getByText("You are on Pro").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(violations).toEqual([]);
  });
});

describe("server actions behind a proxy (APP_URL's host differs from the request's)", () => {
  it("accept APP_URL's origin (serverActions.allowedOrigins) and refuse any other", async () => {
    const proxied = await startServer({ APP_URL: "https://launchloop.example" });
    try {
      const signIn = await context.newPage();
      await signIn.goto(`${proxied.baseUrl}/login`);
      const captured = new Promise<{ url: string; headers: Record<string, string>; body: Buffer | null }>((resolve) => {
        signIn.on("request", (request) => {
          if (request.method() !== "POST" || !request.headers()["next-action"]) return;
          void request.allHeaders().then((headers) => resolve({ url: request.url(), headers, body: request.postDataBuffer() }));
        });
      });
      await signIn.getByLabel("E-mail").fill("nobody@example.com");
      await signIn.getByLabel("Password").fill("not the password at all");
      await signIn.getByRole("button", { name: "Sign in" }).click();
      const action = await captured;
      await signIn.close();
      const { origin: _origin, cookie: _cookie, host: _host, "content-length": _length, ...headers } = action.headers;
      const replay = (origin: string) =>
        fetch(action.url, {
          method: "POST",
          headers: { ...headers, origin },
          body: action.body ? new Uint8Array(action.body) : undefined,
          redirect: "manual",
        });

      const fromAppUrl = await replay("https://launchloop.example");
      expect(fromAppUrl.status).toBe(200);
      const foreign = await replay("https://evil.example");
      expect(foreign.status).not.toBe(200);
      expect(await foreign.text()).not.toBe(await (await replay("https://launchloop.example")).text());
    } finally {
      proxied.stop();
    }
  }, 300_000);
});
