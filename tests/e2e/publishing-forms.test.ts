import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeButtondown, startFakeButtondown } from "../support/fake-buttondown";
import { type FakeDiscord, startFakeDiscord } from "../support/fake-discord";
import { type FakeWordPress, startFakeWordPress } from "../support/fake-wordpress";
import { type StartedServer, startServer } from "../support/server";
import { expectAccessible, launchBrowser, screenshot } from "./browser";
import { browserFounder, launchReadyProject } from "./fixtures";

// Connecting Discord, WordPress and Buttondown in project settings, in Chromium, against fakes
// of each started here: the forms are drawn from each provider's fields.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-publishing-forms-"));
const wordpressPassword = "abcd EFGH 1234 ijkl MNOP 5678";
let server: StartedServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let discord: FakeDiscord;
let site: FakeWordPress;
let buttondown: FakeButtondown;
let page: Page;
let projectId: string;

beforeAll(async () => {
  discord = await startFakeDiscord();
  site = await startFakeWordPress({ username: "ada", applicationPassword: wordpressPassword });
  buttondown = await startFakeButtondown();
  server = await startServer({
    OUTBOUND_ALLOW_HTTP: "1",
    DATA_DIR: dataDir,
    DISCORD_API_URL: discord.url,
    BUTTONDOWN_API_URL: buttondown.url,
  });
  ({ browser, close: closeBrowser } = await launchBrowser());
  const founder = await browserFounder(browser, server.baseUrl, dataDir, "pro");
  page = founder.page;
  projectId = await launchReadyProject(server.baseUrl, dataDir, founder.key);
}, 900_000);

afterAll(async () => {
  await closeBrowser?.();
  server?.stop();
  await discord?.close();
  await site?.close();
  await buttondown?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const connected = (network: string) =>
  page.locator(`[data-testid="connection"][data-network="${network}"][data-status="connected"]`).count();

describe("connecting with a form in project settings", () => {
  it("connects a Discord channel, a WordPress site and a Buttondown newsletter; a wrong URL is refused at its field; no secret reaches the page", async () => {
    const webhook = discord.createWebhook("Launchloop announcements");
    const apiKey = buttondown.issueKey();
    await page.goto(`/projects/${projectId}/settings`);

    const discordCard = page.getByTestId("connect-discord");
    await discordCard.getByLabel("Channel webhook URL").fill("https://example.com/api/webhooks/1/2");
    await discordCard.getByRole("button", { name: "Connect Discord" }).click();
    // Refused at its field, before Discord is called.
    await expect.poll(() => discordCard.getByTestId("field-error").count()).toBe(1);
    expect(await discordCard.getByTestId("field-error").textContent()).toMatch(/discord\.com\/api\/webhooks/);
    expect(discord.requests).toHaveLength(0);
    await discordCard.getByLabel("Channel webhook URL").fill(webhook.url);
    await discordCard.getByRole("button", { name: "Connect Discord" }).click();
    await expect.poll(() => connected("discord")).toBe(1);
    await page.getByText(/Discord is connected as Launchloop announcements/).waitFor();

    const wordpressCard = page.getByTestId("connect-wordpress");
    await wordpressCard.getByLabel("Site address").fill(site.url);
    await wordpressCard.getByLabel("Username").fill("ada");
    await wordpressCard.getByLabel("Application password").fill(wordpressPassword);
    await wordpressCard.getByRole("button", { name: "Connect WordPress" }).click();
    await expect.poll(() => connected("wordpress")).toBe(1);
    await page.getByText(/WordPress is connected as Ada Founder/).waitFor();

    const buttondownCard = page.getByTestId("connect-buttondown");
    await buttondownCard.getByLabel("API key").fill(apiKey);
    await buttondownCard.getByRole("button", { name: "Connect Buttondown" }).click();
    // The outcome first (a click during the last connection's refresh must not go unseen), then the row.
    await page.getByText(/Buttondown (is connected|was not connected|refused|did not answer)/).waitFor();
    await expect.poll(() => connected("buttondown")).toBe(1);
    await page.getByText(/Buttondown is connected as tidybooks/).waitFor();

    await expectAccessible(page, "project settings with Discord, WordPress and Buttondown connected");
    // The full-page screenshot from the top, so the sticky bars sit where they belong.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "publishing-settings-forms");
    const html = await page.content();
    for (const secret of [webhook.token, wordpressPassword, apiKey]) expect(html.includes(secret), secret).toBe(false);
  });
});
