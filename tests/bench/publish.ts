import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { reloadConfig } from "@/lib/config";
import { type Database, openDatabase } from "@/lib/db/client";
import { accounts, connections, growthCycles, growthItems, jobs, projects } from "@/lib/db/schema";
import { JobPool } from "@/lib/jobs/run";
import { sealSecrets } from "@/lib/networks/secrets";
import "@/lib/services/job-handlers";
import { type FakeBluesky, startFakeBluesky } from "../support/fake-bluesky";
import { sampleOnboarding } from "../support/founder";

/**
 * `npm run bench:publish`: 1,000 posts due in the same minute across 200 founders, against a
 * fake Bluesky PDS that answers after 100 ms and limits each account to 30 posts a minute.
 * Runs one embedded instance (PGlite, the ticker's pool in this process) and two instances
 * sharing Postgres (two processes; a throwaway cluster when `postgres` is installed, or
 * BENCH_DATABASE_URL). Prints posts per second, the lag from each post's due time (p50, p99),
 * duplicates (must be 0) and database statements per post. Knobs: BENCH_FOUNDERS (200),
 * BENCH_POSTS_PER_FOUNDER (5), SCHEDULER_TICK_S (15, as in production), JOBS_POOL_SIZE (10) and
 * JOBS_PER_ACCOUNT (2).
 */
const founders = Number(process.env.BENCH_FOUNDERS ?? 200);
const perFounder = Number(process.env.BENCH_POSTS_PER_FOUNDER ?? 5);
const total = founders * perFounder;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-bench-publish-"));
const benchEnv = {
  OUTBOUND_ALLOW_HTTP: "1",
  CONNECTIONS_KEY: "bench-connections-key-0123456789abcdef",
  DATA_DIR: dataDir,
  SCHEDULER_TICK_S: process.env.SCHEDULER_TICK_S ?? "15",
};
Object.assign(process.env, benchEnv);
reloadConfig();

const chunk = <T>(rows: T[], size = 500) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => rows.slice(index * size, (index + 1) * size));

