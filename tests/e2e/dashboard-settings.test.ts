import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type BrowserFounder, signedInWithProject } from "./fixtures";
import { checkAtBothWidths, pageHeight, visibleWithoutScrolling } from "./shell-browser";

// Project settings rename the project and choose its language; every page of the sample
// project is at most 4,000 px tall at 1280 px and shows its primary action on the first screen at 1280x800.

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
let closeBrowser: () => Promise<void>;
let founder: BrowserFounder;
let page: Page;
let projectId: string;

beforeAll(async () => {
  ({ close: closeBrowser, founder, page, projectId } = await signedInWithProject(baseUrl, dataDir, "pro"));
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

  it("keeps every page under 4,000 px at 1280 and its primary action on the first screen at 1280x800", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // Pages without a primary action (nothing to do there yet) are measured only.
    const pages: [pathname: string, role: "link" | "button", action: string | null][] = [
      ["/dashboard", "link", "New project"],
      [`/projects/${projectId}/launch`, "link", "Open the launch pack"],
      [`/projects/${projectId}/pack`, "button", "Export"],
      [`/projects/${projectId}/pack`, "link", "Share read-only"],
      [`/projects/${projectId}/playbook`, "button", "Save decisions"],
      [`/projects/${projectId}/growth`, "button", "Start growth"],
      [`/projects/${projectId}/settings`, "button", "Save"],
      ["/projects/new", "button", null],
      ["/settings/account", "button", "Delete this project"],
      ["/settings/billing", "button", "Upgrade to Studio"],
      ["/settings/keys", "button", "Create key"],
      ["/settings/connected-apps", "button", null],
      [`/projects/${projectId}/growth/history`, "button", null],
    ];
    const measured: string[] = [];
    for (const [pathname, role, name] of pages) {
      await page.goto(pathname);
      await page.locator("main h1").waitFor();
      const height = await pageHeight(page);
      measured.push(`${pathname} ${height} px`);
      expect(height, `${pathname} at 1280 px`).toBeLessThanOrEqual(4000);
      if (!name) continue;
      // The name as it starts: a gated action carries its plan's badge after it ("New project Studio plan").
      const action = page
        .locator("main")
        .getByRole(role, { name: new RegExp(`^${name}`) })
        .first();
      await action.waitFor();
      expect(await visibleWithoutScrolling(page, action), `${name} on ${pathname}`).toBe(true);
    }
    console.log(`page heights at 1280 px: ${measured.join(", ")}`);
  });

  it("lists connected accounts and an 'Add an account' list, one row per network, and stays under 3,500 px at 390", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`/projects/${projectId}/settings`);
      const add = page
        .getByRole("region", { name: "Add an account" })
        .or(page.locator('section[aria-labelledby="add-account-title"]'));
      await add.first().waitFor();
      // No form is open until one is chosen: one row per network with its button.
      expect(await page.locator("form[data-testid^='connect-']").count()).toBe(0);
      await page.getByTestId("add-bluesky").getByRole("button", { name: "Connect Bluesky" }).click();
      await page.getByTestId("connect-bluesky").getByLabel("Handle").waitFor();
      expect(await page.locator("form[data-testid^='connect-']").count()).toBe(1);
      await page.getByTestId("connect-bluesky").getByRole("button", { name: "Cancel" }).click();
      await expect.poll(() => page.locator("form[data-testid^='connect-']").count()).toBe(0);
      const height = await pageHeight(page);
      console.log(`project settings at 390 px: ${height} px`);
      expect(height).toBeLessThanOrEqual(3500);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("says a pack and playbook drafted before a changed decision are out of date, and refreshes them", async () => {
    const changed = await fetch(`${baseUrl}/api/v1/projects/${projectId}/decisions`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${founder.key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ brandName: `Ledgerly ${crypto.randomUUID().slice(0, 6)}` }),
    });
    expect(changed.status).toBe(200);
    await page.goto(`/projects/${projectId}/playbook`);
    await page.getByText("The playbook is out of date").filter({ visible: true }).waitFor();
    await page.goto(`/projects/${projectId}/pack`);
    const notice = page.getByTestId("outdated-notice").filter({ visible: true });
    await notice.getByText("The launch pack is out of date").waitFor();
    expect(await notice.textContent()).toContain("Market strategy, Brand system, Launch plan, Website copy, Launch assets");
    await checkAtBothWidths(page, "the pack, out of date");
    await notice.getByRole("button", { name: "Refresh these 5 drafts" }).click();
    await page.getByRole("status").getByText("Refreshed: Market strategy").waitFor({ timeout: 120_000 });
    await expect.poll(() => page.getByTestId("outdated-notice").count(), { timeout: 30_000 }).toBe(0);
    await page.goto(`/projects/${projectId}/playbook`);
    expect(await page.getByText("The playbook is out of date").count()).toBe(0);
  });
});
