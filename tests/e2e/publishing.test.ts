import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeBluesky, startFakeBluesky } from "../support/fake-bluesky";
import { type FakeMastodon, startFakeMastodon } from "../support/fake-mastodon";
import { type FakeX, startFakeX } from "../support/fake-x";
import { httpClient } from "../support/http-client";
import { type StartedServer, startServer } from "../support/server";
import { expectAccessible, launchBrowser, screenshot } from "./browser";
import { browserFounder, launchReadyProject } from "./fixtures";

// Publishing in Chromium against fake Bluesky, Mastodon and X servers, on a server of its own
// (X configured, LinkedIn not)
// (its ticker runs every second; short leases), which this suite also kills with SIGKILL
// while a publication is claimed and starts again on the same data directory.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-publishing-"));
const env: Record<string, string> = {
  OUTBOUND_ALLOW_HTTP: "1",
  SCHEDULER_TICK_S: "1",
  JOB_LEASE_S: "4",
  JOB_RETRY_BASE_S: "1",
  DATA_DIR: dataDir,
};
let server: StartedServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let pds: FakeBluesky;
let instance: FakeMastodon;
let xNetwork: FakeX;
const xClient = { clientId: "x-e2e-client", clientSecret: "x-e2e-client-secret-0123456789" };
let key: string;
let projectId: string;
let page: Page;
const items: Record<string, string> = {};

const api = () => httpClient(server.baseUrl, dataDir);
const call = async (method: string, urlPath: string, body?: unknown) => api().call(method, urlPath, { key, body });
async function itemById(itemId: string) {
  const { json } = await call("GET", `/api/v1/projects/${projectId}/growth/cycles`);
  return json.cycles
    .flatMap((cycle: { items: { id: string }[] }) => cycle.items)
    .find((item: { id: string }) => item.id === itemId);
}

