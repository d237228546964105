import fs from "node:fs";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { agentTypes } from "@/lib/schemas/project";
import { sampleProject } from "./founder";
import { latestTokenHash } from "./mailbox";
import { startServer } from "./server";

// `npm run docs:screens:dashboard`: starts the product as a user does, makes a sample founder
// (Studio plan) with a launch-ready project in its growth week and a second one waiting for
// review, and writes the dashboard's screenshots at 1280 and 390 px into docs/screens.
// Screenshots come from here only, never from a test run.

const outDir = path.join(process.cwd(), "docs", "screens");
const password = "correct horse battery staple";

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
    const { page, key } = await founder(context, server.baseUrl, server.dataDir);
    const call = async (method: string, pathname: string, body?: unknown) => {
      const response = await fetch(`${server.baseUrl}${pathname}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json().catch(() => null)) as Record<string, any> | null;
      if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${JSON.stringify(json)}`);
      return json!;
    };

    const ready = (await call("POST", "/api/v1/projects", sampleProject)).project.id as string;
    await call("POST", `/api/v1/projects/${ready}/confirm`);
    for (const agentType of agentTypes) {
      const run = await call("POST", "/api/v1/agents", { projectId: ready, agentType });
      await call("PATCH", "/api/v1/agents", { runId: run.run.id, action: "approve" });
    }
    const review = (await call("POST", "/api/v1/projects", { ...sampleProject, name: "Tidybooks for teams" })).project
      .id as string;
    await call("POST", `/api/v1/projects/${review}/confirm`);
    await call("POST", "/api/v1/agents", { projectId: review, agentType: "market-strategist" });

    await shoot(page, "shell-dashboard", "/dashboard");
    await shoot(page, "shell-pack-blanks", `/projects/${ready}/pack`);
    await shoot(page, "shell-launch-review", `/projects/${review}/launch`);
    await shoot(page, "shell-playbook", `/projects/${ready}/playbook`);
    await shoot(page, "shell-project-settings", `/projects/${ready}/settings`);
    await shoot(page, "shell-account", "/settings/account");

    await call("POST", `/api/v1/projects/${ready}/growth/start`);
    const cycle = (await call("POST", `/api/v1/projects/${ready}/growth/cycles`, {})).cycle;
    await shoot(page, "shell-growth-plan", `/projects/${ready}/growth`);
    await call("POST", `/api/v1/growth/cycles/${cycle.id}/approve`);
    const planned = (await call("GET", `/api/v1/projects/${ready}/growth/cycles`)).cycles[0];
    for (const item of planned.items ?? []) await call("POST", `/api/v1/growth/items/${item.id}/generate`, {});
    await shoot(page, "shell-week-board", `/projects/${ready}/growth`);
    // The week approved: every post has its time, on a connected account or as a reminder to post by hand.
    for (const item of planned.items ?? []) await call("PATCH", `/api/v1/growth/items/${item.id}`, { status: "approved" });
    await shoot(page, "shell-scheduled-week", `/projects/${ready}/growth`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/projects/${ready}/pack`);
    await page.getByRole("button", { name: "Menu" }).click();
    await page.screenshot({ path: path.join(outDir, "shell-menu-390.png") });

    await page.emulateMedia({ colorScheme: "dark" });
    await shoot(page, "shell-dark-pack", `/projects/${ready}/pack`);
    await shoot(page, "shell-dark-review", `/projects/${review}/launch`);
    console.log(`Screenshots in ${path.relative(process.cwd(), outDir)}`);
  } finally {
    await browser.close();
    server.stop();
  }
}

/** Signs a founder up in the browser (the widget solves the captcha), takes an API key from the confirmation, pays for Studio, signs in. */
async function founder(context: BrowserContext, baseUrl: string, dataDir: string) {
  const email = `screens-${Date.now()}@example.com`;
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  await page.goto("/signup");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel(/I accept the terms/).check();
  await page.waitForFunction(() => Boolean(new FormData(document.querySelector("form")!).get("altcha")));
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL(/\/signup\/check-email/);
  const bootstrap = await fetch(`${baseUrl}/api/v1/keys/bootstrap`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ tokenHash: latestTokenHash(path.join(dataDir, "mail"), email) }),
  });
  const key = ((await bootstrap.json()) as { key: string }).key;
  const checkout = await fetch(`${baseUrl}/api/v1/billing/checkout`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ plan: "studio" }),
  });
  await fetch(((await checkout.json()) as { url: string }).url, { method: "POST" });
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/dashboard/);
  return { page, key };
}

/** The page at 1280 and 390 px, full height, as `<name>-<width>.png`. */
async function shoot(page: Page, name: string, pathname: string) {
  fs.mkdirSync(outDir, { recursive: true });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(pathname);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(outDir, `${name}-${size.width}.png`), fullPage: true, animations: "disabled" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

await main();
