import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "./browser";
import {
  type BrowserFounder,
  browserFounder,
  draftedWeek,
  founderApi,
  launchReadyProject,
  signedInWithProject,
} from "./fixtures";
import { checkAtBothWidths, expectAxeClean, exportEntry, pressUntil } from "./shell-browser";

// The corners of the dashboard: a 404 with a way home, the favicon, signing in back to the page
// asked for, page titles, plan gates before the click, the keyboard (⌘K runs actions, "?" lists
// the shortcuts) and the getting-started checklist.

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
let browser: Browser;
let closeBrowser: () => Promise<void>;
let free: BrowserFounder;
let freeProject: string;
let studio: BrowserFounder;
let studioProject: string;

beforeAll(async () => {
  ({ browser, close: closeBrowser, founder: free, projectId: freeProject } = await signedInWithProject(baseUrl, dataDir, "free"));
  studio = await browserFounder(browser, baseUrl, dataDir, "studio");
  studioProject = await launchReadyProject(baseUrl, dataDir, studio.key);
  await draftedWeek(
    founderApi(baseUrl, () => studio.key),
    studioProject,
  );
}, 600_000);
afterAll(async () => {
  await closeBrowser?.();
});

/** A browser page with nobody signed in. */
async function signedOutPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return page;
}

describe("the dashboard's corners", () => {
  it("answers an unknown address with a 404 inside the shell when signed in, with a way home", async () => {
    const { page } = free;
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "This page does not exist" }).waitFor();
    expect(await page.getByRole("complementary", { name: "Sidebar" }).isVisible()).toBe(true);
    expect(await page.title()).toBe("Page not found · Launchloop");
    await checkAtBothWidths(page, "the signed-in 404");
    await screenshot(page, "not-found-signed-in");
    await page.getByRole("link", { name: "Back to your projects" }).click();
    await page.waitForURL("**/dashboard");
  });

  it("answers it in the public site's frame when signed out, and serves a favicon", async () => {
    const page = await signedOutPage();
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "This page does not exist" }).waitFor();
    expect(await page.getByRole("complementary", { name: "Sidebar" }).count()).toBe(0);
    await checkAtBothWidths(page, "the signed-out 404");
    await screenshot(page, "not-found-signed-out");
    const icon = await page.locator('head link[rel="icon"]').first().getAttribute("href");
    expect(icon).toMatch(/^\/icon\.svg/);
    const served = await fetch(`${baseUrl}${icon}`);
    expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.context().close();
  });

  it("signs in from a deep link back to that page, and never to another site", async () => {
    const page = await signedOutPage();
    const deep = `/projects/${freeProject}/playbook`;
    await page.goto(deep);
    await page.waitForURL(/\/login\?next=/);
    expect(new URL(page.url()).searchParams.get("next")).toBe(deep);
    await page.getByLabel("E-mail").fill(free.email);
    await page.getByLabel("Password").fill(free.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`**${deep}`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.context().close();

    const elsewhere = await signedOutPage();
    await elsewhere.goto(`/login?next=${encodeURIComponent("//evil.example/pwn")}`);
    await elsewhere.getByLabel("E-mail").fill(free.email);
    await elsewhere.getByLabel("Password").fill(free.password);
    await elsewhere.getByRole("button", { name: "Sign in" }).click();
    await elsewhere.waitForURL("**/dashboard");
    expect(new URL(elsewhere.url()).host).toBe(new URL(baseUrl).host);
    await elsewhere.context().close();
  });

  it("names each page in its title", async () => {
    const { page } = free;
    for (const [pathname, title] of [
      ["/dashboard", "Dashboard · Launchloop"],
      ["/settings/keys", "API keys · Launchloop"],
      ["/settings/billing", "Billing · Launchloop"],
      [`/projects/${freeProject}/pack`, /^Launch pack · .+ · Launchloop$/],
      [`/projects/${freeProject}/playbook`, /^Marketing Playbook · .+ · Launchloop$/],
    ] as const) {
      await page.goto(pathname);
      await expect.poll(() => page.title(), { timeout: 30_000 }).toMatch(title);
    }
  });

  it("shows the free plan what growth needs before the click, and answers Start growth with the upgrade", async () => {
    const { page } = free;
    await page.goto(`/projects/${freeProject}/pack`);
    const download = await exportEntry(page, "Download all (Markdown)");
    expect(await download.getByTestId("plan-badge").textContent()).toContain("Pro");

    await page.goto(`/projects/${freeProject}/growth`);
    const start = page.getByRole("button", { name: /^Start growth/ });
    expect(await start.getByTestId("plan-badge").textContent()).toContain("Pro");
    await start.click();
    await page.getByTestId("upgrade-card").waitFor();
    await expectAxeClean(page, "Start growth on the free plan");
    await screenshot(page, "growth-free-upgrade");
    const { project } = await founderApi(baseUrl, () => free.key)("GET", `/api/v1/projects/${freeProject}`);
    expect(project.status, "nothing started").toBe("launch_ready");
  });

  it("shows the getting-started checklist on a new founder's dashboard", async () => {
    const newcomer = await browserFounder(browser, baseUrl, dataDir, "free");
    const { page } = newcomer;
    await page.goto("/dashboard");
    const checklist = page.getByRole("region", { name: "Getting started" });
    expect(await checklist.textContent()).toContain("0 of 5 done");
    const first = checklist.getByRole("link", { name: "Answer the questions about your product" });
    expect(await first.getAttribute("href")).toBe("/projects/new");
    await checkAtBothWidths(page, "a new founder's dashboard");
    await screenshot(page, "dashboard-new-founder");
    await newcomer.context.close();
  });

  it("runs the page's actions from ⌘K and from their keys, and lists every shortcut behind ?", async () => {
    const { page } = studio;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/projects/${studioProject}/growth`);
    const position = page.getByTestId("draft-position");
    await position.waitFor();
    const at = async () => (await position.textContent())!.trim();
    expect(await at()).toMatch(/^1 of \d+$/);

    // ⌘K lists the open draft's actions, each with its key, and runs one.
    const palette = page.getByRole("dialog", { name: "Jump to" });
    await pressUntil(page, "Control+k", palette);
    const input = palette.getByRole("combobox");
    await input.fill("next draft");
    expect(await palette.getByRole("option").allTextContents()).toEqual([expect.stringMatching(/^Next draft.*J.*This draft$/)]);
    await expectAxeClean(page, "the command palette with the page's actions");
    await input.press("Enter");
    await expect.poll(at, { timeout: 30_000 }).toMatch(/^2 of /);

    // The keys themselves: k back, j on.
    await page.keyboard.press("k");
    await expect.poll(at, { timeout: 30_000 }).toMatch(/^1 of /);
    await page.keyboard.press("j");
    await expect.poll(at, { timeout: 30_000 }).toMatch(/^2 of /);

    // a approves the open draft (asking first, as the button does, while it has blanks).
    const panel = page.getByTestId("item-panel");
    await panel.locator('[data-move="approved"]').waitFor();
    await page.keyboard.press("a");
    const anyway = page.getByRole("button", { name: "Approve anyway" });
    await expect
      .poll(
        async () => {
          if (await anyway.isVisible()) await anyway.click();
          return panel.getAttribute("data-status");
        },
        { timeout: 60_000 },
      )
      .toBe("approved");

    // ? lists every shortcut, the page's first.
    await page.keyboard.press("Shift+Slash");
    const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await sheet.waitFor();
    const text = (await sheet.textContent())!.toLowerCase();
    for (const label of [
      "Next draft",
      "Previous draft",
      "Approve draft",
      "Save draft",
      "Publish now",
      "Plan my week",
      "New project",
    ])
      expect(text).toContain(label.toLowerCase());
    await expectAxeClean(page, "the shortcuts sheet");
    await screenshot(page, "shortcuts-sheet");
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "hidden" });
  });
});
