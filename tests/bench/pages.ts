import fs from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { agentTypes } from "@/lib/schemas/project";
import { sampleProject } from "../support/founder";
import { httpClient } from "../support/http-client";
import { type StartedServer, startServer } from "../support/server";
import { median } from "./median";

/**
 * `npm run bench:pages`: what the browser pays for each dashboard page, against the floor
 * (signed-out /pricing, almost all framework). It starts the built app as `npm start` does
 * (with the build `npm run bench` uses, so one build serves both), makes a founder with a
 * full launch pack, a growth week and a share link through the product's own doors, then
 * loads every page in Chromium with the cache disabled, on two profiles:
 *
 * - desktop: 1280x800, no throttling;
 * - phone: 390x844, 4x CPU slowdown and Fast 3G (562.5 ms latency, 1.44 Mbit/s down), via CDP.
 *
 * Per page: JS (every script the page fetched before its load event, gzipped here at the
 * default level; what links prefetch afterwards is not the page's), HTML (the document's bytes as served), ready (navigation start to the
 * load event, when every script has run), blocking (long tasks' time over 50 ms each,
 * until the network is quiet); ready and blocking are the median of BENCH_LOADS (3) loads,
 * since one load on a busy 2-core machine swings by 100 ms and more. Then tab switches with a warm cache (click to the new
 * page's path with the document complete), and the first request after `npm start` (a
 * keyed request, which needs the database). It reports; it does not fail.
 *
 * Knobs: BENCH_PROFILES (`desktop,phone`); BENCH_PAGES (comma-separated parts of the pages'
 * labels, e.g. `growth,new`: only the pages whose label contains one, the floor always);
 * BENCH_TABS=0 skips the tab switches; BENCH_SCRIPTS=1 lists each page's scripts (when each
 * was requested after navigation start, its gzipped size), which shows a chunk that is late;
 * BENCH_HOLD=1 keeps the server and its founder after the run (the signed-in browser state in
 * tmp/bench-storage.json) until the process is stopped, to look at the pages by hand.
 */
const profileNames = (process.env.BENCH_PROFILES ?? "desktop,phone").split(",").map((name) => name.trim());
const pageFilter = process.env.BENCH_PAGES?.split(",")
  .map((part) => part.trim())
  .filter(Boolean);
const withTabs = process.env.BENCH_TABS !== "0";
const listScripts = process.env.BENCH_SCRIPTS === "1";

interface Profile {
  name: string;
  viewport: { width: number; height: number };
  mobile: boolean;
  cpuSlowdown: number;
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

const profiles: Profile[] = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, mobile: false, cpuSlowdown: 1 },
  {
    name: "phone",
    viewport: { width: 390, height: 844 },
    mobile: true,
    cpuSlowdown: 4,
    // Chrome DevTools' "Fast 3G": bytes per second.
    network: { latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (0.675 * 1024 * 1024) / 8 },
  },
];

interface PageFigures {
  /** Each script before the load event: its path, when it was requested (ms after navigation start), KB gzipped. */
  scriptList: { path: string; startMs: number; kbGz: number }[];
  jsKbGz: number;
  scripts: number;
  htmlKb: number;
  readyMs: number;
  blockingMs: number;
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const password = "correct horse battery"; // what httpClient.paidFounder signs up with

/** Long tasks from the document's start, collected in the page. */
const observeLongTasks = () => {
  const holder = window as unknown as { benchLongTasks: number[] };
  holder.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) holder.benchLongTasks.push(entry.duration);
  }).observe({ type: "longtask", buffered: true });
};

async function throttled(context: BrowserContext, profile: Profile, cacheDisabled: boolean): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled });
  if (profile.cpuSlowdown > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
  if (profile.network) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile.network });
  return page;
}

async function measure(page: Page, url: string): Promise<PageFigures> {
  const scripts: Promise<{ path: string; size: number }>[] = [];
  let html = 0;
  const onResponse = (response: import("playwright-core").Response) => {
    const type = response.request().resourceType();
    const path = new URL(response.url()).pathname;
    if (type === "script")
      scripts.push(
        response.body().then(
          (body) => ({ path, size: gzipSync(body).length }),
          () => ({ path, size: 0 }),
        ),
      );
    else if (type === "document")
      void response.body().then(
        (body) => (html = body.length),
        () => {},
      );
  };
  page.on("response", onResponse);
  try {
    const response = await page.goto(url, { waitUntil: "load" });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    // The page's own scripts: what loaded before its load event (links prefetch other pages' after it).
    const own = scripts.length;
    await page.waitForLoadState("networkidle");
    const { readyMs, longTasks, started } = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        readyMs: navigation.loadEventEnd - navigation.startTime,
        longTasks: (window as unknown as { benchLongTasks: number[] }).benchLongTasks,
        started: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((entry) => ({
          path: new URL(entry.name).pathname,
          startMs: entry.startTime,
        })),
      };
    });
    const ownScripts = await Promise.all(scripts.slice(0, own));
    const sizes = ownScripts.map((script) => script.size);
    return {
      scriptList: ownScripts.map((script) => ({
        path: script.path,
        startMs: started.find((entry) => entry.path === script.path)?.startMs ?? Number.NaN,
        kbGz: script.size / 1024,
      })),
      jsKbGz: sizes.reduce((sum, size) => sum + size, 0) / 1024,
      scripts: sizes.length,
      htmlKb: html / 1024,
      readyMs,
      blockingMs: longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    };
  } finally {
    page.off("response", onResponse);
  }
}

