import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { expectNoBlockingAxeViolations } from "./browser";

/** The widths every dashboard page is checked at: a laptop and a phone. */
export const widths = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** As `expectAccessible`, with WCAG 2.2 AA, best-practice and experimental rules included. */
export const expectAxeClean = (page: Page, label: string) =>
  expectNoBlockingAxeViolations(page, label, [
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "wcag22aa",
    "best-practice",
    "experimental",
  ]);

/** Nothing makes the page wider than its window. */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scroll, window: inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(scroll, `${label} is ${scroll} px wide in a ${inner} px window`).toBeLessThanOrEqual(inner);
}

/** The page's height in CSS pixels. */
export const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/** Whether `locator`'s element lies fully inside the first screen (no scrolling). */
export async function visibleWithoutScrolling(page: Page, selector: ReturnType<Page["getByRole"]>) {
  const box = await selector.boundingBox();
  const viewport = page.viewportSize();
  return Boolean(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width);
}

/**
 * Each page at both widths: axe clean and no sideways scroll. From the top of the page: scrolled
 * to an anchor, a control half under the sticky header reads to axe as a target too small.
 */
export async function checkAtBothWidths(page: Page, label: string) {
  for (const size of widths) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAxeClean(page, `${label} at ${size.width}`);
    await expectNoSidewaysScroll(page, `${label} at ${size.width}`);
  }
  await page.setViewportSize(widths[0]);
}

/** The number of h1 elements on the page (one per page). */
export const h1Count = (page: Page) => page.locator("h1").count();

/** One entry of the pack's Export menu ("Export PDF", "Download all (Markdown)"), the menu opened first. */
export async function exportEntry(page: Page, name: string) {
  const entry = page.getByRole("button", { name });
  if (!(await entry.isVisible())) await page.getByRole("button", { name: "Export", exact: true }).click();
  await entry.waitFor();
  return entry;
}

/** Presses `keys` until `shown` is on screen: the shell listens once it has hydrated (which can be after the load event), and a key pressed before that is lost. */
export async function pressUntil(page: Page, keys: string, shown: Locator) {
  await expect
    .poll(
      async () => {
        if (await shown.isVisible()) return true;
        await page.keyboard.press(keys);
        return shown.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 60_000, interval: 0 },
    )
    .toBe(true);
}
