import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "./browser";
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
  it("keeps review links and the CSV folded, their code loaded on the first open, and opens both", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/projects/${projectId}/growth`);
    const tools = page.getByTestId("week-tools");
    await tools.waitFor();
    expect(await page.getByTestId("items-csv").count(), "nothing drawn while folded").toBe(0);
    await tools.getByText("Review links and CSV").click();
    await tools.getByRole("button", { name: "Create a review link" }).waitFor();
    expect(await tools.getByRole("link", { name: "Download as CSV" }).getAttribute("href")).toContain("/growth/items-csv?cycle=");
    await checkAtBothWidths(page, "the week's review links and CSV");
    await screenshot(page, "week-tools");
  });

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
    // Whether a piece went out is its state, not a choice: nothing here went out, so nothing can be graded or marked published.
    const first = retro.first();
    expect(await first.getByTestId("retro-result").textContent()).toBe("Not posted");
    expect(await first.getByRole("radio").count()).toBe(0);
    expect(await first.locator("legend").textContent(), "the channel is a badge, not a title prefix").not.toMatch(
      /^[A-Za-z ]+: /,
    );
    await checkAtBothWidths(page, "the retro");
    await screenshot(page, "retro-not-posted");
  });
  it("writes every date one way, in the founder's locale and time zone, the same on the server and in the browser, and states in words", async () => {
    // A founder in New York with a British browser: the server learns the zone from the browser's cookie.
    const context = await founder.context.browser()!.newContext({
      baseURL: baseUrl,
      storageState: await founder.context.storageState(),
      locale: "en-GB",
      timezoneId: "America/New_York",
      viewport: { width: 1280, height: 900 },
    });
    const tab = await context.newPage();
    tab.setDefaultTimeout(60_000);
    const errors: string[] = [];
    tab.on("pageerror", (error) => errors.push(`${tab.url()}: ${error.message}`));
    tab.on("console", (message) => message.type() === "error" && errors.push(`${tab.url()}: ${message.text()}`));
    const month = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
    const shortForm = new RegExp(`^(Mon|Tue|Wed|Thu|Fri|Sat|Sun),? \\d{1,2} ${month}( \\d{4})?(, \\d{1,2}:\\d{2})?$`);
    const relative = /^(now|yesterday|\d+ (minute|hour|day)s? ago)$/;
    const datesOn = async (path: string) => {
      await tab.goto(path);
      await tab.locator("main").waitFor();
      const times = tab.locator("main time");
      // Once the page runs, every date is in the short form (or how long ago, within a week), with the full date on hover.
      await expect
        .poll(async () => (await times.allTextContents()).filter((text) => !shortForm.test(text) && !relative.test(text)))
        .toEqual([]);
      for (const title of await times.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("title") ?? "")))
        expect(title).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday),? \d{1,2} \w+ \d{4}/);
      const text = (await tab.locator("main").textContent())!;
      expect(text, `${path} shows no ISO date`).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
      return times.allTextContents();
    };

    const board = await datesOn(`/projects/${projectId}/growth`);
    expect(board.length, "the calendar's days are dates").toBeGreaterThanOrEqual(7);
    const badges = await tab.getByRole("list", { name: "Calendar" }).locator(".badge").allTextContents();
    expect(badges.length).toBeGreaterThan(0);
    for (const badge of badges)
      expect(badge, "a badge says a state in words").toMatch(/^(Planned|Draft|Approved|Skipped|Published|\d+ blanks? left)$/);
    await screenshot(tab, "dates-week-board");

    const account = await datesOn("/settings/account");
    expect(account.length, "the account page shows its date").toBeGreaterThanOrEqual(1);
    expect(account.every((text) => shortForm.test(text))).toBe(true);
    await screenshot(tab, "dates-account");
    await datesOn("/dashboard");
    await datesOn("/settings/keys");
    await datesOn("/settings/connected-apps");
    await datesOn(`/projects/${projectId}/growth/history`);
    await tab.goto(`/projects/${projectId}/playbook`);
    const playbook = (await tab.locator("main").textContent())!;
    expect(playbook, "the playbook shows no slug of a kind or a learning").not.toMatch(
      /\((founder-edit|founder-note|worked|quiet|post-[a-z]+)\)/,
    );
    expect(errors, "no console error on any page (no hydration mismatch)").toEqual([]);
    await context.close();
  });
});