const loads = Number(process.env.BENCH_LOADS ?? 3);

/** A page loaded `loads` times: its bytes as the first load had them, ready and blocking the median of all. */
async function measureLoads(page: Page, url: string): Promise<PageFigures> {
  const all: PageFigures[] = [];
  for (let load = 0; load < loads; load++) all.push(await measure(page, url));
  return {
    ...all[0]!,
    readyMs: median(all.map((figures) => figures.readyMs)),
    blockingMs: median(all.map((figures) => figures.blockingMs)),
  };
}

/** A founder with a full launch pack, a planned and drafted growth week, and a live share link; signed in. */
async function founder(server: StartedServer, browser: Browser) {
  const { call, paidFounder } = httpClient(server.baseUrl, server.dataDir);
  const { email, key } = await paidFounder("studio");
  const checked = async (method: string, path: string, body?: unknown) => {
    const result = await call(method, path, { key, body });
    if (result.status >= 300) throw new Error(`${method} ${path}: ${result.status} ${result.text}`);
    return result.json;
  };
  const projectId = (await checked("POST", "/api/v1/projects", sampleProject)).project.id as string;
  await checked("POST", `/api/v1/projects/${projectId}/confirm`);
  for (const agentType of agentTypes) {
    const run = await checked("POST", "/api/v1/agents", { projectId, agentType });
    await checked("PATCH", "/api/v1/agents", { runId: run.run.id, action: "approve" });
  }
  await checked("POST", `/api/v1/projects/${projectId}/growth/start`);
  const cycle = (await checked("POST", `/api/v1/projects/${projectId}/growth/cycles`, {})).cycle;
  await checked("POST", `/api/v1/growth/cycles/${cycle.id}/approve`);
  const planned = (await checked("GET", `/api/v1/projects/${projectId}/growth/cycles`)).cycles[0];
  for (const item of planned.items ?? []) await checked("POST", `/api/v1/growth/items/${item.id}/generate`, {});

  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/dashboard/);
  await page.goto(`/projects/${projectId}/settings`);
  await page.getByRole("button", { name: /Create a share link/ }).click();
  const shareUrl = (await (
    await page.waitForFunction(() =>
      [...document.querySelectorAll("input")].map((input) => input.value).find((value) => value.includes("/share/")),
    )
  ).jsonValue()) as string;
  const storage = await context.storageState();
  await context.close();
  return { projectId, storage, shareUrl: shareUrl ? new URL(shareUrl).pathname : undefined };
}

/** Until the page has started no request for half a second (load states, once reached, do not wait again). */
async function quiet(page: Page) {
  const requests = () => page.evaluate(() => performance.getEntriesByType("resource").length);
  for (let before = -1, now = await requests(); now !== before; before = now, now = await requests())
    await page.waitForTimeout(500);
}

/** From a click on the tab's link to its page: the new path, the document complete, a frame painted. */
async function tabSwitch(page: Page, href: string): Promise<number> {
  const started = performance.now();
  // The link's own click (the phone profile keeps some of them in a collapsed menu or scrolled row).
  await page.evaluate((path) => document.querySelector<HTMLAnchorElement>(`a[href="${path}"]`)!.click(), href);
  await page.waitForFunction((path) => location.pathname === path && document.readyState === "complete", href, {
    polling: "raf",
  });
  return performance.now() - started;
}

