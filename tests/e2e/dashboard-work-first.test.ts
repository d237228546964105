import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "./browser";
import {
  type BrowserFounder,
  confirmedProject,
  draftedWeek,
  founderApi,
  launchReadyProject,
  signedInWithProject,
} from "./fixtures";
import { checkAtBothWidths, pageHeight, pressUntil, visibleWithoutScrolling } from "./shell-browser";

// Work first: each page of the sample project opens on its work. At 1280x800 the primary
// action is on the first screen; at 390 px no page is taller than 3,500 px; axe clean at both.

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
let closeBrowser: () => Promise<void>;
let founder: BrowserFounder;
let page: Page;
let projectId: string;
let reviewId: string;

const call = founderApi(baseUrl, () => founder.key);
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

beforeAll(async () => {
  ({ close: closeBrowser, founder, page, projectId } = await signedInWithProject(baseUrl, dataDir, "studio"));
  reviewId = await confirmedProject(baseUrl, dataDir, founder.key);
  await call("POST", "/api/v1/agents", { projectId: reviewId, agentType: "market-strategist" });
}, 600_000);
afterAll(async () => {
  await closeBrowser?.();
});

/** At 390 px: the page's height, at most 3,500 px. */
async function fitsThePhone(label: string) {
  await page.setViewportSize(phone);
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await pageHeight(page);
  expect(height, `${label} at 390 px is ${height} px tall`).toBeLessThanOrEqual(3500);
  return height;
}

/** At 1280x800 from the top: `action` lies on the first screen. */
async function onTheFirstScreen(action: Locator, label: string) {
  await page.setViewportSize(desktop);
  await page.evaluate(() => window.scrollTo(0, 0));
  await action.waitFor();
  expect(await visibleWithoutScrolling(page, action), `${label} on the first screen at 1280x800`).toBe(true);
}

const top = async (locator: Locator) => (await locator.boundingBox())!.y;

