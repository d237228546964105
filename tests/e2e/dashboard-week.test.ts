import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type BrowserFounder, draftedWeek, founderApi, signedInWithProject } from "./fixtures";
import { checkAtBothWidths, pageHeight } from "./shell-browser";

// The week on one screen: the calendar spans the page, drafts follow the days, regenerating
// and the retro wait behind their buttons, and the page stays under 4,000 px at 1280.

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
let closeBrowser: () => Promise<void>;
let founder: BrowserFounder;
let page: Page;
let projectId: string;

const call = founderApi(baseUrl, () => founder.key);

beforeAll(async () => {
  ({ close: closeBrowser, founder, page, projectId } = await signedInWithProject(baseUrl, dataDir, "pro"));
  await draftedWeek(call, projectId);
}, 600_000);
afterAll(async () => {
  await closeBrowser?.();
});

describe("the week board", () => {
  it("spans the page, opens drafts one at a time in day order, keeps regenerate and the retro behind buttons, and fits 4,000 px", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/projects/${projectId}/growth`);
    const calendar = page.getByRole("list", { name: "Calendar" });
    await calendar.waitFor();
    const main = (await page.locator("main").boundingBox())!;
    expect((await calendar.boundingBox())!.width, "the calendar spans the page").toBeGreaterThan(main.width - 120);

    const calendarOrder = (await calendar
      .locator("a")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!.slice(1)))) as string[];
    // One draft open at a time, the first in day order to start with; Next walks the days, a calendar entry opens its item.
    const openPanel = page.getByTestId("item-panel");
    expect(await openPanel.count()).toBe(1);
    const next = page.getByRole("navigation", { name: "Drafts" }).getByRole("link", { name: /^Next/ });
    for (const [index, id] of calendarOrder.entries()) {
      await expect.poll(() => openPanel.getAttribute("id"), { message: "drafts in the order of the days" }).toBe(id);
      expect(await calendar.locator(`a[href="#${id}"]`).getAttribute("aria-current")).toBe("true");
      if (index < calendarOrder.length - 1) await next.click();
    }
    await calendar.locator(`a[href="#${calendarOrder[1]}"]`).click();
    await expect.poll(() => openPanel.getAttribute("id")).toBe(calendarOrder[1]);
    await calendar.locator(`a[href="#${calendarOrder[0]}"]`).click();
    await expect.poll(() => openPanel.getAttribute("id")).toBe(calendarOrder[0]);

    const firstPanel = page.getByTestId("item-panel").first();
    expect(await firstPanel.getByRole("button", { name: "shorter", exact: true }).isVisible()).toBe(false);
    await firstPanel.getByText("Regenerate…").click();
    // The form is drawn once opened, so wait for it rather than read it at once.
    await firstPanel.getByRole("button", { name: "shorter", exact: true }).waitFor({ state: "visible" });
    await firstPanel.getByText("Regenerate…").click();
    await firstPanel.getByRole("button", { name: "shorter", exact: true }).waitFor({ state: "hidden" });

    expect(await page.getByTestId("retro-item").count(), "the retro waits for its own step").toBe(0);
    expect(await pageHeight(page), "the week board at 1280 px").toBeLessThanOrEqual(4000);
    await checkAtBothWidths(page, "the week board");

    await page.getByRole("button", { name: "Write the retro" }).click();
    const retro = page.getByTestId("retro-item");
    await retro.first().waitFor(); // the form loads when the retro is opened
    expect(await retro.count()).toBe(calendarOrder.length);
    // Nothing unpublished comes preselected with a grade, and no entry can read "skipped · great".
    const first = retro.first();
    expect(await first.getByLabel("Skipped", { exact: true }).isChecked()).toBe(true);
    expect(await first.getByLabel("No grade", { exact: true }).isChecked()).toBe(true);
    await first.getByLabel("Great", { exact: true }).check();
    expect(await first.getByLabel("Published", { exact: true }).isChecked()).toBe(true);
    await first.getByLabel("Skipped", { exact: true }).check();
    expect(await first.getByLabel("No grade", { exact: true }).isChecked()).toBe(true);
    await checkAtBothWidths(page, "the retro");
  });
});
