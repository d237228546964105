import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeReddit, startFakeReddit } from "../support/fake-reddit";
import { type FakeThreads, startFakeThreads } from "../support/fake-threads";
import { type StartedServer, startServer } from "../support/server";
import { expectAccessible, launchBrowser, screenshot } from "./browser";
import { browserFounder, launchReadyProject } from "./fixtures";

// Threads and Reddit in project settings, in Chromium, on a server of its own whose Threads
// and Reddit apps point at fakes: their Connect cards, and each connected through the
// network's own page (which the fakes approve at once).

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-threads-reddit-"));
const threadsClient = { clientId: "990602627938098", clientSecret: "threads-e2e-secret-0123456789" };
const redditClient = { clientId: "reddit-e2e-client", clientSecret: "reddit-e2e-secret-0123456789" };
let server: StartedServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let threads: FakeThreads;
let reddit: FakeReddit;
let projectId: string;
let page: Page;

beforeAll(async () => {
  threads = await startFakeThreads(threadsClient);
  reddit = await startFakeReddit(redditClient);
  server = await startServer({
    OUTBOUND_ALLOW_HTTP: "1",
    DATA_DIR: dataDir,
    THREADS_CLIENT_ID: threadsClient.clientId,
    THREADS_CLIENT_SECRET: threadsClient.clientSecret,
    THREADS_AUTH_URL: threads.url,
    THREADS_API_URL: threads.url,
    REDDIT_CLIENT_ID: redditClient.clientId,
    REDDIT_CLIENT_SECRET: redditClient.clientSecret,
    REDDIT_AUTH_URL: reddit.url,
    REDDIT_API_URL: reddit.url,
  });
  ({ browser, close: closeBrowser } = await launchBrowser());
  const founder = await browserFounder(browser, server.baseUrl, dataDir, "pro");
  page = founder.page;
  projectId = await launchReadyProject(server.baseUrl, dataDir, founder.key);
}, 900_000);

afterAll(async () => {
  await closeBrowser?.();
  server?.stop();
  await threads?.close();
  await reddit?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("Threads and Reddit in project settings", () => {
  it("offers Connect Threads and Connect Reddit because the server has their apps, and connects each through its page", async () => {
    await page.goto(`/projects/${projectId}/settings`);
    const connectThreads = page.getByRole("button", { name: "Connect Threads", exact: true });
    const connectReddit = page.getByRole("button", { name: "Connect Reddit", exact: true });
    await connectThreads.waitFor();
    await connectReddit.waitFor();
    await expectAccessible(page, "project settings with Threads and Reddit to connect");
    await screenshot(page, "publishing-settings-threads-reddit");

    await connectThreads.click();
    await page.waitForURL(/\/settings\?connected=threads/);
    await expect
      .poll(() => page.locator('[data-testid="connection"][data-network="threads"][data-status="connected"]').count())
      .toBe(1);
    expect(await page.locator('[data-testid="connection"][data-network="threads"]').textContent()).toContain("@tidyfounder");

    await page.getByRole("button", { name: "Connect Reddit", exact: true }).click();
    await page.waitForURL(/\/settings\?connected=reddit/);
    await expect
      .poll(() => page.locator('[data-testid="connection"][data-network="reddit"][data-status="connected"]').count())
      .toBe(1);
    expect(await page.locator('[data-testid="connection"][data-network="reddit"]').textContent()).toContain("u/tidyfounder");

    const html = await page.content();
    for (const secret of [
      ...threads.issuedTokens(),
      ...reddit.issuedTokens(),
      threadsClient.clientSecret,
      redditClient.clientSecret,
    ])
      expect(html.includes(secret), secret).toBe(false);
  });
});