beforeAll(async () => {
  pds = await startFakeBluesky();
  instance = await startFakeMastodon();
  pds.addAccount("founder.bsky.test", "app-pass-1234");
  xNetwork = await startFakeX(xClient);
  Object.assign(env, {
    X_CLIENT_ID: xClient.clientId,
    X_CLIENT_SECRET: xClient.clientSecret,
    X_AUTH_URL: xNetwork.url,
    X_API_URL: xNetwork.url,
  });
  server = await startServer(env);
  ({ browser, close: closeBrowser } = await launchBrowser());
  const founder = await browserFounder(browser, server.baseUrl, dataDir, "pro");
  ({ key, page } = founder);
  projectId = await launchReadyProject(server.baseUrl, dataDir, key);
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const planned = (await call("POST", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycle;
  const post = (slug: string, title: string, day: string) => ({
    slug,
    title,
    angle: "Why we built it",
    keyMessage: "Tidybooks reconciles your books overnight",
    suggestedDay: day,
  });
  const plan = {
    ...planned.plan,
    contentPlan: [
      {
        channel: "bluesky",
        count: 2,
        items: [post("bsky-launch", "Launch day on Bluesky", "Wed"), post("bsky-crash", "Why invoices go late", "Thu")],
      },
      { channel: "mastodon", count: 1, items: [post("masto-hello", "Hello fediverse", "Wed")] },
      { channel: "x", count: 1, items: [post("x-lost", "Books that close themselves", "Thu")] },
    ],
  };
  const approved = (await call("POST", `/api/v1/growth/cycles/${planned.id}/approve`, { plan })).json.cycle;
  for (const item of approved.items) {
    items[item.slug] = item.id;
    expect((await call("POST", `/api/v1/growth/items/${item.id}/generate`)).status).toBe(200);
  }
}, 900_000);

afterAll(async () => {
  await closeBrowser?.();
  server?.stop();
  await pds?.close();
  await instance?.close();
  await xNetwork?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("publishing in the dashboard", () => {
  it("connects Bluesky and Mastodon in project settings; no secret reaches the page", async () => {
    await page.goto(`/projects/${projectId}/settings`);
    // "Add an account" opens one network's form in place.
    await page.getByTestId("add-bluesky").getByRole("button", { name: "Connect Bluesky" }).click();
    const bluesky = page.getByTestId("connect-bluesky");
    await bluesky.getByLabel("Handle").fill("founder.bsky.test");
    await bluesky.getByLabel("App password").fill("wrong-password");
    await bluesky.getByLabel("Hosting provider (optional)").fill(pds.url);
    await bluesky.getByRole("button", { name: "Connect Bluesky" }).click();
    await page.locator("#bluesky-appPassword-error").getByText("Wrong handle or app password.").waitFor();
    await bluesky.getByLabel("App password").fill("app-pass-1234");
    await bluesky.getByRole("button", { name: "Connect Bluesky" }).click();
    await expect
      .poll(() => page.locator('[data-testid="connection"][data-network="bluesky"][data-status="connected"]').count())
      .toBe(1);

    await page.getByTestId("add-mastodon").getByRole("button", { name: "Connect Mastodon" }).click();
    const mastodon = page.getByTestId("connect-mastodon");
    await mastodon.getByLabel("Your instance").fill(instance.url);
    await mastodon.getByRole("button", { name: "Connect Mastodon" }).click();
    await page.waitForURL(/\/settings\?connected=mastodon/);
    await expect
      .poll(() => page.locator('[data-testid="connection"][data-network="mastodon"][data-status="connected"]').count())
      .toBe(1);
    await page.getByText(/Mastodon is connected/).waitFor();
    await expectAccessible(page, "project settings with connections");
    await screenshot(page, "publishing-settings");
    const html = await page.content();
    for (const secret of [...pds.issuedTokens(), ...instance.issuedTokens(), "app-pass-1234"])
      expect(html.includes(secret), secret).toBe(false);
  });

  it("offers Connect X only because the server has an X client (LinkedIn keeps Open in … and Copy), and connects X through its authorize page", async () => {
    await page.goto(`/projects/${projectId}/settings`);
    const connectX = page.getByRole("button", { name: "Connect X", exact: true });
    await connectX.waitFor();
    expect(await page.getByRole("button", { name: "Connect LinkedIn", exact: true }).count()).toBe(0);
    await page.getByText(/^LinkedIn, Threads and Reddit: open the post in the network's composer/).waitFor();
    await connectX.click();
    await page.waitForURL(/\/settings\?connected=x/);
    await expect
      .poll(() => page.locator('[data-testid="connection"][data-network="x"][data-status="connected"]').count())
      .toBe(1);
    await page.getByText(/X is connected/).waitFor();
    expect(await page.locator('[data-testid="connection"][data-network="x"]').textContent()).toContain("@tidyfounder");
    await expectAccessible(page, "project settings with X connected");
    await screenshot(page, "publishing-settings-x");
    const html = await page.content();
    for (const secret of [...xNetwork.issuedTokens(), xClient.clientSecret]) expect(html.includes(secret), secret).toBe(false);
  });

  it("schedules an approved post on its account, publishes it now, shows its link and numbers; a revoked token fails with the reason and offers a retry", async () => {
    await page.goto(`/projects/${projectId}/growth`);
    // The board shows one item's draft at a time: each is opened from its calendar entry.
    const panel = async (itemId: string) => {
      await page.locator(`a[data-testid="calendar-item"][href="#item-${itemId}"]`).click();
      const opened = page.locator(`#item-${itemId}`);
      await opened.waitFor();
      return opened;
    };
    const bluesky = await panel(items["bsky-launch"]!);
    await bluesky.getByRole("button", { name: "Approve draft" }).click();
    await expect.poll(() => bluesky.getByTestId("publication-status").textContent()).toBe("Scheduled");
    await expect.poll(() => bluesky.getByLabel("Account").inputValue()).not.toBe("");
    await bluesky.getByRole("button", { name: "Publish now" }).click();
    await expect.poll(() => bluesky.getByTestId("publication-status").textContent(), { timeout: 30_000 }).toBe("Published");
    expect(pds.posts()).toHaveLength(1);
    expect(await bluesky.getByTestId("post-link").getAttribute("href")).toMatch(
      /^https:\/\/bsky\.app\/profile\/founder\.bsky\.test\/post\//,
    );
    pds.setCounts(pds.posts()[0]!.uri, { likeCount: 21, repostCount: 4, replyCount: 3, quoteCount: 1 });
    await bluesky.getByRole("button", { name: "Refresh numbers" }).click();
    await expect.poll(() => bluesky.getByTestId("post-metrics").textContent()).toContain("Likes21");
    // The board's chart of the week's numbers counts it.
    const chart = page.getByTestId("week-chart").getByRole("img");
    await expect.poll(() => chart.getAttribute("aria-label")).toContain("21 likes, 4 reposts, 3 replies");
    expect(await page.getByTestId("week-chart").locator("table td").allTextContents()).toContain("21");

    const mastodon = await panel(items["masto-hello"]!);
    await mastodon.getByRole("button", { name: "Approve draft" }).click();
    await expect.poll(() => mastodon.getByTestId("publication-status").textContent()).toBe("Scheduled");
    instance.revokeAllTokens();
    await mastodon.getByRole("button", { name: "Publish now" }).click();
    await expect.poll(() => mastodon.getByTestId("publication-status").textContent(), { timeout: 30_000 }).toBe("Failed");
    await mastodon
      .getByText(/access token is invalid/)
      .first()
      .waitFor();
    expect(await mastodon.getByRole("button", { name: "Retry now" }).count()).toBe(1);
    // The retro is its own step: its numbers show once the founder opens it.
    await page.getByRole("button", { name: "Write the retro" }).click();
    await page.getByTestId("retro-metrics").first().waitFor();
    expect(await page.getByTestId("retro-metrics").first().textContent()).toContain("21 likes");
    await expectAccessible(page, "week board with publications");
    await screenshot(page, "publishing-board");
    const html = await page.content();
    for (const secret of [...pds.issuedTokens(), ...instance.issuedTokens(), "app-pass-1234"])
      expect(html.includes(secret), secret).toBe(false);
    for (const secret of [...pds.issuedTokens(), ...instance.issuedTokens(), ...xNetwork.issuedTokens(), "app-pass-1234"])
      expect(server.output.join("").includes(secret), `server log: ${secret}`).toBe(false);
  });
});

describe("a post that may have gone out", () => {
  it("X committed the post and its answer was lost: the panel says it may be live, and the founder's link marks it published; one post", async () => {
    await page.goto(`/projects/${projectId}/growth`);
    await page.locator(`a[data-testid="calendar-item"][href="#item-${items["x-lost"]}"]`).click();
    const panel = page.locator(`#item-${items["x-lost"]}`);
    await panel.waitFor();
    await panel.getByRole("button", { name: "Approve draft" }).click();
    await expect.poll(() => panel.getByTestId("publication-status").textContent()).toBe("Scheduled");
    await expect.poll(() => panel.getByLabel("Account").inputValue()).not.toBe("");
    xNetwork.dropAnswerNext("/2/tweets");
    await panel.getByRole("button", { name: "Publish now" }).click();
    await expect.poll(() => panel.getByTestId("publication-status").textContent(), { timeout: 30_000 }).toBe("May have posted");
    await panel.getByText("This post may already be live").waitFor();
    expect(xNetwork.posts()).toHaveLength(1);
    const wentOut = panel.getByRole("button", { name: "It went out" });
    expect(await wentOut.isDisabled()).toBe(true);
    expect(await panel.getByRole("button", { name: "It did not go out: post it again" }).count()).toBe(1);
    expect(await panel.getByText("Posted it? Mark it published").count()).toBe(0);
    await expectAccessible(page, "a publication that may have gone out");
    await screenshot(page, "publishing-unconfirmed");

    const url = `https://x.com/tidyfounder/status/${xNetwork.posts()[0]!.id}`;
    await panel.getByLabel("Link to the post, if you found it").fill(url);
    await wentOut.click();
    await expect.poll(() => panel.getByTestId("publication-status").textContent(), { timeout: 30_000 }).toBe("Published");
    expect(await panel.getByTestId("post-link").getAttribute("href")).toBe(url);
    expect(xNetwork.posts()).toHaveLength(1);
  });
});

describe("connecting from the item", () => {
  it("connects Bluesky in a dialog from an approved post (its refusal at the field there); the post is then on that account", async () => {
    // A founder and project of their own, with no account yet: whatever ran before, this post starts unconnected.
    const other = await browserFounder(browser, server.baseUrl, dataDir, "pro");
    const call = async (method: string, urlPath: string, body?: unknown) => api().call(method, urlPath, { key: other.key, body });
    const { page } = other;
    const id = await launchReadyProject(server.baseUrl, dataDir, other.key);
    await call("POST", `/api/v1/projects/${id}/growth/start`);
    const planned = (await call("POST", `/api/v1/projects/${id}/growth/cycles`)).json.cycle;
    const plan = {
      ...planned.plan,
      contentPlan: [
        {
          channel: "bluesky",
          count: 1,
          items: [
            {
              slug: "bsky-inline",
              title: "Connected from the post",
              angle: "Why we built it",
              keyMessage: "Tidybooks reconciles your books overnight",
              suggestedDay: "Fri",
            },
          ],
        },
      ],
    };
    const itemId = (await call("POST", `/api/v1/growth/cycles/${planned.id}/approve`, { plan })).json.cycle.items[0].id;
    expect((await call("POST", `/api/v1/growth/items/${itemId}/generate`)).status).toBe(200);
    expect((await call("PATCH", `/api/v1/growth/items/${itemId}`, { status: "approved" })).status).toBe(200);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/projects/${id}/growth#item-${itemId}`);
    const publication = page.locator(`#item-${itemId}`).getByTestId("publication");
    await publication.getByText("None: you post it by hand").waitFor();
    await publication.getByRole("button", { name: "Connect Bluesky" }).click();
    const dialog = page.getByRole("dialog", { name: "Connect Bluesky" });
    await dialog.getByLabel("Handle").fill("founder.bsky.test");
    await dialog.getByLabel("App password").fill("not-the-password");
    await dialog.getByLabel("Hosting provider (optional)").fill(pds.url);
    await dialog.getByRole("button", { name: "Connect Bluesky" }).click();
    await expect.poll(() => page.locator("#bluesky-appPassword-error").textContent()).toBe("Wrong handle or app password.");
    await expectAccessible(page, "the connect dialog with a refusal at its field");
    await dialog.getByLabel("App password").fill("app-pass-1234");
    await dialog.getByRole("button", { name: "Connect Bluesky" }).click();
    await dialog.waitFor({ state: "hidden" });

    // The item shows the account, chosen for it; the API says the same.
    const account = publication.getByLabel("Account");
    await expect.poll(() => account.inputValue()).not.toBe("");
    expect(await account.locator("option:checked").textContent()).toContain("founder.bsky.test");
    expect(await publication.getByRole("button", { name: "Publish now" }).isEnabled()).toBe(true);
    const { json } = await call("GET", `/api/v1/projects/${id}/growth/cycles`);
    const item = json.cycles[0].items.find((candidate: { id: string }) => candidate.id === itemId);
    const { json: listed } = await call("GET", `/api/v1/projects/${id}/connections`);
    const connection = listed.connections.find((candidate: { network: string }) => candidate.network === "bluesky");
    expect(item.publication).toMatchObject({ status: "scheduled", connectionId: connection.id });
    await screenshot(page, "publishing-connect-from-item");
    await other.context.close();
  });
});

describe("a crash while a publication is claimed", () => {
  it("kill -9 after the network committed the post, then a restart: exactly one post and a settled job", async () => {
    await call("PATCH", `/api/v1/growth/items/${items["bsky-crash"]}`, { status: "approved" });
    const before = pds.posts().length;
    // The PDS records the post at once but answers only after a minute: the server dies waiting.
    pds.holdAnswerNext("/xrpc/com.atproto.repo.createRecord", 60_000);
    expect((await call("POST", `/api/v1/growth/items/${items["bsky-crash"]}/publish`)).status).toBe(202);
    await expect.poll(() => pds.posts().length, { timeout: 30_000 }).toBe(before + 1);
    expect((await itemById(items["bsky-crash"]!)).publication.status).toBe("publishing");
    const crashed = server;
    process.kill(-crashed.processGroup, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 500));
    crashed.stop();

    server = await startServer(env);
    await expect
      .poll(async () => (await itemById(items["bsky-crash"]!))?.publication?.status, { timeout: 60_000, interval: 500 })
      .toBe("published");
    expect(pds.posts().length).toBe(before + 1);
    const item = await itemById(items["bsky-crash"]!);
    expect(item.publication.externalId).toBe(pds.posts().at(-1)!.uri);
    const events = await call("GET", `/api/v1/projects/${projectId}/events`);
    const state = JSON.parse(/event: state\ndata: (.*)\n/.exec(events.text)![1]!);
    const job = state.jobs.find(
      (entry: { kind: string; subjectId: string }) => entry.kind === "publish" && entry.subjectId === items["bsky-crash"],
    );
    expect(job).toMatchObject({ status: "succeeded", attempts: 2 });
  });
});
