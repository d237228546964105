import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect } from "vitest";
import { awaitMail } from "../support/mailbox";

export const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). Playwright
 * gives every launch a fresh temporary profile (it refuses a --user-data-dir argument).
 */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  if (!fs.existsSync(executablePath)) throw new Error(`No Chromium at ${executablePath}: apt-get install -y chromium`);
  const browser = await chromium.launch({
    executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-quic",
      "--disable-sync",
    ],
  });
  settleNavigations(browser);
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/**
 * React 19.2 batches the reveal of streamed parts for up to 300 ms after the page loads; until
 * then a part can exist twice (the revealed copy and the hidden one it came from), and a
 * locator would match both. Every page of this browser waits out that window after `goto` and
 * `reload`, so a test reads the page as the founder sees it.
 */
function settleNavigations(browser: Browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    const newPage = context.newPage.bind(context);
    context.newPage = async () => settling(await newPage());
    return context;
  };
}

function settling(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => revealed(page, await goto(url, options));
  page.reload = async (options) => revealed(page, await reload(options));
  return page;
}

async function revealed<T>(page: Page, response: T): Promise<T> {
  // A page that navigates on by itself ends this wait early; the test's own checks decide then.
  await page
    .waitForFunction(() => !document.querySelector('div[hidden][id^="S:"]'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  return response;
}

export const screensDir = path.join(process.cwd(), "docs", "screens");

/** Whether this run writes the documentation's screenshots: `npm run docs:screens`, never a plain test run. */
export const writesScreens = process.env.LAUNCHLOOP_SCREENSHOTS === "1";

/**
 * Lays the page out at 1280 and at 390 px wide and checks nothing widens it, then restores
 * the desktop width. Under `npm run docs:screens` it also writes each width's full-height
 * screenshot into docs/screens; a test run leaves the tracked files alone.
 */
export async function screenshot(page: Page, name: string) {
  if (writesScreens) fs.mkdirSync(screensDir, { recursive: true });
  // Full-page shots from the top, so sticky bars sit where they belong (not where the test scrolled).
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.waitForTimeout(150);
    if (writesScreens)
      await page.screenshot({ path: path.join(screensDir, `${name}-${width}.png`), fullPage: true, animations: "disabled" });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(
      pageWidth,
      `${name} at ${width} px is ${pageWidth} px wide: something overflows the page sideways`,
    ).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * No serious or critical axe violation of the rules tagged `tags`, once the page has settled.
 * A refresh from a server action streams the page's metadata back in; until it lands the
 * document has no title, so the check waits for the network to go quiet and the title to be there.
 */
export async function expectNoBlockingAxeViolations(page: Page, label: string, tags: string[]) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => document.title.trim().length > 0);
  const results = await new AxeBuilder({ page: page as never }).withTags(tags).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(
    blocking.map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    ),
    `axe on ${label}`,
  ).toEqual([]);
}

/** WCAG 2.1 AA: no serious or critical axe violation on the page. */
export const expectAccessible = (page: Page, label: string) =>
  expectNoBlockingAxeViolations(page, label, ["wcag2a", "wcag2aa", "wcag21aa"]);

/** The newest e-mail to `address` under the server's mail directory, as text; with `containing`, waits for one that has it. */
export function latestMail(mailDir: string, address: string, containing?: string): string {
  return awaitMail(mailDir, address, (mail) => !containing || mail.includes(containing));
}

/** The first link in an e-mail's text part that starts with `prefix`. */
export function linkIn(mail: string, prefix: string): string {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s"<>]+`).exec(mail);
  if (!match) throw new Error(`no ${prefix} link in the e-mail`);
  return match[0];
}

export const password = "correct horse battery staple";

/** Signs a new founder up through the browser (the widget solves ALTCHA), confirms the e-mail and lands signed in. */
export async function signUpInBrowser(context: BrowserContext, baseUrl: string, mailDir: string, email: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/signup`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel(/I accept the terms/).check();
  await page.waitForFunction(
    () => (document.querySelector<HTMLInputElement>('input[name="altcha"]')?.value ?? "").length > 20,
    undefined,
    { timeout: 120_000 },
  );
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL(/\/signup\/check-email/);
  await page.goto(linkIn(latestMail(mailDir, email, "/auth/confirm?token_hash="), `${baseUrl}/auth/confirm?token_hash=`));
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await page.waitForURL(/\/auth\/confirm\/welcome|\/dashboard/);
  return page;
}