async function seed(db: Database, pds: FakeBluesky, firstDue: number) {
  const run = crypto.randomUUID().slice(0, 6);
  const accountRows = await db
    .insert(accounts)
    .values(
      Array.from({ length: founders }, (_, index) => ({
        email: `bench-${run}-${index}@example.com`,
        signupDoor: "api" as const,
        plan: "pro" as const,
        activated: true,
      })),
    )
    .returning({ id: accounts.id });
  const projectRows = await db
    .insert(projects)
    .values(
      accountRows.map((account, index) => ({
        accountId: account.id,
        name: `Bench ${index}`,
        onboarding: sampleOnboarding as never,
        status: "growth" as const,
      })),
    )
    .returning({ id: projects.id, accountId: projects.accountId });
  const plan = { weekTheme: "Bench week", rationale: "", contentPlan: [], founderTasks: [], skipped: [] };
  const cycleRows = await db
    .insert(growthCycles)
    .values(
      projectRows.map((project) => ({
        projectId: project.id,
        accountId: project.accountId,
        weekNumber: 1,
        status: "approved" as const,
        weekStart: "2026-11-23",
        plan,
      })),
    )
    .returning({ id: growthCycles.id, projectId: growthCycles.projectId, accountId: growthCycles.accountId });
  const connectionRows = await db
    .insert(connections)
    .values(
      cycleRows.map((cycle, index) => {
        const account = pds.addAccount(`bench${index}.bsky.test`, "bench-app-password");
        const session = pds.sessionFor(account);
        return {
          accountId: cycle.accountId,
          projectId: cycle.projectId,
          network: "bluesky" as const,
          serviceUrl: pds.url,
          handle: account.handle,
          externalAccountId: account.did,
          sealedSecrets: sealSecrets({
            appPassword: account.password,
            accessJwt: session.accessJwt,
            refreshJwt: session.refreshJwt,
          }),
        };
      }),
    )
    .returning({ id: connections.id });
  const due = new Map<string, number>();
  const itemValues = cycleRows.flatMap((cycle, founder) =>
    Array.from({ length: perFounder }, (_, index) => {
      const at = firstDue + Math.floor(((founder * perFounder + index) / total) * 60_000);
      const body = `Bench post ${founder}-${index}: Tidybooks reconciles your books overnight.`;
      return {
        cycleId: cycle.id,
        projectId: cycle.projectId,
        accountId: cycle.accountId,
        channel: "bluesky",
        slug: `post-${index}`,
        title: `Post ${index}`,
        angle: "Why",
        keyMessage: "Books reconcile overnight",
        suggestedDay: "Mon",
        status: "approved" as const,
        draft: {
          channel: "bluesky" as const,
          format: "short-post",
          title: null,
          body,
          parts: [body],
          hashtags: [],
          length: body.length,
          limit: 300,
          unit: "graphemes",
          feedback: null,
          model: "offline",
          generatedAt: new Date().toISOString(),
        },
        connectionId: connectionRows[founder]!.id,
        scheduledAt: new Date(at),
        position: index,
      };
    }),
  );
  for (const rows of chunk(itemValues)) {
    const inserted = await db.insert(growthItems).values(rows).returning({
      id: growthItems.id,
      projectId: growthItems.projectId,
      accountId: growthItems.accountId,
      scheduledAt: growthItems.scheduledAt,
      draft: growthItems.draft,
    });
    for (const item of inserted) due.set(item.draft!.body, item.scheduledAt!.getTime());
    await db.insert(jobs).values(
      inserted.map((item) => ({
        accountId: item.accountId,
        projectId: item.projectId,
        kind: "publish" as const,
        subjectId: item.id,
        dedupeKey: `publish:${item.id}`,
        runAt: item.scheduledAt!,
      })),
    );
  }
  return due;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

function report(label: string, pds: FakeBluesky, due: Map<string, number>, statements: number | null) {
  const posts = pds.posts();
  const texts = posts.map((post) => String(post.value.text));
  const duplicates = texts.length - new Set(texts).size;
  const lags = posts.map((post) => post.at - (due.get(String(post.value.text)) ?? post.at));
  const first = Math.min(...due.values());
  const last = Math.max(...posts.map((post) => post.at));
  const onTime = lags.filter((lag) => lag <= 60_000).length;
  console.log(
    `${label}: ${new Set(texts).size}/${total} posts published, ${onTime} within 60 s of their time; ` +
      `${(posts.length / ((last - first) / 1000)).toFixed(1)} posts/s over the due minute and after; ` +
      `lag p50 ${(percentile(lags, 50) / 1000).toFixed(1)} s, p99 ${(percentile(lags, 99) / 1000).toFixed(1)} s; duplicates ${duplicates}` +
      (statements === null ? "" : `; ${(statements / posts.length).toFixed(1)} database statements per post`),
  );
}

async function waitForAll(pds: FakeBluesky, deadlineMs: number) {
  while (Date.now() < deadlineMs && new Set(pds.posts().map((post) => post.value.text)).size < total)
    await new Promise((resolve) => setTimeout(resolve, 250));
  // A little longer: a duplicate would show up now.
  await new Promise((resolve) => setTimeout(resolve, 2000));
}

async function embedded() {
  const pds = await startFakeBluesky({ postsPerAccountPerMinute: 30 });
  pds.settings.delayMs = 100;
  const handle = await openDatabase({});
  const firstDue = Date.now() + 5000;
  const due = await seed(handle.db, pds, firstDue);
  // The embedded ticker's pool: claims every tick and whenever a slot frees.
  const pool = new JobPool(async () => handle.db);
  const fill = () => void pool.fill().catch(() => undefined);
  const timer = setInterval(fill, Number(benchEnv.SCHEDULER_TICK_S) * 1000);
  fill();
  await waitForAll(pds, firstDue + 120_000);
  clearInterval(timer);
  report("one embedded instance (PGlite)", pds, due, null);
  const stopped = pool.stop();
  await pds.close();
  await stopped;
  await handle.close();
}

async function freePort() {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A throwaway Postgres cluster owned by the `postgres` user (the server refuses root). */
async function throwawayPostgres(): Promise<{ url: string; stop(): void } | null> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => {} };
  try {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-bench-pg-"));
    fs.chmodSync(dir, 0o777);
    const port = await freePort();
    const asPostgres = (args: string[]) => execFileSync("runuser", ["-u", "postgres", "--", ...args], { stdio: "pipe" });
    asPostgres(["initdb", "-D", `${dir}/data`, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
    asPostgres([
      "pg_ctl",
      "-D",
      `${dir}/data`,
      "-o",
      `-p ${port} -k ${dir} -c max_connections=100`,
      "-l",
      `${dir}/log`,
      "-w",
      "start",
    ]);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop: () => {
        asPostgres(["pg_ctl", "-D", `${dir}/data`, "-m", "immediate", "stop"]);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    console.log(
      `two instances sharing Postgres: skipped (no Postgres to start here: ${(error as Error).message.split("\n")[0]})`,
    );
    return null;
  }
}

async function sharedPostgres() {
  const cluster = await throwawayPostgres();
  if (!cluster) return;
  try {
    const pds = await startFakeBluesky({ postsPerAccountPerMinute: 30 });
    pds.settings.delayMs = 100;
    const handle = await openDatabase({ url: cluster.url });
    const firstDue = Date.now() + 8000;
    const due = await seed(handle.db, pds, firstDue);
    const workers = [0, 1].map(() =>
      spawn("node_modules/.bin/tsx", ["--conditions=react-server", "tests/bench/publish-worker.ts"], {
        env: { ...process.env, ...benchEnv, DATABASE_URL: cluster.url, LAUNCHLOOP_COUNT_QUERIES: "1" },
        stdio: ["pipe", "pipe", "inherit"],
      }),
    );
    const outputs = workers.map((worker) => {
      let text = "";
      worker.stdout!.on("data", (chunk) => (text += chunk));
      return new Promise<number>((resolve) =>
        worker.on("exit", () => resolve(Number(/"statements":(\d+)/.exec(text)?.[1] ?? Number.NaN))),
      );
    });
    await waitForAll(pds, firstDue + 120_000);
    for (const worker of workers) worker.stdin!.end();
    const statements = (await Promise.all(outputs)).reduce((sum, count) => sum + count, 0);
    report("two instances sharing Postgres", pds, due, statements);
    await pds.close();
    await handle.close();
  } finally {
    cluster.stop();
  }
}

console.log(
  `bench:publish — ${total} posts due within one minute across ${founders} founders; fake PDS: 100 ms per answer, 30 posts/min per account; tick ${benchEnv.SCHEDULER_TICK_S} s`,
);
await embedded();
await sharedPostgres();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
