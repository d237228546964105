import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectAccessible, launchBrowser, screenshot, signUpInBrowser } from "./browser";
import { appendToFirstPost, type BrowserFounder, browserFounder, confirmedProject, launchReadyProject } from "./fixtures";
import { exportEntry } from "./shell-browser";

// The founder dashboard in real Chromium against the product started as a user starts it:
// sign-up, the wizard, the five steps, the pack, the playbook, exports, a share link, and
// the plan and conflict answers on the way. Each test makes its own founder and data
// (tests/e2e/fixtures.ts), so any one runs alone.

const server = { baseUrl: inject("baseUrl"), dataDir: inject("serverDataDir") };
let browser: Browser;
let closeBrowser: () => Promise<void>;
const founders: BrowserFounder[] = [];
// An 8×8 PNG logo.
const logoPng = "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPwtn+AFTEMLQkAN5VagZi2LtMAAAAASUVORK5CYII=";
const downloads = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-downloads-"));

beforeAll(async () => {
  ({ browser, close: closeBrowser } = await launchBrowser());
}, 600_000);

afterAll(async () => {
  for (const founder of founders) await founder.context.close().catch(() => {});
  await closeBrowser?.();
  fs.rmSync(downloads, { recursive: true, force: true });
});

/** A signed-in founder on `plan`, on the dashboard; closed after the suite. */
async function founderOn(plan: "free" | "pro") {
  const founder = await browserFounder(browser, server.baseUrl, server.dataDir, plan);
  founders.push(founder);
  return founder;
}

/** No serious or critical accessibility violation, then the page at 1280 and 390 pixels wide. */
async function checkPage(target: Page, name: string) {
  await expectAccessible(target, name);
  await screenshot(target, name);
}

const url = (pathname: string) => `${server.baseUrl}${pathname}`;

/** Runs the current step from the launch page and waits for its draft. */
async function runStep(page: Page, title: string) {
  await page.getByRole("button", { name: new RegExp(`^Run ${title}`, "i") }).click();
  await page.getByRole("heading", { name: `${title}: ready for your review` }).waitFor({ timeout: 120_000 });
}

async function approve(page: Page) {
  await page.getByRole("button", { name: "Approve and continue" }).click();
  await page.getByRole("button", { name: "Approve and continue" }).waitFor({ state: "detached" });
}

/** Clicks an action of the pack, going past the warning about blanks left when one comes up. */
async function pastBlanks(page: Page, button: Locator) {
  await button.click();
  const anyway = page.getByRole("dialog").getByRole("button", { name: / anyway$/ });
  await anyway.waitFor({ timeout: 2000 }).then(
    () => anyway.click(),
    () => undefined,
  );
}

