import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { type BrowserFounder, browserFounder, launchReadyProject } from "./fixtures";
import { checkAtBothWidths, visibleWithoutScrolling } from "./shell-browser";

// Project settings rename the project and choose its language; every page's primary action is
// on the first screen at 1280x800.

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
let browser: Browser;
let closeBrowser: () => Promise<void>;
let founder: BrowserFounder;
let page: Page;
let projectId: string;

beforeAll(async () => {
  ({ browser, close: closeBrowser } = await launchBrowser());
  founder = await browserFounder(browser, baseUrl, dataDir, "pro");
  projectId = await launchReadyProject(baseUrl, dataDir, founder.key);
  page = founder.page;
}, 600_000);
afterAll(async () => {
  await closeBrowser?.();
});

const projectOf = async () =>
  (
    (await (
      await fetch(`${baseUrl}/api/v1/projects/${projectId}`, { headers: { Authorization: `Bearer ${founder.key}` } })
    ).json()) as { project: { name: string; language: string } }
  ).project;

describe("project settings", () => {
  it("renames the project and chooses its language; a blank name is refused in the form and changes nothing", async () => {
    await page.goto(`/projects/${projectId}/settings`);
    const name = page.getByLabel(/^Project name/);
    await name.fill("   ");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("alert").first().waitFor();
    expect((await projectOf()).name).toBe("Tidybooks launch");

    await name.fill("Tidybooks for freelancers");
    await page.getByLabel("Language the agents write in").selectOption("de");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Project saved." }).waitFor();
    await expect.poll(async () => (await projectOf()).name).toBe("Tidybooks for freelancers");
    expect((await projectOf()).language).toBe("de");
    await expect
      .poll(() => page.getByRole("complementary", { name: "Sidebar" }).textContent())
      .toContain("Tidybooks for freelancers");
    await checkAtBothWidths(page, "project settings");
  });

  it("shows each page's primary action without scrolling at 1280x800", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [pathname, name] of [
      ["/dashboard", "New project"],
      [`/projects/${projectId}/pack`, "Export PDF"],
      [`/projects/${projectId}/pack`, "Share read-only"],
      [`/projects/${projectId}/growth`, "Start growth"],
      [`/projects/${projectId}/settings`, "Save"],
    ] as const) {
      await page.goto(pathname);
      const action = page
        .locator("main")
        .getByRole(name === "New project" || name === "Share read-only" ? "link" : "button", { name, exact: true })
        .first();
      await action.waitFor();
      expect(await visibleWithoutScrolling(page, action), `${name} on ${pathname}`).toBe(true);
    }
  });
});
