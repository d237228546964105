import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeNetwork } from "../support/fake-network";
import { type StartedServer, startServer } from "../support/server";
import { launchBrowser, screenshot } from "./browser";
import { type BrowserFounder, browserFounder, confirmedProject } from "./fixtures";

// Settings → Webhooks in Chromium: a private address is refused at the field, an endpoint on
// a receiver started here (loopback, which OUTBOUND_ALLOW_HTTP=loopback lets through) shows
// its secret once, gets a conversion's event from the server's own job engine, and the
// page's Redeliver button sends it again with the same webhook-id.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-webhooks-"));
let server: StartedServer;
let closeBrowser: () => Promise<void>;
let receiver: Awaited<ReturnType<typeof startFakeNetwork>>;
let founder: BrowserFounder;
let page: Page;
let projectId: string;

beforeAll(async () => {
  receiver = await startFakeNetwork(() => ({ status: 200, json: { ok: true } }));
  server = await startServer({ OUTBOUND_ALLOW_HTTP: "loopback", DATA_DIR: dataDir, SCHEDULER_TICK_S: "1" });
  const launched = await launchBrowser();
  closeBrowser = launched.close;
  founder = await browserFounder(launched.browser, server.baseUrl, dataDir, "pro");
  page = founder.page;
  projectId = await confirmedProject(server.baseUrl, dataDir, founder.key);
}, 900_000);

afterAll(async () => {
  await closeBrowser?.();
  server?.stop();
  await receiver?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const hooks = () => receiver.requests.filter((request) => request.path === "/hook");

describe("Settings → Webhooks", () => {
  it("refuses a private address at the field, then adds an endpoint and shows its secret once", async () => {
    await page.goto("/settings/webhooks");
    await page.getByRole("heading", { name: "Add a webhook endpoint" }).waitFor();
    await page.getByLabel(/^Endpoint URL/).fill("https://10.0.0.1/hooks");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.locator("#field-url-error").waitFor();
    expect(await page.locator("#field-url-error").textContent()).toMatch(/private network/);

    await page.getByLabel(/^Endpoint URL/).fill(`${receiver.url}/hook`);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secret = await page.getByTestId("new-webhook-secret").textContent();
    expect(secret).toMatch(/^whsec_/);
    await page.reload();
    // A page still streaming in may hold a hidden second copy of a part: read the one shown.
    await page.getByText(`${receiver.url}/hook`, { exact: true }).filter({ visible: true }).waitFor();
    expect(await page.content()).not.toContain(secret!.slice(6));
  });

  it("lists the delivery of a reported sign-up, and Redeliver sends it again with the same webhook-id", async () => {
    const reported = await fetch(`${server.baseUrl}/api/v1/projects/${projectId}/conversions`, {
      method: "POST",
      headers: { Authorization: `Bearer ${founder.key}`, "Content-Type": "application/json" },
      body: JSON.stringify({ event: "signup", externalId: "user_42" }),
    });
    expect(reported.status).toBe(202);
    await expect.poll(() => hooks().length, { timeout: 30_000 }).toBe(1);
    expect(JSON.parse(hooks()[0]!.body)).toMatchObject({ type: "conversion.created", data: { event: "signup" } });

    await page.reload();
    await page.getByText("Delivered").filter({ visible: true }).first().waitFor();
    await page.getByRole("button", { name: /^Redeliver conversion\.created/ }).click();
    await expect.poll(() => hooks().length, { timeout: 30_000 }).toBe(2);
    expect(hooks()[1]!.headers["webhook-id"]).toBe(hooks()[0]!.headers["webhook-id"]);
    await page.reload();
    await page.getByRole("table", { name: /Latest deliveries/ }).waitFor();
    await screenshot(page, "webhooks");
  });
});
