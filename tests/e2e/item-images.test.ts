import path from "node:path";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { screensDir, screenshot, writesScreens } from "./browser";
import { type BrowserFounder, draftedWeek, founderApi, signedInWithProject } from "./fixtures";
import { checkAtBothWidths } from "./shell-browser";

// A post's images on the week board: a brand card and the founder's upload laid out as the
// network shows two, each with its alt text, the upload waiting for the founder's words.

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
let closeBrowser: () => Promise<void>;
let founder: BrowserFounder;
let page: Page;
let projectId: string;
let itemId: string;

const call = founderApi(baseUrl, () => founder.key);

/**
 * The board shows one item's draft at a time: open this one from its calendar entry. A page
 * still streaming in may hold a hidden second copy of a part: the one shown is the panel.
 */
async function panelOf(id: string): Promise<Locator> {
  const panel = page.locator(`#item-${id}`).filter({ visible: true });
  if (!(await panel.count())) await page.locator(`a[data-testid="calendar-item"][href="#item-${id}"]`).click();
  await panel.waitFor();
  return panel;
}

beforeAll(async () => {
  ({ close: closeBrowser, founder, page, projectId } = await signedInWithProject(baseUrl, dataDir, "pro"));
  await draftedWeek(call, projectId);
  const { cycles } = await call("GET", `/api/v1/projects/${projectId}/growth/cycles`);
  const items = cycles[0].items as { id: string; channel: string }[];
  itemId = (items.find((item) => ["bluesky", "mastodon", "x", "linkedin"].includes(item.channel)) ?? items[0]!).id;
}, 600_000);
afterAll(async () => {
  await closeBrowser?.();
});

describe("a post's images on the week board", () => {
  it("lays out a brand card and an upload side by side, and asks for the upload's alt text at its field", async () => {
    await page.goto(`/projects/${projectId}/growth`);
    const panel = await panelOf(itemId);
    const images = panel.getByTestId("item-images");
    await images.getByRole("button", { name: "Add a brand card" }).click();
    const preview = images.getByTestId("image-preview");
    await expect.poll(() => preview.getAttribute("data-count")).toBe("1");

    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#3b6e8f" } })
      .composite([
        { input: Buffer.from('<svg width="1200" height="900"><circle cx="600" cy="450" r="300" fill="#f4c95d"/></svg>') },
      ])
      .png()
      .toBuffer();
    await images.getByLabel("Add an image").setInputFiles({ name: "desk.png", mimeType: "image/png", buffer: photo });
    await expect.poll(() => preview.getAttribute("data-count")).toBe("2");
    // No model in this server: the upload's alt text is asked of the founder, at its field.
    const alt = images.getByLabel(/Alt text of image 2/);
    await expect.poll(() => alt.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => images.textContent()).toContain("Describe this image for people who can't see it");

    await alt.fill("A yellow sun over a blue desk");
    await alt.blur();
    await expect
      .poll(async () => {
        const { images: saved } = await call("GET", `/api/v1/growth/items/${itemId}/images`);
        return (saved as { alt: string }[]).map((image) => image.alt.trim() !== "");
      })
      .toEqual([true, true]);
    // Both pictures loaded, each with its words for people who cannot see them.
    const pictures = preview.locator("img");
    await expect
      .poll(() => pictures.evaluateAll((all) => all.map((image) => (image as HTMLImageElement).naturalWidth > 0)))
      .toEqual([true, true]);
    expect(await pictures.nth(1).getAttribute("alt")).toBe("A yellow sun over a blue desk");

    await screenshot(page, "week-board-images");
    // The post itself, as the founder reviews it: its text over the images as the network lays them out.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
      if (writesScreens) await panel.screenshot({ path: path.join(screensDir, `week-board-images-post-${width}.png`) });
    }
    await checkAtBothWidths(page, "the week board with a post's images");
  });
});
