import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, screenshot } from "./browser";
import { browserFounder, launchReadyProject } from "./fixtures";

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
let browser: Browser;
let closeBrowser: () => Promise<void>;

beforeAll(async () => {
  ({ browser, close: closeBrowser } = await launchBrowser());
});
afterAll(async () => {
  await closeBrowser?.();
});

const pageErrors: string[] = [];
const itemPanels = (page: Page) => page.getByTestId("item-panel");
/** Opens an item's draft (the board shows one at a time) from its calendar entry; the panel stays that item's. */
async function openItem(page: Page, entry: Locator): Promise<Locator> {
  const target = (await entry.getAttribute("href"))!;
  await entry.click();
  const panel = page.locator(target);
  await panel.waitFor();
  return panel;
}
const calendarItems = (page: Page, channels: string[]) =>
  page.locator(channels.map((channel) => `[data-testid="calendar-item"][data-channel="${channel}"]`).join(", "));
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
/** The plan's item cards (in `scope`) whose title is exactly `title`. */
const planCards = (page: Page, scope: Locator, title: string) =>
  scope.getByTestId("plan-item").filter({ has: page.locator("h4", { hasText: exactly(title) }) });
const draftLength = async (panel: Locator) => {
  const meters = await panel.getByTestId("draft-post").getByTestId("length-meter").all();
  let total = 0;
  for (const meter of meters) total += Number(await meter.getAttribute("data-length"));
  return total;
};

/** Approves the proposed plan as it stands and writes every planned draft with the board's "write all". */
async function approveAndWriteAll(page: Page, weekNumber: number) {
  await page.getByRole("button", { name: "Approve plan" }).click();
  await expect
    .poll(() => page.getByRole("heading", { name: new RegExp(`^Week ${weekNumber}: `) }).count(), { timeout: 60_000 })
    .toBe(1);
  const count = await page.getByTestId("calendar-item").count();
  expect(count).toBeGreaterThan(2);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: /^Write all \d+ planned drafts$/ }).click();
  let drafted = 0;
  for (const deadline = Date.now() + 120_000; Date.now() < deadline && drafted < count; await page.waitForTimeout(500)) {
    drafted = await page.locator('[data-testid="calendar-item"][data-status="draft"]').count();
  }
  const notices = await page.locator('[role="alert"]:visible, [role="status"]:visible').allTextContents();
  if (drafted < count) await page.screenshot({ path: `/tmp/growth-week-${weekNumber}-drafts.png`, fullPage: true });
  notices.push(...pageErrors);
  expect(drafted, `drafts written in week ${weekNumber}; the page says: ${notices.join(" | ")}`).toBe(count);
  await expect.poll(() => page.getByText(`All ${count} drafts written.`).count()).toBe(1);
  return count;
}

/** Grades the items that went out (only those can be graded), in order, and closes the week. */
async function submitRetro(page: Page, grades: Array<"Great" | "OK" | "Quiet">, overall: string) {
  await page.getByRole("button", { name: "Write the retro" }).click();
  await page.getByTestId("retro-item").first().waitFor();
  const graded = page.getByTestId("retro-item").filter({ has: page.getByRole("radiogroup") });
  for (const [index, grade] of grades.entries()) {
    if (index < (await graded.count())) await graded.nth(index).getByLabel(grade, { exact: true }).check();
  }
  await page.getByLabel("How did the week go overall?").fill(overall);
  await page.getByRole("button", { name: "Submit retro and close the week" }).click();
}

