import http from "node:http";
import type { AddressInfo } from "node:net";
import { parse } from "csv-parse/sync";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { resultsGroupings } from "@/lib/schemas/links";
import { screenshot } from "./browser";
import { type BrowserFounder, draftedWeek, founderApi, signedInWithProject } from "./fixtures";
import { checkAtBothWidths } from "./shell-browser";

// Plan → post → click → sign-up → Results, with a real browser: a "founder's site" served by
// the test carries the Launchloop script; a reader reaches it through a post's tracked link
// and signs up; the conversion shows on the Results page, against the post that brought it.

const baseUrl = inject("baseUrl");
const dataDir = inject("serverDataDir");
// A reader's browser, not "HeadlessChrome" (which the redirect rightly records as a bot).
const readerAgent =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

let browser: Browser;
let closeBrowser: () => Promise<void>;
let founder: BrowserFounder;
let projectId: string;
let site: http.Server;
let siteUrl: string;
let publishableKey: string;

const call = founderApi(baseUrl, () => founder.key);

/** The founder's own site: a landing page with the script and a sign-up button that reports the sign-up. */
function landingPage() {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tidybooks</title>
<script src="${baseUrl}/launchloop.js" data-key="${publishableKey}" defer></script></head>
<body><h1>Tidybooks</h1><button id="signup" type="button">Sign up</button><p id="done" hidden>Welcome!</p>
<script>
document.getElementById("signup").addEventListener("click", async () => {
  const ok = await window.launchloop.track("signup", { externalId: "reader-42" });
  document.getElementById("done").hidden = !ok;
});
</script></body></html>`;
}

beforeAll(async () => {
  ({ browser, close: closeBrowser, founder, projectId } = await signedInWithProject(baseUrl, dataDir, "pro"));
  site = http.createServer((_request, response) => {
    response.setHeader("Content-Type", "text/html; charset=utf-8");
    response.end(landingPage());
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  await call("PATCH", `/api/v1/projects/${projectId}/link-settings`, { siteUrl: "https://tidybooks.example" });
  publishableKey = (await call("POST", `/api/v1/projects/${projectId}/ingest-keys`, { kind: "publishable" })).key;
  await draftedWeek(call, projectId);
}, 600_000);
afterAll(async () => {
  await closeBrowser?.();
  await new Promise((resolve) => site?.close(resolve));
});

describe("results", () => {
  it("traces a reader's sign-up on the founder's site back to the post that brought them", async () => {
    const { links } = await call("GET", `/api/v1/projects/${projectId}/links`);
    const link = links.find((entry: { growthItemId: string | null }) => entry.growthItemId);
    expect(link, "a drafted post carries a tracked link").toBeDefined();
    // The post keeps its short link; where it sends readers is the test's own site.
    await call("PATCH", `/api/v1/links/${link.id}`, { destination: siteUrl });

    const reader = await browser.newContext({ userAgent: readerAgent });
    const tab = await reader.newPage();
    await tab.goto(link.shortUrl);
    expect(new URL(tab.url()).searchParams.get("ll_click")).toMatch(/^[0-9a-f-]{36}$/);
    expect(new URL(tab.url()).searchParams.get("utm_source")).toBeTruthy();
    await tab.waitForFunction(() => "launchloop" in window);
    await tab.getByRole("button", { name: "Sign up" }).click();
    await tab.getByText("Welcome!").waitFor();
    // Launchloop set no cookie on its own domain; the click id stayed in the site's storage.
    expect((await reader.cookies(baseUrl)).length).toBe(0);
    expect(await tab.evaluate(() => localStorage.getItem("ll_click"))).toContain(
      new URL(tab.url()).searchParams.get("ll_click")!,
    );
    await reader.close();

    const page = founder.page;
    await expect
      .poll(async () => {
        await page.goto(`/projects/${projectId}/results`);
        return page.getByRole("definition").first().textContent();
      })
      .toBe("1");
    const title = cycles0Title(await call("GET", `/api/v1/projects/${projectId}/growth/cycles`), link.growthItemId);
    expect(await page.getByRole("table", { name: "Sign-ups and clicks by post" }).textContent()).toContain(title);
    // The week's sign-up rate is on screen under its bars, and the channels have their chart.
    expect(await page.getByTestId("week-rate").allTextContents()).toEqual(["100%"]);
    expect(await page.getByTestId("channel-chart").getByRole("img").getAttribute("aria-label")).toMatch(/: 1 sign-ups, 1 clicks/);
    // The CSV of every grouping, as the page's session downloads it.
    for (const groupBy of resultsGroupings) {
      const answer = await page.request.get(`/projects/${projectId}/results/csv?groupBy=${groupBy}`);
      expect(answer.status(), groupBy).toBe(200);
      expect(answer.headers()["content-type"]).toMatch(/^text\/csv/);
      expect(answer.headers()["content-disposition"]).toContain(`results-${groupBy}-`);
      const records: string[][] = parse(await answer.text());
      expect(records[0]![0]).toBe("group");
      expect(records.every((record) => record.length === 7)).toBe(true);
      expect(records.at(-2)!.slice(0, 5)).toEqual(["total", "All tracked links", "", "1", "1"]);
    }
    await checkAtBothWidths(page, "the results page");
    await screenshot(page, "results");

    await page.goto(`/projects/${projectId}/growth#item-${link.growthItemId}`);
    // The board opens the item the address names once it has hydrated.
    const results = page.locator(`#item-${link.growthItemId}`).getByTestId("item-results");
    await results.waitFor();
    expect(await results.textContent()).toContain("1 sign-up");

    // The post's link is the founder's to point elsewhere: only http or https, said at the field.
    const panel = page.locator(`#item-${link.growthItemId}`);
    await panel.getByRole("button", { name: "Change address" }).click();
    await panel.getByLabel("Where the link sends readers").fill("javascript:alert(1)");
    await panel.getByRole("button", { name: "Save" }).click();
    await panel.getByText("Use a full web address starting with https://").waitFor();
    await panel.getByLabel("Where the link sends readers").fill(`${siteUrl}pricing`);
    await panel.getByRole("button", { name: "Save" }).click();
    await panel.getByText("/pricing", { exact: false }).first().waitFor();

    // The retro puts the post's sign-ups first and suggests its grade from them.
    await page.getByRole("button", { name: "Write the retro" }).click();
    const retroItem = page.getByTestId("retro-item").filter({ hasText: title });
    await retroItem.waitFor();
    const said = await retroItem.getByTestId("retro-metrics").textContent();
    expect(said).toMatch(/^1 sign-up · 1 click/);
    expect(said).toContain("suggested grade: Great (1 sign-up");
    await screenshot(page, "retro-signups");
  });

  it("makes, lists and revokes the project's conversion keys in project settings", async () => {
    const page = founder.page;
    await page.goto(`/projects/${projectId}/settings#tracking`);
    await page.getByRole("button", { name: "Make a server key" }).click();
    const shown = page.getByTestId("new-conversion-key");
    await shown.waitFor();
    const secret = (await shown.textContent())!;
    const reported = await fetch(`${baseUrl}/api/v1/projects/${projectId}/conversions`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ event: "purchase", externalId: "order-1", value: 24, currency: "USD" }),
    });
    expect(reported.status).toBe(202);
    await page.reload();
    const table = page.getByRole("table", { name: "The project's conversion keys" });
    await table.waitFor();
    expect(await table.textContent()).toContain("(server)");
    await checkAtBothWidths(page, "project settings with conversion keys");
    await page.getByRole("button", { name: "Revoke the conversion key Server" }).click();
    await page.getByRole("button", { name: "Revoke key" }).click();
    await expect
      .poll(
        async () =>
          (await call("GET", `/api/v1/projects/${projectId}/ingest-keys`)).keys.filter(
            (key: { kind: string }) => key.kind === "secret",
          ).length,
        {
          timeout: 30_000,
          message: `the key is revoked (the dialog says: ${await page
            .getByRole("dialog")
            .textContent()
            .catch(() => "")})`,
        },
      )
      .toBe(0);
    const refused = await fetch(`${baseUrl}/api/v1/projects/${projectId}/conversions`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ event: "purchase", externalId: "order-2" }),
    });
    expect(refused.status).toBe(401);
  });
});

function cycles0Title(answer: Record<string, any>, itemId: string): string {
  return answer.cycles[0].items.find((item: { id: string }) => item.id === itemId).title;
}