async function firstRequestAfterStart(): Promise<{ server: StartedServer; firstMs: number }> {
  const server = await startServer({ LAUNCHLOOP_BENCH: "1" });
  // The server answered /api/v1/meta; the first request that needs the database is this one.
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}/api/v1/me`, { headers: { authorization: "Bearer llk_benchunknownkey" } });
  await response.arrayBuffer();
  return { server, firstMs: performance.now() - started };
}

async function main() {
  console.log("# npm run bench:pages (Chromium, loopback, this machine)");
  process.env.LAUNCHLOOP_BENCH = "1";
  const { server, firstMs } = await firstRequestAfterStart();
  console.log(`  first request after npm start (a keyed request, needs the database): ${fixed(firstMs)} ms`);
  console.log(`  npm start to the first answer: ${fixed(server.readyAfterMs)} ms`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const { projectId, storage, shareUrl } = await founder(server, browser);
    const project = `/projects/${projectId}`;
    const pages = [
      "/dashboard",
      "/projects",
      "/projects/new",
      project,
      `${project}/launch`,
      `${project}/pack`,
      `${project}/playbook`,
      `${project}/growth`,
      `${project}/growth/history`,
      `${project}/results`,
      `${project}/settings`,
      "/settings/account",
      "/settings/billing",
      "/settings/keys",
      "/settings/connected-apps",
    ];
    const label = (url: string) => url.replace(projectId, "{id}").replace(/\/share\/[^/]+/, "/share/{token}");
    const measured = pages.filter((url) => !pageFilter || pageFilter.some((part) => label(url).includes(part)));

    for (const profile of profiles.filter((entry) => profileNames.includes(entry.name))) {
      const options = { baseURL: server.baseUrl, viewport: profile.viewport, isMobile: profile.mobile, hasTouch: profile.mobile };
      const signedOut = await browser.newContext(options);
      await signedOut.addInitScript(observeLongTasks);
      const floorPage = await throttled(signedOut, profile, true);
      await measure(floorPage, "/pricing");
      const floor = await measureLoads(floorPage, "/pricing");
      const share = shareUrl ? await measureLoads(floorPage, shareUrl) : undefined;
      await signedOut.close();

      const context = await browser.newContext({ ...options, storageState: storage });
      await context.addInitScript(observeLongTasks);
      const page = await throttled(context, profile, true);
      console.log(
        `\n## ${profile.name} (${profile.viewport.width}x${profile.viewport.height}${profile.cpuSlowdown > 1 ? `, ${profile.cpuSlowdown}x CPU` : ""}${profile.network ? ", Fast 3G" : ""}), cache disabled`,
      );
      console.log(
        `  ${"page".padEnd(34)} ${"JS KB gz".padStart(9)} ${"+floor".padStart(7)} ${"scripts".padStart(8)} ${"HTML KB".padStart(8)} ${"ready ms".padStart(9)} ${"blocking ms".padStart(12)}`,
      );
      const row = (name: string, figures: PageFigures) => {
        console.log(
          `  ${name.padEnd(34)} ${fixed(figures.jsKbGz).padStart(9)} ${fixed(figures.jsKbGz - floor.jsKbGz).padStart(7)} ${String(figures.scripts).padStart(8)} ${fixed(figures.htmlKb).padStart(8)} ${fixed(figures.readyMs).padStart(9)} ${fixed(figures.blockingMs).padStart(12)}`,
        );
        if (listScripts)
          for (const script of [...figures.scriptList].sort((a, b) => a.startMs - b.startMs))
            console.log(`      ${fixed(script.startMs).padStart(6)} ms ${fixed(script.kbGz, 1).padStart(6)} KB  ${script.path}`);
      };
      row("/pricing (floor, signed out)", floor);
      if (share) row("/share/{token} (signed out)", share);
      await measure(page, "/dashboard"); // the session's first page pays for nothing else
      for (const url of measured) row(label(url), await measureLoads(page, url));
      await page.close();

      if (!withTabs) {
        await context.close();
        continue;
      }
      // Warm cache: every tab visited once, then each switch measured from the pack page's tabs.
      const warm = await throttled(context, profile, false);
      const tabs = ["launch", "pack", "playbook", "growth", "settings"].map((segment) => `${project}/${segment}`);
      for (const url of tabs) await warm.goto(url, { waitUntil: "networkidle" });
      const switches: number[] = [];
      for (const [from, to] of [
        [`${project}/pack`, `${project}/launch`],
        [`${project}/launch`, `${project}/playbook`],
        [`${project}/playbook`, `${project}/growth`],
        [`${project}/growth`, `${project}/settings`],
        [`${project}/settings`, `${project}/pack`],
      ] as const) {
        if (new URL(warm.url()).pathname !== from) await warm.goto(from, { waitUntil: "networkidle" });
        // A tab switch is a client navigation: the link must be hydrated (React's props on it), or
        // the click is a whole page load. On the phone profile of a loaded machine, hydration can
        // end after the network is quiet; then what the page fetched once hydrated must land too.
        await warm.waitForFunction(
          (path) => Object.keys(document.querySelector(`a[href="${path}"]`) ?? {}).some((key) => key.startsWith("__reactProps")),
          to,
        );
        await quiet(warm);
        switches.push(await tabSwitch(warm, to));
      }
      switches.sort((a, b) => a - b);
      console.log(
        `  tab switch, warm cache (5 project tabs): median ${fixed(switches[2]!)} ms, slowest ${fixed(switches[4]!)} ms`,
      );
      await context.close();
    }
    if (process.env.BENCH_HOLD === "1") {
      await fs.mkdir("tmp", { recursive: true });
      await fs.writeFile("tmp/bench-storage.json", JSON.stringify(storage));
      console.log(`\nHolding ${server.baseUrl} (project ${project}, storage in tmp/bench-storage.json); stop with Ctrl-C.`);
      await new Promise<void>((resolve) => process.once("SIGINT", resolve).once("SIGTERM", resolve));
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
