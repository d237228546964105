import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeBluesky, startFakeBluesky } from "../support/fake-bluesky";
import { type FakeButtondown, startFakeButtondown } from "../support/fake-buttondown";
import { type FakeDiscord, startFakeDiscord } from "../support/fake-discord";
import { type FakeWordPress, startFakeWordPress } from "../support/fake-wordpress";
import { type StartedServer, startServer } from "../support/server";
import { expectAccessible, launchBrowser, screenshot } from "./browser";
import { browserFounder, launchReadyProject } from "./fixtures";
import { checkAtBothWidths } from "./shell-browser";

// Connecting Discord, WordPress and Buttondown in project settings, in Chromium, against fakes
// of each started here: the forms are drawn from each provider's fields. The server reaches
// this machine's loopback only (OUTBOUND_ALLOW_HTTP=loopback): a private address such as
// 10.0.0.1 is refused by the outbound guard before any connection is tried.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-publishing-forms-"));
const wordpressPassword = "abcd EFGH 1234 ijkl MNOP 5678";
let server: StartedServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let discord: FakeDiscord;
let site: FakeWordPress;
let buttondown: FakeButtondown;
let pds: FakeBluesky;
let page: Page;
let projectId: string;

beforeAll(async () => {
  discord = await startFakeDiscord();
  site = await startFakeWordPress({ username: "ada", applicationPassword: wordpressPassword });
  buttondown = await startFakeButtondown();
  pds = await startFakeBluesky();
  pds.addAccount("founder.bsky.test", "app-pass-1234");
  server = await startServer({
    OUTBOUND_ALLOW_HTTP: "loopback",
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
  await pds?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const connected = (network: string) =>
  page.locator(`[data-testid="connection"][data-network="${network}"][data-status="connected"]`).count();

/** Opens a network's form from the "Add an account" list. */
async function openForm(network: string, label: string) {
  await page
    .getByTestId(`add-${network}`)
    .getByRole("button", { name: `Connect ${label}`, exact: true })
    .click();
  const form = page.getByTestId(`connect-${network}`);
  await form.waitFor();
  return form;
}

/** A local port nothing listens on: connecting there is refused at once. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The message under a field, once it is there; and the field is marked invalid. */
async function errorAt(network: string, field: string) {
  const message = page.locator(`#${network}-${field}-error`);
  await message.waitFor();
  expect(await page.locator(`#${network}-${field}`).getAttribute("aria-invalid")).toBe("true");
  return (await message.textContent()) ?? "";
}

describe("connecting with a form in project settings", () => {
  it("connects a Discord channel, a WordPress site and a Buttondown newsletter; a wrong URL is refused at its field; no secret reaches the page", async () => {
    const webhook = discord.createWebhook("Launchloop announcements");
    const apiKey = buttondown.issueKey();
    await page.goto(`/projects/${projectId}/settings`);

    const discordCard = await openForm("discord", "Discord");
    await discordCard.getByLabel("Channel webhook URL").fill("https://example.com/api/webhooks/1/2");
    await discordCard.getByRole("button", { name: "Connect Discord" }).click();
    // Refused at its field, before Discord is called.
    expect(await errorAt("discord", "webhookUrl")).toMatch(/discord\.com\/api\/webhooks/);
    expect(discord.requests).toHaveLength(0);
    await discordCard.getByLabel("Channel webhook URL").fill(webhook.url);
    await discordCard.getByRole("button", { name: "Connect Discord" }).click();
    await page.getByText(/Discord (is connected|was not connected|refused|did not answer)/).waitFor();
    expect(await page.getByText(/Discord is connected as Launchloop announcements/).count()).toBe(1);
    await expect.poll(() => connected("discord"), { timeout: 30_000 }).toBe(1);

    const wordpressCard = await openForm("wordpress", "WordPress");
    await wordpressCard.getByLabel("Site address").fill(site.url);
    await wordpressCard.getByLabel("Username").fill("ada");
    await wordpressCard.getByLabel("Application password").fill(wordpressPassword);
    await wordpressCard.getByRole("button", { name: "Connect WordPress" }).click();
    await page.getByText(/WordPress (is connected|was not connected|refused|did not answer)/).waitFor();
    expect(await page.getByText(/WordPress is connected as Ada Founder/).count()).toBe(1);
    await expect.poll(() => connected("wordpress"), { timeout: 30_000 }).toBe(1);

    const buttondownCard = await openForm("buttondown", "Buttondown");
    await buttondownCard.getByLabel("API key").fill(apiKey);
    await buttondownCard.getByRole("button", { name: "Connect Buttondown" }).click();
    // The outcome first (a click during the last connection's refresh must not go unseen), then the row.
    await page.getByText(/Buttondown (is connected|was not connected|refused|did not answer)/).waitFor();
    await page.getByText(/Buttondown is connected as tidybooks/).waitFor();
    await expect.poll(() => connected("buttondown"), { timeout: 30_000 }).toBe(1);

    await expectAccessible(page, "project settings with Discord, WordPress and Buttondown connected");
    // The full-page screenshot from the top, so the sticky bars sit where they belong.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "publishing-settings-forms");
    const html = await page.content();
    for (const secret of [webhook.token, wordpressPassword, apiKey]) expect(html.includes(secret), secret).toBe(false);
  });

  it("says why a connection was refused at the field it concerns: wrong credentials, a private address, an unreachable instance", async () => {
    await page.goto(`/projects/${projectId}/settings`);
    const bluesky = await openForm("bluesky", "Bluesky");
    await bluesky.getByLabel("Handle").fill("founder.bsky.test");
    await bluesky.getByLabel("App password").fill("not-the-password");
    await bluesky.getByLabel("Hosting provider (optional)").fill(pds.url);
    await bluesky.getByRole("button", { name: "Connect Bluesky" }).click();
    expect(await errorAt("bluesky", "appPassword")).toBe("Wrong handle or app password.");
    // The handle the founder typed stays; nothing was connected.
    expect(await bluesky.getByLabel("Handle").inputValue()).toBe("founder.bsky.test");
    expect(await connected("bluesky")).toBe(0);
    await checkAtBothWidths(page, "project settings, Bluesky refused the app password");
    await bluesky.getByRole("button", { name: "Cancel" }).click();

    const mastodon = await openForm("mastodon", "Mastodon");
    await mastodon.getByLabel("Your instance").fill("https://10.0.0.1");
    await mastodon.getByRole("button", { name: "Connect Mastodon" }).click();
    expect(await errorAt("mastodon", "instanceUrl")).toMatch(/^That address is not public/);
    await checkAtBothWidths(page, "project settings, a private instance address");

    await mastodon.getByLabel("Your instance").fill(`http://127.0.0.1:${await closedPort()}`);
    await mastodon.getByRole("button", { name: "Connect Mastodon" }).click();
    await expect
      .poll(() => page.locator("#mastodon-instanceUrl-error").textContent())
      .toBe("Couldn't reach that instance. Check the address.");
    expect(await page.locator("#mastodon-instanceUrl").getAttribute("aria-invalid")).toBe("true");
    // The form's notice says it too, never only "Some fields need another look."
    await mastodon.getByRole("alert").filter({ hasText: "Mastodon was not connected: Couldn't reach that instance." }).waitFor();
    expect(await page.getByText("Some fields need another look.").count()).toBe(0);
    await checkAtBothWidths(page, "project settings, an unreachable instance");
    await screenshot(page, "publishing-settings-field-errors");
    expect(page.url()).toContain(`/projects/${projectId}/settings`);
  });
});