describe("the weekly growth board in Chromium", () => {
  it("shows the 402 upgrade card, with the gate's own plans and checkout, on the free plan", async () => {
    const founder = await browserFounder(browser, baseUrl, dataDir, "free");
    const projectId = await launchReadyProject(baseUrl, dataDir, founder.key);
    const { page } = founder;
    await page.goto(`/projects/${projectId}/growth`);
    // The plan shows before any click: on the button and on the section in the sidebar.
    expect(await page.getByRole("button", { name: "Start growth" }).getByTestId("plan-badge").textContent()).toBe("Pro plan");
    const sidebarGrowth = page.getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: /^Growth/ });
    expect(await sidebarGrowth.getByTestId("plan-badge").textContent()).toBe("Pro plan");
    // The free plan cannot start what it cannot use: Start growth itself answers with the card.
    await page.getByRole("button", { name: "Start growth" }).click();
    const card = page.getByTestId("upgrade-card");
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain("The weekly growth loop is part of the Pro and Studio plans.");
    expect(await card.getByRole("button", { name: "Upgrade to Pro" }).count()).toBe(1);
    expect(await card.getByRole("button", { name: "Upgrade to Studio" }).count()).toBe(1);
    await expectAccessible(page, "the 402 card");
    await screenshot(page, "growth-upgrade");
    await card.getByRole("button", { name: "Upgrade to Pro" }).click();
    await page.waitForURL(/\/billing\/checkout\//);
    await founder.context.close();
  }, 300_000);

  it("walks two full weeks: plan, edit, approve, draft, regenerate, review, publish, tasks, retro, next week", async () => {
    const founder = await browserFounder(browser, baseUrl, dataDir, "pro");
    const projectId = await launchReadyProject(baseUrl, dataDir, founder.key);
    const { page } = founder;
    page.on("pageerror", (error) => pageErrors.push(`page error: ${error.message}`));
    page.on("console", (message) => message.type() === "error" && pageErrors.push(`console: ${message.text()}`));
    await page.goto(`/projects/${projectId}/growth`);
    await page.getByRole("button", { name: "Start growth" }).click();
    await page.getByRole("button", { name: "Plan my week" }).click();
    await page.getByRole("heading", { name: "Week 1 plan" }).waitFor();
    await expectAccessible(page, "the plan editor");

    // Move the first item to another day, with the keyboard-friendly select.
    const firstItem = page.getByTestId("plan-item").first();
    const title = (await firstItem.locator("h4").textContent())!;
    const fromDay = await page
      .getByTestId("plan-day")
      .filter({ has: page.getByText(title, { exact: true }) })
      .getAttribute("data-day");
    const toDay = fromDay === "Sat" ? "Sun" : "Sat";
    await firstItem.getByRole("combobox", { name: `Day for ${title}` }).selectOption(toDay);
    const movedDay = page.locator(`[data-testid="plan-day"][data-day="${toDay}"]`);
    await expect.poll(() => planCards(page, movedDay, title).count()).toBe(1);

    // Change another item's channel to Bluesky.
    const second = page
      .getByTestId("plan-item")
      .filter({ hasNot: page.getByText(title, { exact: true }) })
      .first();
    const secondTitle = (await second.locator("h4").textContent())!;
    await page.getByRole("combobox", { name: `Channel for ${secondTitle}` }).selectOption("bluesky");
    await expect
      .poll(() => planCards(page, page.locator("main"), secondTitle).and(page.locator('[data-channel="bluesky"]')).count())
      .toBe(1);

    // A bound of the approval schema, in words, before anything is sent.
    const theme = page.getByLabel("Theme of the week");
    const originalTheme = await theme.inputValue();
    await theme.fill("");
    await page.getByRole("button", { name: "Approve plan" }).click();
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: "The week's theme is required." }).count())
      .toBeGreaterThan(0);
    await theme.fill(originalTheme);
    await expect.poll(() => page.locator("#plan-theme-error").isVisible()).toBe(false);
    await screenshot(page, "growth-plan-editor");

    await approveAndWriteAll(page, 1);
    // The edits landed: the moved item on its new day, the changed channel on its item.
    const calendarDay = page.locator(`[data-testid="calendar-day"][data-day="${toDay}"]`);
    expect(await calendarDay.getByText(title).count()).toBe(1);
    expect(await calendarItems(page, ["bluesky"]).filter({ hasText: secondTitle }).count()).toBe(1);

    // Regenerate one with "shorter": the draft gets shorter, and the earlier one stays viewable.
    const linkedIn = calendarItems(page, ["linkedin"]).first();
    const regenerated = await openItem(page, (await linkedIn.count()) ? linkedIn : page.getByTestId("calendar-item").first());
    const before = await draftLength(regenerated);
    await regenerated.getByText("Regenerate…").click();
    await regenerated.getByRole("button", { name: "shorter", exact: true }).click();
    expect(await regenerated.getByRole("button", { name: "shorter", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await regenerated.getByRole("button", { name: "Regenerate", exact: true }).click();
    await expect.poll(() => draftLength(regenerated), { timeout: 60_000 }).toBeLessThan(before);
    await regenerated.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: /^History of / });
    // The earlier drafts are read from the server when the history opens.
    await history.getByRole("list", { name: "Earlier versions" }).waitFor();
    expect(await history.getByRole("list", { name: "Earlier versions" }).getByRole("button").count()).toBe(1);
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "hidden" });

    // Review through the allowed moves only: from draft, publishing is not offered.
    const shortPosts = calendarItems(page, ["x", "linkedin", "threads"]);
    const reviewed = await openItem(
      page,
      (await shortPosts.count()) ? shortPosts.first() : page.getByTestId("calendar-item").first(),
    );
    const moves = async () =>
      (await reviewed.locator("[data-move]").all()).length
        ? Promise.all((await reviewed.locator("[data-move]").all()).map((button) => button.getAttribute("data-move")))
        : [];
    expect((await moves()).sort()).toEqual(["approved", "planned", "skipped"]);
    expect(await reviewed.getByRole("button", { name: "Mark published" }).count()).toBe(0);
    await reviewed.getByRole("button", { name: "Approve draft" }).click();
    await expect.poll(() => reviewed.getAttribute("data-status")).toBe("approved");
    expect((await moves()).sort()).toEqual(["draft", "skipped"]);

    // Copy the post, check the network link, and mark it published with a link and a note.
    const postText = (await reviewed
      .getByTestId("draft-post")
      .first()
      .locator("p.whitespace-pre-wrap")
      .first()
      .textContent())!.replace(/…see more$/, "");
    await reviewed.getByRole("button", { name: /^Copy (post|whole thread)$/ }).click();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard.length).toBeGreaterThan(20);
    expect(clipboard).toContain(postText.replace(/…$/, "").slice(0, 40));
    const share = reviewed.getByRole("link", { name: /^Open in / });
    if (await share.count())
      expect(await share.getAttribute("href")).toMatch(
        /^https:\/\/(x\.com\/intent\/post|bsky\.app\/intent\/compose|www\.threads\.net\/intent\/post|www\.linkedin\.com\/feed\/\?shareActive|www\.reddit\.com\/submit|www\.facebook\.com\/)/,
      );
    // No account: "I posted it" takes the post's link, said at the field when it is missing.
    await reviewed.getByLabel("Note (optional)").fill("Good replies");
    await reviewed.getByRole("button", { name: "Mark published" }).click();
    await reviewed.getByText("Paste the post's link as it shows in your browser, starting with https://").waitFor();
    expect(await reviewed.getByLabel("Link to the post").getAttribute("aria-invalid")).toBe("true");
    expect(await reviewed.getAttribute("data-status")).toBe("approved");
    await reviewed.getByLabel("Link to the post").fill("https://example.com/posts/1");
    await reviewed.getByRole("button", { name: "Mark published" }).click();
    await expect.poll(() => reviewed.getAttribute("data-status")).toBe("published");
    await expect.poll(() => reviewed.getByTestId("result-note").textContent()).toBe("Your note: Good replies");
    expect(await reviewed.locator("[data-move]").count()).toBe(0);

    // Tick tasks: one done, one skipped.
    const tasks = page.getByTestId("task");
    await tasks.first().getByRole("checkbox").click();
    await expect.poll(() => tasks.first().getAttribute("data-status")).toBe("done");
    if ((await tasks.count()) > 1) {
      await tasks.nth(1).getByRole("button", { name: /^Skip/ }).click();
      await expect.poll(() => tasks.nth(1).getAttribute("data-status")).toBe("skipped");
    }
    await expectAccessible(page, "the week board");
    await screenshot(page, "growth-week-board");

    // The retro grades what went out; the items that did not go out stay skipped, whatever the founder clicks.
    const reviewedTitle = (await reviewed.locator("h3").textContent())!;
    await page.getByRole("button", { name: "Write the retro" }).click();
    await page.getByTestId("retro-item").first().waitFor();
    const retroItems = page.getByTestId("retro-item");
    const publishedEntry = retroItems.filter({ hasText: reviewedTitle });
    expect(await publishedEntry.getByTestId("retro-result").textContent()).toBe("Published");
    await publishedEntry.getByLabel("Great", { exact: true }).check();
    const greatChannel = (await publishedEntry.locator("legend > .badge").textContent())!;
    const unsent = retroItems.filter({ hasNotText: reviewedTitle }).first();
    const unsentTitle = (await unsent.getByTestId("retro-title").textContent())!;
    expect(await unsent.getByTestId("retro-result").textContent()).toBe("Not posted");
    expect(await unsent.getByRole("radio").count(), "a piece that did not go out has no grade").toBe(0);
    for (const legend of await retroItems.locator("legend").allTextContents())
      expect(legend, "the channel is a badge, never a title prefix").not.toMatch(/^[A-Za-z ]+: /);
    await page.getByLabel("How did the week go overall?").fill("Replies came from the practical posts.");
    await page.getByRole("button", { name: "Submit retro and close the week" }).click();
    await page.getByRole("heading", { name: "Week 1 is closed" }).waitFor({ timeout: 60_000 });
    const learned = page.getByTestId("new-learnings");
    await expect.poll(() => learned.textContent()).toContain("was great");
    expect(await learned.textContent()).toContain("Week 1: Replies came from the practical posts.");
    expect(await learned.textContent(), "the playbook learns only from what went out").not.toContain(unsentTitle);
    const summary = page.getByTestId("week-summary");
    expect(await summary.locator("li").filter({ hasText: unsentTitle }).first().textContent()).toContain("Skipped");
    await expectAccessible(page, "the closed week");
    await screenshot(page, "growth-week-closed");

    // Week two's plan reflects the grades.
    await page.getByRole("button", { name: "Plan next week" }).click();
    await page.getByRole("heading", { name: "Week 2 plan" }).waitFor({ timeout: 60_000 });
    expect(await page.getByLabel("Theme of the week").inputValue()).not.toMatch(/Week 2/);
    const rationale = (await page.locator("#plan-title").locator("xpath=../../..").textContent())!;
    expect(rationale).toContain(`${greatChannel} gets more: last week was graded great.`);

    // Week two, through to its retro.
    await approveAndWriteAll(page, 2);
    // The board opens with the first item that needs the founder; it stays open through approval.
    const first2 = page.locator(`#${await itemPanels(page).getAttribute("id")}`);
    await first2.getByRole("button", { name: "Approve draft" }).click();
    await expect.poll(() => first2.getAttribute("data-status")).toBe("approved");
    await first2.getByLabel("Link to the post").fill("https://example.com/posts/2");
    await first2.getByRole("button", { name: "Mark published" }).click();
    await expect.poll(() => first2.getAttribute("data-status")).toBe("published");
    await page.getByTestId("task").first().getByRole("checkbox").click();
    await expect.poll(() => page.getByTestId("task").first().getAttribute("data-status")).toBe("done");
    await submitRetro(page, ["Great"], "Steady week.");
    await page.getByRole("heading", { name: "Week 2 is closed" }).waitFor({ timeout: 60_000 });

    // History: both weeks, with their grades and learnings.
    await page.getByRole("link", { name: "Earlier weeks (2)" }).click();
    await page.getByRole("heading", { name: "Earlier weeks", level: 1 }).waitFor();
    expect(await page.getByTestId("history-week").count()).toBe(2);
    expect(await page.getByTestId("history-week").last().textContent()).toContain("great");
    await expectAccessible(page, "the history");
    await screenshot(page, "growth-history");

    // The calendar subscription from the board: shown once, then revoked.
    await page.getByRole("link", { name: "Back to this week" }).click();
    await page.getByRole("button", { name: "Create a subscription URL" }).click();
    const url = (await page.getByTestId("calendar-url").textContent())!;
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");
    await page.getByRole("button", { name: "Revoke it" }).click();
    await page.getByText("No subscription URL yet.").waitFor();
    expect((await fetch(url)).status).toBe(404);
    await founder.context.close();
  }, 600_000);
});
