import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatRequest, startFakeOpenAI } from "../support/fake-openai";
import { httpClient } from "../support/http-client";
import { type StartedServer, startServer } from "../support/server";
import { launchBrowser, screenshot } from "./browser";
import { browserFounder, launchReadyProject } from "./fixtures";

// Planning and drafting as jobs, in Chromium: the founder's launch is made offline, then the
// server starts again on the same data with a fake OpenAI whose answers the test holds, so
// "while the planner works" is a state the test controls instead of a race against time.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-growth-jobs-"));
let server: StartedServer;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let key: string;
let projectId: string;
let first: Page;

const call = (method: string, urlPath: string, body?: unknown) =>
  httpClient(server.baseUrl, dataDir).call(method, urlPath, { key, body });
const asked = (name: string) =>
  fake.requests.filter(({ body }) => (body as ChatRequest).response_format?.json_schema?.name === name);
const isAlive = (processGroup: number) => {
  try {
    process.kill(-processGroup, 0);
    return true;
  } catch {
    return false;
  }
};
const growthPage = () => `${server.baseUrl}/projects/${projectId}/growth`;

const plan = {
  weekTheme: "Proof before promises",
  rationale: "Three hours: two posts and one task.",
  contentPlan: [
    {
      channel: "linkedin",
      audienceRationale: null,
      items: [
        {
          title: "What overnight reconciliation saved us",
          angle: "Proof",
          keyMessage: "Books closed by morning",
          cta: null,
          suggestedDay: "Tue",
          notes: null,
        },
      ],
    },
  ],
  founderTasks: [
    {
      title: "Ask three customers for a quote",
      description: "By e-mail",
      category: "outreach",
      effort: "30m",
      suggestedDay: null,
    },
  ],
  skipped: [],
};
const draft = {
  title: null,
  body: "Our books close by morning now.\n\nTry it: https://tidybooks.example",
  hashtags: [],
  script: null,
};

beforeAll(async () => {
  fake = await startFakeOpenAI();
  fake.route((body) => {
    const name = body.response_format?.json_schema?.name;
    if (name === "weekly_plan") return { kind: "json", value: plan };
    if (name === "channel_draft") return { kind: "json", value: draft };
    return undefined;
  });
  server = await startServer({ DATA_DIR: dataDir });
  ({ browser, close: closeBrowser } = await launchBrowser());
  const founder = await browserFounder(browser, server.baseUrl, dataDir, "pro");
  ({ key, page: first } = founder);
  projectId = await launchReadyProject(server.baseUrl, dataDir, key);
  expect((await call("POST", `/api/v1/projects/${projectId}/growth/start`)).status).toBe(200);
  // The same data, now with a model: the pages keep their session (its cookie names the host, not the port).
  const offline = server;
  offline.stop();
  for (let waited = 0; isAlive(offline.processGroup); waited++) {
    if (waited > 300) throw new Error("the offline server did not stop");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server = await startServer({
    DATA_DIR: dataDir,
    OPENAI_API_KEY: "sk-test",
    OPENAI_BASE_URL: fake.baseUrl,
    AI_MODEL: "fake-model",
  });
}, 900_000);

afterAll(async () => {
  await closeBrowser?.();
  server?.stop();
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The plan job's progress as the page shows it: which stage is current. */
const stageOf = (page: Page) => page.getByTestId("plan-progress").getAttribute("data-step");

describe("planning and drafting as jobs in the dashboard", () => {
  it("two tabs' 'Plan my week' make one job with live stages, a reload keeps them, and both end on the same plan", async () => {
    const second = await first.context().newPage();
    second.setDefaultTimeout(60_000);
    await Promise.all([first.goto(growthPage()), second.goto(growthPage())]);
    const release = fake.hold();

    await first.getByRole("button", { name: "Plan my week" }).click();
    await expect.poll(() => asked("weekly_plan").length, { timeout: 30_000 }).toBe(1);
    // Past reading the playbook: the planner (held) is the current stage.
    await expect.poll(() => stageOf(first), { timeout: 30_000 }).toBe("1");
    expect(await first.locator('[data-state="current"]').textContent()).toContain("Planning week 1");

    await second.getByRole("button", { name: "Plan my week" }).click();
    await expect.poll(() => stageOf(second), { timeout: 30_000 }).toBe("1");
    await second.reload();
    await expect.poll(() => stageOf(second), { timeout: 30_000 }).toBe("1");
    expect(await second.getByRole("button", { name: "Planning week 1…" }).isDisabled()).toBe(true);
    await screenshot(second, "growth-planning");
    // (The event stream keeps the network busy, so axe runs without waiting for it to go quiet.)
    const { violations } = await new AxeBuilder({ page: second as never }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""))).toEqual([]);
    expect(asked("weekly_plan")).toHaveLength(1);

    release();
    for (const page of [first, second]) {
      await page.getByRole("heading", { name: "Week 1 plan" }).waitFor({ timeout: 60_000 });
      expect(await page.getByLabel("Theme of the week").inputValue()).toBe(plan.weekTheme);
    }
    expect(asked("weekly_plan")).toHaveLength(1);
    const cycles = (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles;
    expect(cycles).toHaveLength(1);
    const events = await call("GET", `/api/v1/projects/${projectId}/events`);
    const state = JSON.parse(/event: state\ndata: (.*)\n/.exec(events.text)![1]!);
    expect(state.jobs.filter((job: { kind: string }) => job.kind === "plan")).toMatchObject([
      { status: "succeeded", progress: { step: 3, steps: 3 } },
    ]);
    await second.close();
  });

  it("an item being drafted shows as drafting after a reload, then its draft", async () => {
    const cycle = (await call("GET", `/api/v1/projects/${projectId}/growth/cycles`)).json.cycles[0];
    const approved = await call("POST", `/api/v1/growth/cycles/${cycle.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    const item = approved.json.cycle.items[0];
    await first.goto(growthPage());
    const panel = first.locator(`#item-${item.id}`);
    const release = fake.hold();
    await panel.getByRole("button", { name: "Write draft" }).click();
    await expect.poll(() => asked("channel_draft").length, { timeout: 30_000 }).toBe(1);
    await first.reload();
    // A page still streaming in may hold a hidden second copy of a part: read the one shown.
    const drafting = first.getByTestId("drafting").filter({ visible: true });
    await drafting.waitFor();
    expect(await drafting.textContent()).toContain(item.title);
    expect(await panel.getByRole("button", { name: "Writing…" }).isDisabled()).toBe(true);
    release();
    await expect.poll(() => panel.getAttribute("data-status"), { timeout: 60_000 }).toBe("draft");
    await panel.getByText("Our books close by morning now.").first().waitFor();
    expect(asked("channel_draft")).toHaveLength(1);
  });
});