async function downloadFrom(page: Page, action: () => Promise<unknown>) {
  const [download] = await Promise.all([page.waitForEvent("download"), action()]);
  const file = path.join(downloads, download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
}

describe("the founder dashboard", () => {
  it("signs a new founder up and shows the empty projects list", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(60_000);
    const page = await signUpInBrowser(
      context,
      server.baseUrl,
      path.join(server.dataDir, "mail"),
      `founder-${crypto.randomUUID().slice(0, 8)}@example.com`,
    );
    await page.goto(url("/dashboard"));
    await page.getByText("No project yet").waitFor();
    await checkPage(page, "projects-empty");
    await page.goto(url("/projects"));
    await page.waitForURL((address) => address.pathname === "/dashboard");
    await context.close();
  }, 600_000);

  it("walks the onboarding wizard with per-step checks and a saved draft", async () => {
    const { page } = await founderOn("free");
    await page.goto(url("/dashboard"));
    await page.getByRole("link", { name: "Start your first project" }).click();
    await page.getByRole("heading", { name: "Your product" }).waitFor();
    await checkPage(page, "wizard");

    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect.poll(() => page.getByText("Required.").count()).toBeGreaterThan(0);

    await page.getByLabel("Project name").fill("Tidybooks launch");
    await page.getByLabel("Business or product name").fill("Tidybooks");
    await expect.poll(() => page.getByText("9 / 200").count()).toBeGreaterThan(0);
    await page
      .getByLabel("What does it do?")
      .fill("Tidybooks matches every bank payment to its invoice overnight and chases late payers politely.");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await page.getByRole("heading", { name: "Problem and features" }).waitFor();
    await page
      .getByLabel("What problem does it solve?")
      .fill("Freelancers lose hours every month reconciling payments and chasing invoices.");
    await page.getByLabel("What it does").fill("Automatic bank matching");
    await page.getByLabel("The benefit").fill("Books that reconcile themselves");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await page.getByRole("heading", { name: "Your audience" }).waitFor();
    await page.getByLabel("Who is it for?").fill("Freelance designers and developers");
    await page.getByLabel("Where they spend time online").fill("LinkedIn\nReddit");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByRole("heading", { name: "Your voice" }).waitFor();

    // Leaving and coming back keeps the answers: the draft lives on the server.
    await page.reload();
    await page.getByRole("heading", { name: "Your voice" }).waitFor();
    await page.getByLabel("Words for your tone").fill("friendly\nclear");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await page.getByRole("heading", { name: "Goals and channels" }).waitFor();
    await page.getByRole("checkbox", { name: "X", exact: true }).check();
    await page.getByRole("checkbox", { name: "LinkedIn" }).check();
    await page.getByRole("button", { name: "Save and continue" }).click();

    await page.getByRole("heading", { name: "Resources" }).waitFor();
    await page.getByLabel("Hours a week for marketing").fill("5 hours");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await page.getByRole("heading", { name: "Review and start" }).waitFor();
    await expect.poll(() => page.getByText("Freelance designers and developers").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Confirm and start" }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}\/launch$/);
    await page.getByRole("heading", { name: "Next: Market strategy" }).waitFor();
  }, 600_000);

  it("runs the five steps: a choice of positioning, a rejection with feedback, a brand name and a palette, and a 409 from a second tab", async () => {
    const { page, context, key } = await founderOn("free");
    const projectId = await confirmedProject(server.baseUrl, server.dataDir, key);
    await page.goto(url(`/projects/${projectId}/launch`));
    await page.getByRole("heading", { name: "Next: Market strategy" }).waitFor();
    await checkPage(page, "launch");

    await runStep(page, "Market strategy");
    const positioning = page.getByRole("group", { name: "Positioning" }).getByRole("radio").first();
    await positioning.check();
    await checkPage(page, "launch-review-market");
    await approve(page);

    await runStep(page, "Brand system");
    // A second tab shows the same draft; the first rejects it with feedback in plain view under
    // the draft, which drafts the step again at once (no "Run … again").
    const second = await context.newPage();
    await second.goto(url(`/projects/${projectId}/launch`));
    await second.getByRole("heading", { name: "Brand system: ready for your review" }).waitFor();
    await page.getByRole("button", { name: "Shorter, please." }).click();
    await expect.poll(() => page.getByLabel("What should the next draft do differently?").inputValue()).toBe("Shorter, please.");
    await page.getByRole("button", { name: "Reject and redraft" }).click();
    const brandRuns = async () =>
      (
        (await (
          await fetch(`${server.baseUrl}/api/v1/projects/${projectId}`, { headers: { Authorization: `Bearer ${key}` } })
        ).json()) as { runs: Array<{ agentType: string; status: string; feedback: string | null }> }
      ).runs.filter((run) => run.agentType === "brand-architect");
    await expect
      .poll(async () => (await brandRuns()).map((run) => run.status), { timeout: 120_000 })
      .toEqual(["rejected", "completed"]);
    expect((await brandRuns())[0]!.feedback).toBe("Shorter, please.");
    await page.getByRole("heading", { name: "Brand system: ready for your review" }).waitFor();
    await page.getByRole("button", { name: "Reject and redraft" }).waitFor();
    // The second tab's draft was rejected meanwhile: approving it is refused, as a sentence.
    await second.getByRole("button", { name: "Approve and continue" }).click();
    await second
      .getByRole("alert")
      .filter({ hasText: /rejected|review/i })
      .waitFor();
    await second.close();

    const brandName = page.getByRole("group", { name: "Brand name" }).getByRole("radio").nth(1);
    const chosenName = (await brandName.locator("xpath=..").locator("span.font-medium").textContent())!.trim();
    await brandName.check();
    await page.getByRole("radio", { name: /The proposed palette/ }).check();
    await checkPage(page, "launch-review-brand");
    await approve(page);

    for (const title of ["Launch plan", "Website copy", "Launch assets"]) {
      await runStep(page, title);
      await approve(page);
    }
    await page.getByRole("heading", { name: "All five steps are approved" }).waitFor();
    await checkPage(page, "launch-done");

    await page.goto(url(`/projects/${projectId}/playbook`));
    await expect.poll(() => page.getByLabel("Brand name").inputValue()).toBe(chosenName);
    expect(await page.getByLabel("Color palette").inputValue()).toMatch(/#[0-9a-f]{6}/i);
  }, 600_000);

  it("edits the decisions on the playbook page", async () => {
    const { page, key } = await founderOn("free");
    const projectId = await launchReadyProject(server.baseUrl, server.dataDir, key);
    await page.goto(url(`/projects/${projectId}/playbook`));
    await page.getByLabel("Tagline").fill("Books that keep themselves.");
    await page.getByRole("button", { name: "Save decisions" }).click();
    await page.getByText("Decisions saved.").waitFor();
    await page.getByText("Books that keep themselves.").first().waitFor();
    await checkPage(page, "playbook");
  }, 600_000);

  it("edits a post in the pack with its channel's length meter", async () => {
    const { page, key } = await founderOn("free");
    const projectId = await launchReadyProject(server.baseUrl, server.dataDir, key);
    await page.goto(url(`/projects/${projectId}/pack`));
    await checkPage(page, "pack");
    await page.getByRole("tab", { name: /^Launch assets/ }).click();
    const post = page.locator('[data-kind^="post-"]').first();
    const meter = post.getByTestId("length-meter");
    const before = Number(/(\d+) \//.exec((await meter.textContent())!)![1]);
    await post.getByRole("button", { name: "Edit" }).click();
    const editor = post.getByRole("textbox", { name: "Text" });
    await editor.press("End");
    await editor.pressSequentially(" Try it today.");
    await expect
      .poll(async () => Number(/(\d+) \//.exec((await meter.textContent())!)![1]))
      .toBe(before + " Try it today.".length);
    await post.getByRole("tab", { name: "Preview" }).click();
    await post.getByRole("tabpanel").getByText("Try it today.").waitFor();
    await post.getByRole("button", { name: "Save" }).click();
    await post.getByText("Edited by you").waitFor();
  }, 600_000);

  it("opens a post too long for a link on its network's empty compose page, and says to paste it", async () => {
    const { page, key } = await founderOn("free");
    const projectId = await launchReadyProject(server.baseUrl, server.dataDir, key);
    await appendToFirstPost(
      server.baseUrl,
      server.dataDir,
      key,
      projectId,
      ` ${"Books that reconcile themselves, every night. ".repeat(90)}`,
    );
    await page.goto(url(`/projects/${projectId}/pack`));
    await page.getByRole("tab", { name: /^Launch assets/ }).click();
    const post = page.locator('[data-kind^="post-"]').first();
    await post.getByText("This post is too long to send prefilled: copy it, then paste it there.").waitFor();
    const open = post.getByRole("link", { name: /^Open in / });
    const redirect = await page.request.get(url((await open.getAttribute("href"))!), { maxRedirects: 0 });
    expect(redirect.status()).toBe(303);
    const compose = new URL(redirect.headers().location!);
    expect(compose.protocol).toBe("https:");
    expect(compose.searchParams.has("text")).toBe(false);
    await screenshot(page, "pack-long-post");
  }, 600_000);

  it("shows the 402 upgrade card for exports on the free plan, then exports every format after upgrading", async () => {
    const { page, key } = await founderOn("free");
    const projectId = await launchReadyProject(server.baseUrl, server.dataDir, key);
    await appendToFirstPost(server.baseUrl, server.dataDir, key, projectId, " Try it today.");
    await page.goto(url(`/projects/${projectId}/pack`));
    await pastBlanks(page, await exportEntry(page, "Export PDF"));
    const card = page.getByTestId("upgrade-card");
    await card.waitFor();
    await card.getByText(/paid plan/).waitFor();
    await checkPage(page, "pack-upgrade");

    await card.getByRole("button", { name: "Upgrade to Pro" }).click();
    await page.waitForURL(/\/billing\/checkout\//);
    await page.getByRole("button", { name: "Complete test payment" }).click();
    await page.waitForLoadState("networkidle");
    await page.goto(url(`/projects/${projectId}/pack`));

    const json = await downloadFrom(page, async () => pastBlanks(page, await exportEntry(page, "Export JSON")));
    const pack = JSON.parse(json.bytes.toString("utf8"));
    expect(JSON.stringify(pack)).toContain("Try it today.");

    const docx = await downloadFrom(page, async () => pastBlanks(page, await exportEntry(page, "Export Word (DOCX)")));
    const documentXml = await (await JSZip.loadAsync(docx.bytes)).file("word/document.xml")!.async("string");
    expect(documentXml).toContain("Market strategy");

    const pdf = await downloadFrom(page, async () => pastBlanks(page, await exportEntry(page, "Export PDF")));
    expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const parsed = await pdfjs.getDocument({ data: new Uint8Array(pdf.bytes) }).promise;
    expect(parsed.numPages).toBeGreaterThan(1);

    const xlsx = await downloadFrom(page, async () => pastBlanks(page, await exportEntry(page, "Export Excel (XLSX)")));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as never);
    expect(workbook.worksheets.length).toBeGreaterThan(0);

    const all = await downloadFrom(page, async () => pastBlanks(page, await exportEntry(page, "Download all (Markdown)")));
    expect(all.bytes.toString("utf8")).toContain("Try it today.");
    await page.getByRole("tab", { name: /^Launch assets/ }).click();
    const one = await downloadFrom(page, () =>
      pastBlanks(
        page,
        page
          .locator('[data-kind^="post-"]')
          .filter({ hasText: "Try it today." })
          .first()
          .getByRole("button", { name: "Download" }),
      ),
    );
    expect(one.name).toMatch(/\.md$/);
    expect(one.bytes.toString("utf8")).toContain("Try it today.");
  }, 600_000);

  it("shares the pack read-only with someone without an account, until the link is revoked", async () => {
    const { page, key } = await founderOn("free");
    const projectId = await launchReadyProject(server.baseUrl, server.dataDir, key);
    await appendToFirstPost(server.baseUrl, server.dataDir, key, projectId, " Try it today.");
    await page.goto(url(`/projects/${projectId}/settings`));
    await page.getByRole("button", { name: "Create a share link" }).click();
    const shareUrl = await page.locator("#share-url").inputValue();
    expect(shareUrl).toMatch(/\/share\/shr_[A-Za-z0-9_-]{40,}$/);
    await page
      .locator("#logo-file")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from(logoPng, "base64") });
    await page.getByRole("button", { name: "Upload logo" }).click();
    const logoForm = page.locator("form").filter({ has: page.locator("#logo-file") });
    const logoNotice = logoForm.getByRole("status").or(logoForm.getByRole("alert")).first();
    await logoNotice.waitFor();
    expect(await logoNotice.textContent()).toContain("Logo saved.");
    const headerLogo = page.getByRole("img", { name: "Tidybooks launch logo" }).first();
    await headerLogo.waitFor();
    await expect.poll(() => headerLogo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(8);
    await checkPage(page, "settings");

    const stranger = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const view = await stranger.newPage();
    await view.goto(shareUrl);
    await view.getByText("Shared launch pack · read-only").waitFor();
    // One step at a time: the posts are in the launch assets.
    await view.getByRole("link", { name: "Launch assets" }).click();
    await view.getByText("Try it today.").first().waitFor();
    expect(await view.getByRole("button", { name: "Edit" }).count()).toBe(0);
    await checkPage(view, "share");

    await page.getByRole("button", { name: "Revoke" }).click();
    await page.getByText("Revoked").waitFor();
    await view.goto(shareUrl);
    await view.getByText("This link does not work").waitFor();
    await stranger.close();
  }, 600_000);

  it("shows the plan's project limit as an upgrade card, not an error page", async () => {
    const { page, key } = await founderOn("pro");
    await launchReadyProject(server.baseUrl, server.dataDir, key);
    await page.goto(url("/dashboard"));
    await page.locator("main").getByText("Tidybooks launch").waitFor();
    await checkPage(page, "projects");
    await page.getByRole("link", { name: "New project" }).click();
    await page.getByText("Your plan's projects are all in use").waitFor();
    await page.getByLabel("Project name").fill("Second launch");
    await page.getByLabel("Business or product name").fill("Second");
    await page.getByLabel("What does it do?").fill("Something else entirely.");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByLabel("What problem does it solve?").fill("A second problem.");
    for (let step = 0; step < 5; step++) await page.getByRole("button", { name: "Save and continue" }).click();
    await page.getByRole("button", { name: "Confirm and start" }).click();
    const card = page.getByTestId("upgrade-card");
    await card.waitFor();
    await card.getByRole("button", { name: "Upgrade to Studio" }).waitFor();
  }, 600_000);

  it("answers a 404 page, never an error, for projects that are not the founder's", async () => {
    const other = await founderOn("free");
    const othersProject = await confirmedProject(server.baseUrl, server.dataDir, other.key);
    const { page } = await founderOn("free");
    const response = await page.goto(url("/projects/not-a-project/launch"));
    expect(response!.status()).toBe(404);
    await page.getByText("No such project").waitFor();
    const unknown = await page.goto(url("/projects/00000000-0000-4000-8000-000000000000/pack"));
    expect(unknown!.status()).toBe(404);
    const notTheirs = await page.goto(url(`/projects/${othersProject}/launch`));
    expect(notTheirs!.status()).toBe(404);
  }, 600_000);
});
