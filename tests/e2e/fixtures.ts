import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { agentTypes } from "@/lib/schemas/project";
import { sampleProject } from "../support/founder";
import { httpClient } from "../support/http-client";
import { latestTokenHash } from "../support/mailbox";
import { launchBrowser } from "./browser";

export interface BrowserFounder {
  email: string;
  password: string;
  key: string;
  context: BrowserContext;
  page: Page;
}

// Fixtures of the browser suites: each test builds the founder and the data it needs
// through the product's own doors (the signup page, the REST API), so no test depends on
// another having run.

/**
 * A founder as a browser makes one: sign up with the solved captcha (free plan), confirm
 * through the e-mail's token (which also gives an API key for setting up data), pay for a
 * paid plan through the local checkout, and sign in.
 */
export async function browserFounder(
  browser: Browser,
  baseUrl: string,
  dataDir: string,
  plan: "free" | "pro" | "studio",
): Promise<BrowserFounder> {
  const client = httpClient(baseUrl, dataDir);
  const email = `growth-${plan}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = "correct horse battery staple";
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);

  await page.goto("/signup");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel(/I accept the terms/).check();
  await page.waitForFunction(
    () => {
      const form = document.querySelector("form");
      return Boolean(form && new FormData(form).get("altcha"));
    },
    undefined,
    { timeout: 60_000 },
  );
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL(/\/signup\/check-email/);

  const bootstrap = await client.call("POST", "/api/v1/keys/bootstrap", {
    body: { tokenHash: latestTokenHash(path.join(dataDir, "mail"), email) },
  });
  expect(bootstrap.status, bootstrap.text).toBe(200);
  const key = bootstrap.json.key as string;
  if (plan !== "free") {
    const checkout = await client.call("POST", "/api/v1/billing/checkout", { key, body: { plan } });
    expect((await fetch(checkout.json.url, { method: "POST" })).status).toBe(200);
  }

  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/dashboard/);
  return { email, password, key, context, page };
}

/**
 * The start of the dashboard suites: Chromium, a founder on `plan` signed in on its own page,
 * and a launch-ready project. `close` closes the browser.
 */
export async function signedInWithProject(baseUrl: string, dataDir: string, plan: "free" | "pro" | "studio") {
  const { browser, close } = await launchBrowser();
  const founder = await browserFounder(browser, baseUrl, dataDir, plan);
  const projectId = await launchReadyProject(baseUrl, dataDir, founder.key);
  return { browser, close, founder, page: founder.page, projectId };
}

/** A created and confirmed project, its pipeline not started. */
export async function confirmedProject(baseUrl: string, dataDir: string, key: string): Promise<string> {
  const { call } = httpClient(baseUrl, dataDir);
  const created = await call("POST", "/api/v1/projects", { key, body: sampleProject });
  expect(created.status, created.text).toBe(201);
  const projectId = created.json.project.id as string;
  expect((await call("POST", `/api/v1/projects/${projectId}/confirm`, { key })).status).toBe(200);
  return projectId;
}

/** A project through all five offline pipeline steps, approved: ready for growth. */
export async function launchReadyProject(baseUrl: string, dataDir: string, key: string): Promise<string> {
  const { call } = httpClient(baseUrl, dataDir);
  const projectId = await confirmedProject(baseUrl, dataDir, key);
  for (const agentType of agentTypes) {
    const run = await call("POST", "/api/v1/agents", { key, body: { projectId, agentType } });
    expect(run.json.run?.status, run.text).toBe("completed");
    await call("PATCH", "/api/v1/agents", { key, body: { runId: run.json.run.id, action: "approve" } });
  }
  return projectId;
}

/** Appends `text` to the project's first post through the API, as the founder editing it would. */
export async function appendToFirstPost(
  baseUrl: string,
  dataDir: string,
  key: string,
  projectId: string,
  text: string,
): Promise<void> {
  const { call } = httpClient(baseUrl, dataDir);
  const { json } = await call("GET", `/api/v1/projects/${projectId}/content`, { key });
  const post = (json.items as Array<{ id: string; kind: string; body: string }>).find((item) => item.kind.startsWith("post-"))!;
  const edited = await call("PATCH", `/api/v1/content/${post.id}`, { key, body: { body: `${post.body}${text}` } });
  expect(edited.status, edited.text).toBe(200);
}

/**
 * A founder's REST calls for setting up a browser test's data: the founder's key, a JSON
 * body, any status below 300 (else the test fails with the answer), the JSON answer.
 */
export function founderApi(baseUrl: string, key: () => string) {
  return async function call(method: string, pathname: string, body?: unknown) {
    const response = await fetch(`${baseUrl}${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${key()}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${pathname}: ${await response.clone().text()}`).toBeLessThan(300);
    // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the answer holds
    return (await response.json()) as Record<string, any>;
  };
}

/** A project's first growth week, planned, approved and with every item drafted (offline), through the API. */
export async function draftedWeek(call: ReturnType<typeof founderApi>, projectId: string): Promise<void> {
  await call("POST", `/api/v1/projects/${projectId}/growth/start`);
  const { cycle } = await call("POST", `/api/v1/projects/${projectId}/growth/cycles`, {});
  await call("POST", `/api/v1/growth/cycles/${cycle.id}/approve`);
  const { cycles } = await call("GET", `/api/v1/projects/${projectId}/growth/cycles`);
  for (const item of cycles[0].items) await call("POST", `/api/v1/growth/items/${item.id}/generate`, {});
}
