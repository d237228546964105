import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot } from "./browser";
import { type BrowserFounder, signedInWithProject } from "./fixtures";

// The pack's brand cards in the browser: thumbnails with their alt text, the founder's own words
// drawn again, a PNG to download.

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

const images = async () =>
  (
    (await (
      await fetch(`${baseUrl}/api/v1/projects/${projectId}/pack-images`, { headers: { Authorization: `Bearer ${founder.key}` } })
    ).json()) as { images: { kind: string; headline: string; alt: string }[] }
  ).images;

describe("brand cards in the launch pack", () => {
  it("shows the five cards with their alt text, loaded, and takes the founder's words", async () => {
    await page.goto(`/projects/${projectId}/pack?step=brand-architect`);
    const section = page.getByRole("region", { name: "Brand cards" });
    await section.waitFor();
    const cards = section.locator("img");
    await expect.poll(() => cards.count()).toBe(5);
    // Every thumbnail loaded (a signed storage URL the browser can read) and carries its alt text.
    await expect
      .poll(() => cards.evaluateAll((all) => all.every((image) => (image as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    const alts = await cards.evaluateAll((all) => all.map((image) => image.getAttribute("alt") ?? ""));
    expect(alts[0]).toMatch(/^Link preview image for /);
    await screenshot(page, "pack-cards");

    const square = section.getByRole("region", { name: "Square card" });
    await square.getByRole("button", { name: "Edit words" }).click();
    await square.getByLabel("Headline").fill("Books done by Friday");
    await square.getByLabel("Alt text").fill("A card that says: Books done by Friday");
    await square.getByRole("button", { name: "Save and redraw" }).click();
    await expect
      .poll(async () => (await images()).find((image) => image.kind === "square")?.headline)
      .toBe("Books done by Friday");
    await expect.poll(() => square.locator("img").getAttribute("alt")).toBe("A card that says: Books done by Friday");
  });
});
