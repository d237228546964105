import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "./browser";
import { type BrowserFounder, founderApi, signedInWithProject } from "./fixtures";
import { checkAtBothWidths, expectNoSidewaysScroll } from "./shell-browser";

// Growth drafts a founder edits: a thread post by post with the channel's meter on each, the
// draft's blanks as chips that fill and save, a warning before approving with blanks left,
// and the draft history as a diff, at 1280 and at 390 px.

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
let closeBrowser: () => Promise<void>;
let founder: BrowserFounder;
let page: Page;
let projectId: string;

interface Item {
  id: string;
  channel: string;
  title: string;
  status: string;
  draft: { body: string; parts: string[] } | null;
  previousDrafts: unknown[];
}

const call = founderApi(baseUrl, () => founder.key);
const items = async (): Promise<Item[]> =>
  (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).cycles[0].items as Item[];
const itemById = async (id: string) => (await items()).find((item) => item.id === id)!;
/** The board shows one item's draft at a time: open this one from its calendar entry. */
async function panelOf(id: string): Promise<Locator> {
  const panel = page.locator(`#item-${id}`);
  if (!(await panel.count())) await page.locator(`a[data-testid="calendar-item"][href="#item-${id}"]`).click();
  await panel.waitFor();
  return panel;
}

const blank = "[add: how many invoices you chased last month]";
let thread: Item;
let published: Item;

beforeAll(async () => {
  ({ close: closeBrowser, founder, page, projectId } = await signedInWithProject(baseUrl, dataDir, "pro"));
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const { cycle } = await call("POST", `/api/v1/projects/${projectId}/growth/cycles`, {});
  await call("POST", `/api/v1/growth/cycles/${cycle.id}/approve`);
  for (const item of await items()) await call("POST", `/api/v1/growth/items/${item.id}/generate`, {});
  const all = await items();
  // A thread with one blank of the founder's, set through the API as an assistant would.
  const x = all.find((item) => item.channel === "x")!;
  thread = (
    await call("PATCH", `/api/v1/growth/items/${x.id}/draft`, {
      parts: [`We chased ${blank} by hand.`, "Then we built the tool we wanted."],
    })
  ).item;
  published = all.find((item) => item.id !== x.id)!;
  await call("PATCH", `/api/v1/growth/items/${published.id}`, { status: "approved" });
  await call("PATCH", `/api/v1/growth/items/${published.id}`, { status: "published" });
}, 600_000);
afterAll(async () => {
  await closeBrowser?.();
});

describe("growth drafts a founder edits", () => {
  it("counts the blanks on the board and the item, and warns before approving with one left", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/projects/${projectId}/growth`);
    const panel = await panelOf(thread.id);
    expect(await panel.getByRole("heading", { level: 3 }).textContent(), "no channel prefix in the title").not.toMatch(/^X:/);
    expect(await panel.getByTestId("blank-count").textContent()).toBe("1 blank left");
    expect(await page.getByTestId("week-blanks").textContent()).toMatch(/^\d+ blanks? left in this week's drafts/);
    const card = page.getByRole("list", { name: "Calendar" }).locator(`a[href="#item-${thread.id}"]`);
    expect(await card.getByTestId("blank-count").textContent()).toBe("1 blank left");
    expect(await panel.locator("button.blank-chip").count()).toBe(1);

    await panel.getByRole("button", { name: "Approve draft" }).click();
    const warning = page.getByRole("dialog", { name: "1 blank left: approve anyway?" });
    await warning.waitFor();
    expect(await warning.getByRole("list", { name: "Where the blanks are" }).textContent()).toContain(thread.title);
    await warning.getByRole("button", { name: "Fill them first" }).click();
    await warning.waitFor({ state: "hidden" });
    expect((await itemById(thread.id)).status, "nothing was approved").toBe("draft");
    expect(
      await (await panelOf(published.id)).getByRole("button", { name: "Edit", exact: true }).count(),
      "a published item is out",
    ).toBe(0);
  });

  it("edits a thread post by post with a meter on each, refusing a post over the limit", async () => {
    const panel = await panelOf(thread.id);
    await panel.getByRole("button", { name: "Edit", exact: true }).click();
    const editor = panel.getByTestId("draft-editor");
    await editor.waitFor();
    expect(await editor.getByRole("meter").count()).toBe(2);
    const second = editor.getByRole("textbox", { name: "Post 2 of 2" });
    await second.fill("Then we built the tool we wanted. ".repeat(10).trim());
    const meter = editor.getByRole("meter", { name: "Length of post 2 of 2" });
    expect(Number(await meter.getAttribute("aria-valuenow"))).toBeGreaterThan(280);
    expect(await editor.getByText("A post is over X's limit").count()).toBe(1);
    await editor.getByRole("button", { name: "Save draft" }).click();
    await expect.poll(() => editor.getByRole("alert").filter({ hasText: "Post 2 is" }).count()).toBeGreaterThan(0);
    expect((await itemById(thread.id)).draft!.parts[1]).toBe("Then we built the tool we wanted.");

    await screenshot(page, "growth-draft-editor");
    await checkAtBothWidths(page, "the draft editor");

    await second.fill("Then we built the tool we wanted, for freelancers.");
    await editor.getByRole("button", { name: "Save draft" }).click();
    await editor.waitFor({ state: "hidden" });
    await expect
      .poll(async () => (await itemById(thread.id)).draft!.parts[1])
      .toBe("Then we built the tool we wanted, for freelancers.");
    expect(await panel.getByTestId("draft-post").nth(1).textContent()).toContain("for freelancers.");
  });

  it("fills the blank in place (saved), then shows the history as a diff", async () => {
    const panel = await panelOf(thread.id);
    await panel.locator("button.blank-chip").click();
    const dialog = page.getByRole("dialog", { name: "Fill in a blank" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("how many invoices you chased last month");
    await dialog.getByLabel("What goes here").fill("forty-two invoices");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(async () => (await itemById(thread.id)).draft!.parts[0]).toBe("We chased forty-two invoices by hand.");
    await expect.poll(() => panel.locator("button.blank-chip").count()).toBe(0);
    expect(await panel.getByTestId("blank-count").count()).toBe(0);

    await panel.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: /^History of / });
    await history.waitFor();
    const diff = (await history.getByTestId("version-diff").textContent())!;
    expect(diff).toContain(`Removed: We chased ${blank} by hand.`);
    expect(diff).toContain("Added: We chased forty-two invoices by hand.");
    expect(await history.getByRole("list", { name: "Earlier versions" }).getByRole("button").count()).toBe(
      (await itemById(thread.id)).previousDrafts.length,
    );
    await screenshot(page, "growth-draft-history");
    await checkAtBothWidths(page, "the draft history");
    await page.keyboard.press("Escape");
    await history.waitFor({ state: "hidden" });
  });

  it("edits at 390 px too", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const panel = await panelOf(thread.id);
    await panel.getByRole("button", { name: "Edit", exact: true }).click();
    const editor = panel.getByTestId("draft-editor");
    await editor.getByRole("button", { name: "Add a post" }).click();
    await editor.getByRole("textbox", { name: "Post 3 of 3" }).fill("Try it free.");
    expect(await editor.getByRole("meter").count()).toBe(3);
    await expectNoSidewaysScroll(page, "the draft editor at 390");
    await editor.getByRole("button", { name: "Save draft" }).click();
    await editor.waitFor({ state: "hidden" });
    await expect.poll(async () => (await itemById(thread.id)).draft!.parts).toHaveLength(3);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