describe("work first", () => {
  it("opens the pack on its work: one Export menu, the blanks as a filter chip, Copy on every item", async () => {
    await page.goto(`/projects/${projectId}/pack`);
    await page.getByRole("tab").first().waitFor();
    await onTheFirstScreen(page.getByRole("button", { name: "Export", exact: true }), "Export");
    await onTheFirstScreen(
      page.getByRole("tabpanel").getByRole("button", { name: "Copy", exact: true }).first(),
      "the first item's Copy",
    );
    expect(await page.getByRole("button", { name: "Export PDF" }).isVisible(), "exports wait in the menu").toBe(false);
    await page.getByRole("button", { name: "Export", exact: true }).click();
    await page.getByRole("button", { name: "Export PDF" }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Export PDF" }).waitFor({ state: "hidden" });

    const heights: string[] = [];
    for (const tab of await page.getByRole("tab").all()) {
      const name = (await tab.textContent())!;
      await page.setViewportSize(desktop);
      await tab.click();
      await expect.poll(() => tab.getAttribute("aria-selected"), { timeout: 30_000 }).toBe("true");
      const cards = page.getByRole("tabpanel").locator("[data-kind]");
      const kinds = await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-kind")));
      for (const [index, kind] of kinds.entries())
        expect(await cards.nth(index).getByRole("button", { name: "Copy", exact: true }).count(), `Copy on ${kind}`).toBe(1);
      heights.push(`${name} ${await fitsThePhone(`the pack, ${name}`)} px`);
    }
    console.log(`pack heights at 390 px: ${heights.join(", ")}`);

    // The chip filters the step to its parts with blanks left.
    await page.setViewportSize(desktop);
    await page.getByRole("tab").first().click();
    await expect.poll(() => page.getByRole("tab").first().getAttribute("aria-selected"), { timeout: 30_000 }).toBe("true");
    const chip = page.getByTestId("pack-blanks").filter({ visible: true });
    expect(await chip.textContent()).toMatch(/\d+ blanks? left in the pack/);
    const all = await page.getByRole("tabpanel").locator("[data-kind]").count();
    await chip.click();
    await expect.poll(() => chip.getAttribute("aria-current"), { timeout: 30_000 }).toBe("true");
    const withBlanks = page.getByRole("tabpanel").locator("[data-kind]");
    const shown = await withBlanks.count();
    expect(shown).toBeLessThanOrEqual(all);
    for (let index = 0; index < shown; index++)
      expect(await withBlanks.nth(index).getByTestId("blank-count").count(), "only parts with blanks").toBe(1);
    await chip.click();
    await expect.poll(() => page.getByRole("tabpanel").locator("[data-kind]").count(), { timeout: 30_000 }).toBe(all);
    await checkAtBothWidths(page, "the pack");
  });

  it("marks only the steps that read a changed tagline out of date, and lists the edits a refresh would replace", async () => {
    const { items } = await call("GET", `/api/v1/projects/${projectId}/content`);
    const website = (items as Array<{ id: string; agentType: string; title: string; body: string }>).find(
      (item) => item.agentType === "website-copy",
    )!;
    await call("PATCH", `/api/v1/content/${website.id}`, { body: `${website.body}\n\nEdited by the founder.` });
    await call("PATCH", `/api/v1/projects/${projectId}/decisions`, { tagline: `Books that keep themselves ${Date.now()}.` });

    await page.setViewportSize(desktop);
    await page.goto(`/projects/${projectId}/pack`);
    const notice = page.getByTestId("outdated-notice").filter({ visible: true });
    await notice.getByText("The launch pack is out of date").waitFor();
    const text = (await notice.textContent())!;
    expect(text).toContain("Launch plan, Website copy, Launch assets");
    expect(text).not.toContain("Market strategy");
    expect(text).not.toContain("Brand system");
    await onTheFirstScreen(page.getByRole("button", { name: "Export", exact: true }), "Export below the notice");

    await notice.getByRole("button", { name: "Refresh these 3 drafts" }).click();
    const ask = page.getByRole("dialog", { name: "A refresh replaces your edits" });
    await ask.waitFor();
    expect(await ask.getByTestId("edits-lost").textContent()).toContain(`Website copy › ${website.title}`);
    await checkAtBothWidths(page, "the refresh's question");
    await ask.getByRole("button", { name: "Keep my edits" }).click();
    await ask.waitFor({ state: "hidden" });
    const after = (await call("GET", `/api/v1/projects/${projectId}/content`)).items as Array<{ id: string }>;
    expect(
      after.some((item) => item.id === website.id),
      "nothing was replaced",
    ).toBe(true);
  });

  it("shows a review's draft before the stepper at 390, feedback under the draft, and a one-line bar", async () => {
    await page.setViewportSize(desktop);
    await page.goto(`/projects/${reviewId}/launch`);
    await page.getByRole("heading", { name: "Market strategy: ready for your review" }).waitFor();
    await onTheFirstScreen(page.getByRole("button", { name: "Approve and continue" }), "Approve and continue");
    const documents = page.locator("article[id^='item-']");
    const feedback = page.getByRole("region", { name: "Not right yet? Ask for another draft" });
    expect(await top(feedback), "the feedback box under the draft").toBeGreaterThan(await top(documents.last()));
    await feedback.getByRole("button", { name: "Reject and redraft" }).waitFor();

    await page.setViewportSize(phone);
    await page.reload();
    await page.getByRole("heading", { name: "Market strategy: ready for your review" }).waitFor();
    await page
      .getByRole("button", { name: /^Show all of / })
      .first()
      .waitFor();
    const height = await fitsThePhone("the review");
    console.log(`the market strategy review at 390 px: ${height} px`);
    const stepper = page.getByRole("list", { name: "Pipeline steps" });
    expect(await top(documents.first()), "the draft before the stepper at 390").toBeLessThan(await top(stepper));
    const bar = page.getByTestId("review-bar");
    expect((await bar.boundingBox())!.height, "the sticky bar is one line").toBeLessThanOrEqual(64);
    await checkAtBothWidths(page, "the review");
    await screenshot(page, "work-first-review");
  });

  it("keeps the wizard's Save and continue on the first screen", async () => {
    await page.goto("/projects/new");
    await onTheFirstScreen(page.getByRole("button", { name: "Save and continue" }), "Save and continue");
    await fitsThePhone("the wizard");
  });

  it("keeps Approve plan on the first screen of the plan editor", async () => {
    await call("POST", `/api/v1/projects/${projectId}/growth/start`);
    await call("POST", `/api/v1/projects/${projectId}/growth/cycles`, {});
    await page.goto(`/projects/${projectId}/growth`);
    await onTheFirstScreen(page.getByRole("button", { name: "Approve plan" }), "Approve plan");
    await fitsThePhone("the plan editor");
    await checkAtBothWidths(page, "the plan editor");
  });

  it("lists the week's drafts first: Copy on the first screen, the calendar folded away at 390", async () => {
    const { cycles } = await call("GET", `/api/v1/projects/${projectId}/growth/cycles`);
    await call("POST", `/api/v1/growth/cycles/${cycles[0].id}/approve`);
    const { cycles: approved } = await call("GET", `/api/v1/projects/${projectId}/growth/cycles`);
    for (const item of approved[0].items) await call("POST", `/api/v1/growth/items/${item.id}/generate`, {});
    await page.goto(`/projects/${projectId}/growth`);
    const panel = page.getByTestId("item-panel");
    await onTheFirstScreen(panel.getByRole("button", { name: /^Copy/ }).first(), "the open draft's Copy");
    const calendar = page.getByRole("list", { name: "Calendar" });
    expect(await top(panel), "the draft before the calendar").toBeLessThan(await top(calendar));

    await fitsThePhone("the week board");
    expect(await calendar.isVisible(), "the calendar folds away at 390").toBe(false);
    await page.getByRole("button", { name: "Show the calendar" }).click();
    await calendar.waitFor();
    await page.getByRole("button", { name: "Fold the calendar" }).click();
    await calendar.waitFor({ state: "hidden" });
    await checkAtBothWidths(page, "the week board");
  });
});

// Each test below makes the project it measures, so none depends on another having run.
describe("at 390 px, no page of the sample project is taller than 3,500 px", () => {
  it("the playbook: the strategy first, folded to a screenful; the decisions behind their summary", async () => {
    const id = await launchReadyProject(baseUrl, dataDir, founder.key);
    await page.setViewportSize(phone);
    await page.goto(`/projects/${id}/playbook`);
    const summary = page.getByText("Edit your decisions", { exact: true });
    await summary.waitFor();
    console.log(`the playbook at 390 px: ${await fitsThePhone("the playbook")} px`);
    expect(await page.getByLabel("Tagline").isVisible(), "the decisions fold away at 390").toBe(false);
    await page.getByRole("button", { name: "Show all of the playbook" }).waitFor();
    await summary.click();
    await page.getByLabel("Tagline").waitFor();
    await page.setViewportSize(desktop);
    await page.reload();
    await page.getByLabel("Tagline").waitFor();
    expect(await summary.isVisible(), "at 1280 the decisions are simply there").toBe(false);
    await checkAtBothWidths(page, "the playbook");
    await screenshot(page, "work-first-playbook");
  });

  it("the week board with an approved post's publishing open, then with the retro open", async () => {
    const id = await launchReadyProject(baseUrl, dataDir, founder.key);
    await draftedWeek(call, id);
    const { cycles } = await call("GET", `/api/v1/projects/${id}/growth/cycles`);
    const items = cycles[0].items as Array<{ id: string; channel: string }>;
    const published = new Set(["x", "linkedin", "reddit", "bluesky", "mastodon", "threads"]);
    const approved = items.find((item) => published.has(item.channel))!;
    const out = items.find((item) => item.id !== approved.id)!;
    // One posted by hand before its time (with its link), one approved and waiting, the rest drafts.
    await call("PATCH", `/api/v1/growth/items/${out.id}`, { status: "approved" });
    await call("POST", `/api/v1/growth/items/${out.id}/publication/confirm`, {
      outcome: "posted",
      url: "https://example.com/posts/1",
    });
    await call("PATCH", `/api/v1/growth/items/${approved.id}`, { status: "approved" });

    await page.setViewportSize(phone);
    await page.goto(`/projects/${id}/growth#item-${approved.id}`);
    const panel = page.locator(`#item-${approved.id}`);
    await panel.getByTestId("publication").waitFor();
    const byHand = panel.getByTestId("publish-by-hand");
    await byHand.getByText("Posted it? Mark it published").first().waitFor();
    await expect.poll(() => panel.getByLabel("Link to the post").isVisible(), { message: "folded at 390" }).toBe(false);
    console.log(`the week board with an approved post at 390 px: ${await fitsThePhone("the week board, an approved post")} px`);
    await checkAtBothWidths(page, "the week board with an approved post");
    await screenshot(page, "work-first-week-approved");

    await page.setViewportSize(phone);
    await page.getByRole("button", { name: "Write the retro" }).click();
    const retro = page.getByTestId("retro-item");
    await retro.first().waitFor();
    // The retro is the work now: at 390 the week's drafts and tasks wait behind one button.
    expect(await panel.isVisible(), "the open draft folds away while the retro is written").toBe(false);
    await page.getByRole("button", { name: "Show the week's drafts and tasks" }).click();
    await panel.waitFor();
    await page.getByRole("button", { name: "Fold the week's drafts and tasks" }).click();
    await panel.waitFor({ state: "hidden" });
    const notPosted = retro.filter({ has: page.getByText("Not posted", { exact: true }) });
    expect(await notPosted.count()).toBe(items.length - 1);
    expect(await retro.filter({ has: page.getByRole("radiogroup") }).count(), "the post that went out is graded").toBe(1);
    // A piece that did not go out is one line; its note waits behind "Add a note".
    const first = notPosted.first();
    expect(await first.getByLabel("Note (optional)").isVisible()).toBe(false);
    expect((await first.boundingBox())!.height, "one compact line").toBeLessThanOrEqual(120);
    await first.getByText("Add a note").click();
    await first.getByLabel("Note (optional)").fill("Next week");
    await page.evaluate(() => window.scrollTo(0, 0));
    console.log(`the retro at 390 px: ${await fitsThePhone("the retro")} px`);
    await checkAtBothWidths(page, "the retro");
    await screenshot(page, "work-first-retro");
  });

  it("the brand review", async () => {
    const id = await confirmedProject(baseUrl, dataDir, founder.key);
    const market = await call("POST", "/api/v1/agents", { projectId: id, agentType: "market-strategist" });
    await call("PATCH", "/api/v1/agents", { runId: market.run.id, action: "approve" });
    await call("POST", "/api/v1/agents", { projectId: id, agentType: "brand-architect" });
    await page.setViewportSize(phone);
    await page.goto(`/projects/${id}/launch`);
    await page.getByRole("heading", { name: "Brand system: ready for your review" }).waitFor();
    await page.getByRole("button", { name: "Approve and continue" }).waitFor();
    console.log(`the brand review at 390 px: ${await fitsThePhone("the brand review")} px`);
    const approvedSteps = page.getByText(/^Approved steps \(1\)/);
    await approvedSteps.click();
    await page.getByRole("link", { name: "Read it in the pack" }).waitFor();
    await checkAtBothWidths(page, "the brand review");
    await screenshot(page, "work-first-brand-review");
  });

  it("project settings with a connect form open and its refusal at the field", async () => {
    const id = await launchReadyProject(baseUrl, dataDir, founder.key);
    await page.setViewportSize(phone);
    await page.goto(`/projects/${id}/settings`);
    await page.getByTestId("add-mastodon").getByRole("button", { name: "Connect Mastodon" }).click();
    const mastodon = page.getByTestId("connect-mastodon");
    await mastodon.getByLabel("Your instance").fill("https://10.0.0.1");
    await mastodon.getByRole("button", { name: "Connect Mastodon" }).click();
    await expect.poll(() => page.locator("#mastodon-instanceUrl-error").textContent()).toMatch(/^That address is not public/);
    await page.getByTestId("add-bluesky").getByRole("button", { name: "Connect Bluesky" }).click();
    await page.getByTestId("connect-bluesky").getByLabel("Handle").waitFor();
    console.log(`project settings with a form at 390 px: ${await fitsThePhone("project settings, a connect form")} px`);
    // The connected accounts are the work here; the site's script and keys wait behind their summary.
    expect(await page.getByRole("button", { name: "Make a server key" }).isVisible()).toBe(false);
    await page.getByText("Show your site's address, its script and conversion keys").click();
    await page.getByRole("button", { name: "Make a server key" }).waitFor();
    // An address that points at a folded part opens it.
    await page.goto(`/projects/${id}/settings#tracking`);
    await page.getByRole("button", { name: "Make a server key" }).waitFor();
    await page.goto(`/projects/${id}/settings`);
    await page.getByTestId("add-bluesky").getByRole("button", { name: "Connect Bluesky" }).click();
    await checkAtBothWidths(page, "project settings with a connect form");
    await screenshot(page, "work-first-settings-forms");
  });
});

describe("the pack's actions in ⌘K", () => {
  it("lists every export and Copy, and runs Copy", async () => {
    const id = await launchReadyProject(baseUrl, dataDir, founder.key);
    await page.setViewportSize(desktop);
    await page.goto(`/projects/${id}/pack`);
    await page.getByRole("tabpanel").getByRole("button", { name: "Copy", exact: true }).first().waitFor();
    const palette = page.getByRole("dialog", { name: "Jump to" });
    await pressUntil(page, "Control+k", palette);
    const input = palette.getByRole("combobox");
    await input.fill("export");
    const exports = await palette.getByRole("option").allTextContents();
    for (const label of ["as PDF", "as Word", "as Excel (XLSX)", "as JSON", "everything (ZIP"])
      expect(
        exports.some((option) => option.includes(label)),
        `${label} in ${exports.join(" | ")}`,
      ).toBe(true);
    await input.fill("copy this step");
    expect(await palette.getByRole("option").allTextContents()).toEqual([
      expect.stringMatching(/^Copy this step's first part.*C/),
    ]);
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await input.press("Enter");
    const anyway = page.getByRole("button", { name: "Copy anyway" });
    await expect
      .poll(async () => {
        if (await anyway.isVisible()) await anyway.click();
        return (await page.evaluate(() => navigator.clipboard.readText())).length;
      })
      .toBeGreaterThan(20);
  });
});
