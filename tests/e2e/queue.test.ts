import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type StartedServer, startServer } from "../support/server";
import { latestMail, launchBrowser, screenshot } from "./browser";
import { browserFounder, launchReadyProject } from "./fixtures";
import { checkAtBothWidths } from "./shell-browser";

// A queue for every channel, in Chromium: a founder with no connected account (X is not set
// up on this server) sees an approved X post's time, changes it on its card (typed, then dragged
// to another day) and in its panel,
// gets the reminder when it is due (the server's ticker runs every second; the board reads
// itself again near a post's time), says "I posted it" with the link and sees it published.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-queue-"));
let server: StartedServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let key: string;
let email: string;
let projectId: string;
let page: Page;
let itemId: string;

const call = async (method: string, urlPath: string, body?: unknown) =>
  httpClient(server.baseUrl, dataDir).call(method, urlPath, { key, body });
async function publicationOf(id: string) {
  const { json } = await call("GET", `/api/v1/projects/${projectId}/growth/cycles`);
  return json.cycles
    .flatMap((cycle: { items: { id: string; publication: Record<string, string> | null }[] }) => cycle.items)
    .find((item: { id: string }) => item.id === id).publication;
}

beforeAll(async () => {
  server = await startServer({ SCHEDULER_TICK_S: "1", DATA_DIR: dataDir });
  ({ browser, close: closeBrowser } = await launchBrowser());
  ({ key, email, page } = await browserFounder(browser, server.baseUrl, dataDir, "pro"));
  projectId = await launchReadyProject(server.baseUrl, dataDir, key);
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const planned = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycle;
  const plan = {
    ...planned.plan,
    contentPlan: [
      {
        channel: "x",
        count: 1,
        items: [
          {
            slug: "x-queue",
            title: "Books that close themselves",
            angle: "Why we built it",
            keyMessage: "Tidybooks reconciles your books overnight",
            suggestedDay: "Wed",
          },
        ],
      },
    ],
  };
  const approved = (await call("POST", `/api/v1/growth/cycles/${planned.id}/approve`, { plan })).json.cycle;
  itemId = approved.items[0].id;
  expect((await call("POST", `/api/v1/growth/items/${itemId}/generate`)).status).toBe(200);
  expect((await call("PATCH", `/api/v1/growth/items/${itemId}`, { status: "approved" })).status).toBe(200);
  expect((await call("PATCH", `/api/v1/projects/${projectId}/publishing`, { emailReminders: true })).status).toBe(200);
}, 900_000);

afterAll(async () => {
  await closeBrowser?.();
  server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a queue for every channel", () => {
  it('shows an unconnected X post\'s time, changes it inline, reminds when due, and takes "I posted it" with the link', async () => {
    await page.goto(`/projects/${projectId}/growth`);
    const card = page.locator('[data-testid="calendar-item"][data-channel="x"]');
    const cardTime = page.getByLabel("Time for Books that close themselves");
    await expect.poll(() => cardTime.inputValue(), { timeout: 30_000 }).toMatch(/^\d\d:\d\d$/);
    await checkAtBothWidths(page, "growth board with an unconnected X post's time");

    // On the card: a new hour, kept on its day.
    const before = (await publicationOf(itemId)).scheduledAt;
    await cardTime.fill("10:30");
    await cardTime.press("Enter");
    await expect.poll(async () => (await publicationOf(itemId)).scheduledAt, { timeout: 30_000 }).not.toBe(before);
    const moved = new Date((await publicationOf(itemId)).scheduledAt);
    expect(moved.toDateString()).toBe(new Date(before).toDateString());

    // Dragged onto another day: the same hour there.
    await card.dragTo(page.locator('[data-testid="calendar-day"][data-day="Fri"]'));
    await expect
      .poll(async () => Date.parse((await publicationOf(itemId)).scheduledAt) - moved.getTime(), { timeout: 30_000 })
      .toBe(2 * 86_400_000);
    await expect
      .poll(() => page.locator('[data-testid="calendar-day"][data-day="Fri"] [data-testid="calendar-item"]').count())
      .toBe(1);

    // In the item panel: no account, a time, a reminder then; set it to a minute from now.
    await card.click();
    const panel = page.getByTestId("publication");
    await expect.poll(() => panel.getByText("None: you post it by hand").count()).toBe(1);
    await expect.poll(() => page.getByTestId("reminder-time").count()).toBe(1);
    const soon = await page.evaluate(() => {
      const at = new Date(Date.now() + 60_000);
      const pad = (value: number) => String(value).padStart(2, "0");
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    });
    await panel.getByLabel("Goes out at (your time)").fill(soon);
    await panel.getByRole("button", { name: "Save time" }).click();
    await expect
      .poll(async () => Date.parse((await publicationOf(itemId)).scheduledAt), { timeout: 30_000 })
      .toBeLessThan(Date.now() + 120_000);

    // At the time: the notice, with the post ready to copy and Open in X (no reload by the test).
    const due = page.getByTestId("due-post");
    await expect.poll(() => due.count(), { timeout: 150_000, interval: 1000 }).toBe(1);
    await expect.poll(() => due.getByText("Due to post by hand").count()).toBe(1);
    expect(await due.getByRole("link", { name: /Open in X/ }).getAttribute("href")).toMatch(
      /^https:\/\/x\.com\/intent\/post\?text=/,
    );
    expect(await due.getByRole("button", { name: "Copy post" }).count()).toBe(1);
    const mail = latestMail(path.join(dataDir, "mail"), email, "Time to post on X");
    expect(mail).toContain("Books that close themselves");
    expect(mail).toContain("https://x.com/intent/post?text=");
    await checkAtBothWidths(page, "growth board with a post due by hand");
    await screenshot(page, "growth-due-by-hand");

    // "I posted it": a link that is not https is refused at the field, in words; the link publishes it.
    await due.getByRole("button", { name: "I posted it" }).click();
    const link = due.getByLabel("Link to your post");
    await link.fill("x.com/founder/status/1");
    await due.getByRole("button", { name: "Save link" }).click();
    await expect.poll(() => due.getByText(/starting with https:\/\//).count()).toBe(1);
    expect(await link.getAttribute("aria-invalid")).toBe("true");
    await link.fill("https://x.com/founder/status/1859");
    await due.getByRole("button", { name: "Save link" }).click();
    await expect.poll(() => page.getByTestId("due-post").count(), { timeout: 30_000 }).toBe(0);
    expect(await publicationOf(itemId)).toMatchObject({ status: "published", url: "https://x.com/founder/status/1859" });
    await expect.poll(() => page.locator('[data-testid="publication"][data-publication="published"]').count()).toBe(1);
    await checkAtBothWidths(page, "growth board after I posted it");
  });
});
