import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sampleProject } from "../support/founder";
import { type BrowserFounder, signedInWithProject } from "./fixtures";
import { checkAtBothWidths, expectAxeClean, h1Count } from "./shell-browser";

// The signed-in frame: a sidebar with the project switcher, the project's sections and the
// account's settings; a menu at 390 px; breadcrumbs; no marketing links; a theme toggle.

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
let closeBrowser: () => Promise<void>;
let founder: BrowserFounder;
let page: Page;
let projectId: string;

beforeAll(async () => {
  ({ close: closeBrowser, founder, page, projectId } = await signedInWithProject(baseUrl, dataDir, "studio"));
}, 600_000);
afterAll(async () => {
  await closeBrowser?.();
});

const sidebar = () => page.getByRole("complementary", { name: "Sidebar" });

describe("the app shell", () => {
  it("frames every signed-in page with a sidebar: switcher, the project's sections, settings; no marketing links; one h1", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const pathname of [
      "/dashboard",
      `/projects/${projectId}/launch`,
      `/projects/${projectId}/pack`,
      `/projects/${projectId}/playbook`,
      `/projects/${projectId}/growth`,
      `/projects/${projectId}/settings`,
      "/settings/account",
      "/settings/billing",
      "/settings/connected-apps",
      "/settings/keys",
      "/projects/new",
    ]) {
      await page.goto(pathname);
      expect(await sidebar().isVisible(), pathname).toBe(true);
      expect(await page.getByRole("link", { name: "Pricing" }).count(), pathname).toBe(0);
      expect(await page.getByRole("link", { name: "API docs" }).count(), pathname).toBe(0);
      const headings = await page.locator("h1").allTextContents();
      expect(await h1Count(page), `${pathname} has one h1, not: ${headings.join(" | ")}`).toBe(1);
      await checkAtBothWidths(page, pathname);
    }

    await page.goto(`/projects/${projectId}/pack`);
    const projectNav = sidebar().getByRole("navigation", { name: "Project" });
    expect(await projectNav.getByRole("link", { name: "Launch pack" }).getAttribute("aria-current")).toBe("page");
    await projectNav.getByRole("link", { name: "Playbook" }).click();
    await page.waitForURL(`**/projects/${projectId}/playbook`);
    const account = sidebar().getByRole("navigation", { name: "Your account" });
    const settingsOrder = await account.getByRole("link").allTextContents();
    expect(settingsOrder.at(-1), "API keys come last").toBe("API keys");
    await page.goto("/settings");
    await page.waitForURL("**/settings/account");

    // Until a first week is closed, the dashboard shows the way there; the launch-ready project has done two steps.
    await page.goto("/dashboard");
    const checklist = page.getByRole("region", { name: "Getting started" });
    expect(await checklist.textContent()).toContain("2 of 5 done");
    expect(await checklist.locator('[aria-current="step"]').textContent(), "the next step is marked").toContain(
      "Connect an account",
    );
  });

  it("switches projects from the sidebar and shows breadcrumbs into a project's section", async () => {
    const second = await fetch(`${baseUrl}/api/v1/projects`, {
      method: "POST",
      headers: { Authorization: `Bearer ${founder.key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ ...sampleProject, name: "Second shell project" }),
    });
    expect(second.status, await second.clone().text()).toBe(201);
    const secondId = ((await second.json()) as { project: { id: string } }).project.id;

    await page.goto(`/projects/${projectId}/growth`);
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await breadcrumb.textContent()).toMatch(/All projects\s*\/\s*.+\s*\/\s*Growth/);
    await page.getByTestId("project-switcher").locator("summary").click();
    await page.getByTestId("project-switcher").getByRole("link", { name: "Second shell project" }).click();
    await page.waitForURL(`**/projects/${secondId}/launch`);
    expect(await sidebar().getByRole("navigation", { name: "Project" }).textContent()).toContain("Second shell project");
    await breadcrumb.getByRole("link", { name: "All projects" }).click();
    await page.waitForURL("**/dashboard");
  });

  it("draws /projects and a project's own address in one answer, then shows the page's address", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const list = await page.goto("/projects");
    expect(list?.request().redirectedFrom(), "no redirect").toBeNull();
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "Your projects", level: 1 }).waitFor();

    const project = await page.goto(`/projects/${projectId}?from=mail`);
    expect(project?.request().redirectedFrom(), "no redirect").toBeNull();
    await page.waitForURL(`**/projects/${projectId}/launch?from=mail`);
    const projectNav = sidebar().getByRole("navigation", { name: "Project" });
    await expect
      .poll(() => projectNav.getByRole("link", { name: "Launch", exact: true }).getAttribute("aria-current"))
      .toBe("page");
    // The router follows the address: the next tab is a client navigation and Back returns to the review.
    await projectNav.getByRole("link", { name: "Playbook" }).click();
    await page.waitForURL(`**/projects/${projectId}/playbook`);
    await page.goBack();
    await page.waitForURL(`**/projects/${projectId}/launch?from=mail`);
    expect(await h1Count(page)).toBe(1);

    expect((await page.goto("/projects/not-a-project"))?.status()).toBe(404);
  });

  it("gives a real menu at 390 px: the same sections, closed by Escape and by moving on", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/projects/${projectId}/pack`);
    expect(await sidebar().isVisible()).toBe(false);
    const menuButton = page.getByRole("button", { name: "Menu" });
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    await menuButton.click();
    const menu = page.locator("#app-menu");
    await menu.waitFor();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    for (const name of ["Launch", "Launch pack", "Playbook", "Growth", "Project settings", "Account", "API keys"]) {
      expect(await menu.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
    }
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    await menuButton.click();
    await menu.getByRole("link", { name: "Growth", exact: true }).click();
    await page.waitForURL(`**/projects/${projectId}/growth`);
    await menu.waitFor({ state: "detached" });
    // The account menu stays in the top bar at every width.
    await page.locator("header details summary").click();
    expect(await page.getByRole("button", { name: "Sign out" }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it("jumps anywhere with the command palette: Ctrl+K or the top bar's button, type, arrows, Enter", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/projects/${projectId}/pack`);
    const palette = page.getByRole("dialog", { name: "Jump to" });
    // The shortcut is listened for once the shell has hydrated, which can be after the load
    // event (instrumentation-client.ts); a press before that is lost, so press until it opens.
    await expect
      .poll(
        async () => {
          if (await palette.isVisible()) return true;
          await page.keyboard.press("Control+k");
          return palette.waitFor({ timeout: 5_000 }).then(
            () => true,
            () => false,
          );
        },
        { timeout: 60_000, interval: 0 },
      )
      .toBe(true);
    const input = palette.getByRole("combobox", { name: "Project, section or action" });
    await input.fill("play");
    expect(await palette.getByRole("option").allTextContents()).toEqual([expect.stringMatching(/^Playbook/)]);
    await expectAxeClean(page, "the command palette");
    await input.press("Enter");
    await page.waitForURL(`**/projects/${projectId}/playbook`);

    await page.getByRole("button", { name: /^Jump to/ }).click();
    await palette.waitFor();
    await palette.getByRole("combobox").fill("settings");
    await palette.getByRole("combobox").press("ArrowDown");
    const chosen = (await palette.getByRole("option", { selected: true }).textContent())!;
    await palette.getByRole("combobox").press("Enter");
    await page.waitForURL(chosen.startsWith("Project settings") ? `**/projects/${projectId}/settings` : "**/settings/**");
    await page.keyboard.press("Control+k");
    await palette.getByRole("combobox").fill("zzzz nothing");
    await palette.getByText("Nothing matches").waitFor();
    await page.keyboard.press("Escape");
    await palette.waitFor({ state: "hidden" });
  });

  it("keeps the marketing header on the public site", async () => {
    await page.goto("/pricing");
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).count()).toBe(1);
    expect(await sidebar().count()).toBe(0);
  });

  it("follows the device's colour scheme and keeps a chosen theme across pages, axe clean in the dark", async () => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/dashboard");
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const dark = await background();
    expect(dark).not.toBe("rgb(248, 248, 251)");
    await page.emulateMedia({ colorScheme: "light" });
    expect(await background()).toBe("rgb(248, 248, 251)");

    const toggle = page.getByRole("button", { name: /^Theme: / });
    expect(await toggle.textContent()).toContain("as your device");
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    await page.goto(`/projects/${projectId}/pack`);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await background()).toBe(dark);
    await checkAtBothWidths(page, "the pack in dark mode");
    await page.goto("/dashboard");
    await checkAtBothWidths(page, "the dashboard in dark mode");
    await page.getByRole("button", { name: /^Theme: / }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
  });
});
