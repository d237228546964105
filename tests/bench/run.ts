import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { fitToChannel } from "@/lib/channels";
import { buildIfNeeded } from "@/lib/cli/build";
import { openDatabase } from "@/lib/db/client";
import { channels } from "@/lib/schemas/growth";
import { agentTypes } from "@/lib/schemas/project";
import { sampleProject } from "../support/founder";
import { httpClient } from "../support/http-client";
import { latestTokenHash } from "../support/mailbox";
import { setPlan } from "../support/plans";
import { type StartedServer, startServer } from "../support/server";
import { median } from "./median";
import { withPostgresDatabase } from "./postgres-database";

/**
 * `npm run bench`: the API's common paths against the framework's floor, on this machine.
 *
 * For each database (PGlite, and Postgres when TEST_DATABASE_URL is set) it starts the
 * product as `npm start` does, built and run with LAUNCHLOOP_BENCH=1 (which adds the
 * benchmark-only routes, absent from a production build: the bare route /api/bench/bare, a Next route handler answering a JSON string from memory)
 * and LAUNCHLOOP_COUNT_QUERIES=1 (the database driver counts its statements, read at
 * /api/bench/queries). It then reports, as ratios to the bare route: throughput and
 * p50/p99 under load (autocannon, loopback, bounded in time, after one round of each route
 * that is not counted), statements per request,
 * a PDF export against a keyed GET, the server's processes and resident memory, and the
 * time from `npm start` to the first 200. It reports; it does not fail.
 *
 * Knobs: BENCH_CONNECTIONS (32), BENCH_SECONDS (4 per run), BENCH_ROUNDS (5),
 * BENCH_DATABASES (`pglite,postgres`; Postgres needs TEST_DATABASE_URL).
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").map((name) => name.trim());

interface Load {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  /** The server's event loop delay during the run (monitorEventLoopDelay), p99 and max in ms. */
  loopP99: number;
  loopMax: number;
}

interface Target {
  name: string;
  path: string;
  key?: string;
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const pad = (text: string, width: number) => text.padEnd(width);

async function load(
  baseUrl: string,
  target: Target,
  options: { connections: number; duration?: number; amount?: number },
): Promise<Load> {
  await loopDelay(baseUrl);
  const result = await autocannon({
    url: `${baseUrl}${target.path}`,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration }),
    timeout: 30,
    headers: target.key ? { authorization: `Bearer ${target.key}` } : {},
  });
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    ...(await loopDelay(baseUrl)),
  };
}

/** The server's event loop delay since the last call (the route resets it on each read). */
async function loopDelay(baseUrl: string): Promise<{ loopP99: number; loopMax: number }> {
  const { delay } = (await (await fetch(`${baseUrl}/api/bench/loop`)).json()) as { delay: { p99: number; max: number } };
  return { loopP99: delay.p99, loopMax: delay.max };
}

/** The server's process group (`npm start` and whatever it started): pid, RSS in MB, command. */
function processesOf(server: StartedServer) {
  const output = execFileSync("ps", ["-o", "pid=,rss=,args=", "-g", String(server.pid)], { encoding: "utf8" });
  return output
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [, pid, rss, args] = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line)!;
      return { pid: Number(pid), rssMb: Number(rss) / 1024, command: args!.slice(0, 60) };
    });
}

const clockTicks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** CPU time (user and system, ms) used per request by the server's processes (npm's own aside) while `run` makes `count` requests. */
async function serverCpuMsPer(server: StartedServer, run: () => Promise<unknown>, count: number): Promise<number> {
  const cpuMs = () =>
    processesOf(server)
      .filter((process) => !/^npm( |$)/.test(process.command))
      .reduce((sum, process) => {
        const stat = readFileSync(`/proc/${process.pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
      }, 0);
  const before = cpuMs();
  await run();
  return (cpuMs() - before) / count;
}

function describeProcesses(label: string, server: StartedServer) {
  const processes = processesOf(server);
  const total = processes.reduce((sum, process) => sum + process.rssMb, 0);
  console.log(`  ${label}: ${processes.length} process(es), RSS ${fixed(total, 0)} MB`);
  for (const process of processes)
    console.log(`    pid ${process.pid}  ${fixed(process.rssMb, 0).padStart(5)} MB  ${process.command}`);
  // npm itself waits for any script it runs; what `npm start` leaves besides it is the server.
  const servers = processes.filter((process) => !/^npm( |$)/.test(process.command));
  return { count: processes.length, servers: servers.length, rssMb: total };
}

interface ServerMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/** The server process's own view of its memory (MB): V8's heap of the HTTP thread, buffers, resident set. */
async function serverMemory(baseUrl: string): Promise<ServerMemory> {
  return ((await (await fetch(`${baseUrl}/api/bench/loop`)).json()) as { memory: ServerMemory }).memory;
}

const describeMemory = (memory: ServerMemory) =>
  `heap ${fixed(memory.heapUsed, 0)} of ${fixed(memory.heapTotal, 0)} MB, buffers ${fixed(memory.arrayBuffers, 0)} MB, RSS ${fixed(memory.rss, 0)} MB`;

async function queriesSoFar(baseUrl: string): Promise<number> {
  return ((await (await fetch(`${baseUrl}/api/bench/queries`)).json()) as { queries: number }).queries;
}

/** Statements per request, from the driver's own count over `count` sequential requests. */
/**
 * Statements per request: each request's own count, the median of `count` sequential ones
 * (the once-a-minute housekeeping sweep can land in one sample), and their mean.
 */
async function roundTrips(baseUrl: string, target: Target, count = 20): Promise<{ median: number; mean: number }> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const before = await queriesSoFar(baseUrl);
    const response = await fetch(`${baseUrl}${target.path}`, {
      headers: target.key ? { authorization: `Bearer ${target.key}` } : {},
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${target.path} answered ${response.status}`);
    samples.push((await queriesSoFar(baseUrl)) - before);
  }
  return { median: median(samples), mean: samples.reduce((sum, value) => sum + value, 0) / count };
}

async function sequentialMs(url: string, key: string, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    samples.push(performance.now() - started);
  }
  return samples;
}

/** A founder with a full launch pack: all five steps run (offline engine) and approved. */
async function fullLaunchPack(server: StartedServer, databaseUrl?: string) {
  const { call, paidFounder } = httpClient(server.baseUrl, server.dataDir);
  const key = databaseUrl ? await operatorPlacedFounder(server, databaseUrl) : (await paidFounder("studio")).key;
  const { json } = await call("POST", "/api/v1/projects", { key, body: sampleProject });
  const projectId = json.project.id as string;
  await call("POST", `/api/v1/projects/${projectId}/confirm`, { key });
  for (const agentType of agentTypes) {
    const run = await call("POST", "/api/v1/agents", { key, body: { projectId, agentType } });
    if (run.status !== 200) throw new Error(`agent ${agentType}: ${run.text}`);
    await call("PATCH", "/api/v1/agents", { key, body: { runId: run.json.run.id, action: "approve" } });
  }
  return { key, projectId, call };
}

/**
 * On Postgres the server has no local checkout (no payment provider is configured): the
 * founder signs up through the API and is put on Studio the way the operator command does.
 */
async function operatorPlacedFounder(server: StartedServer, databaseUrl: string): Promise<string> {
  const { call } = httpClient(server.baseUrl, server.dataDir);
  const email = `founder-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await call("POST", "/api/v1/signup", { body: { email, password: "correct horse battery", acceptTerms: true } });
  const tokenHash = latestTokenHash(path.join(server.dataDir, "mail"), email);
  const { json } = await call("POST", "/api/v1/keys/bootstrap", { body: { tokenHash } });
  const handle = await openDatabase({ url: databaseUrl, migrate: false });
  try {
    await setPlan(handle.db, email, "studio");
  } finally {
    await handle.close();
  }
  return json.key as string;
}

async function benchDatabase(label: string, env: Record<string, string>) {
  console.log(`\n## ${label}`);
  const server = await startServer({
    ...env,
    LAUNCHLOOP_BENCH: "1",
    LAUNCHLOOP_COUNT_QUERIES: "1",
    RATE_LIMIT_PER_MINUTE: "10000000",
    WRITE_LIMIT_PER_HOUR: "100000",
  });
  const figures: Record<string, number> = {};
  try {
    console.log(`  cold start (npm start to first 200): ${fixed(server.readyAfterMs, 0)} ms`);
    figures.coldStartMs = server.readyAfterMs;
    const idle = describeProcesses("after start, idle", server);
    figures.serverProcesses = idle.servers;
    figures.rssIdleMb = idle.rssMb;
    console.log(`    server's own view: ${describeMemory(await serverMemory(server.baseUrl))}`);

    const { key, projectId, call } = await fullLaunchPack(server, env.DATABASE_URL);
    const detail = await call("GET", `/api/v1/projects/${projectId}`, { key });
    await fetch(`${server.baseUrl}/api/bench/bare`, { method: "POST", body: detail.text });
    console.log(
      `  keyed GET /api/v1/projects/{id} body: ${fixed(detail.text.length / 1024)} KB (the bare route answers the same bytes)`,
    );

    const bare: Target = { name: "bare route (same JSON, memory)", path: "/api/bench/bare" };
    const keyed: Target = { name: "GET /api/v1/projects/{id}", path: `/api/v1/projects/${projectId}`, key };
    const me: Target = { name: "GET /api/v1/me", path: "/api/v1/me", key };
    const content: Target = { name: "GET /api/v1/projects/{id}/content", path: `/api/v1/projects/${projectId}/content`, key };
    const targets = [bare, keyed, me, content];

    // Warm, at the load itself: the first full round of every route ran 20-40% slower than
    // the rounds after it (V8 still compiling, the heap still growing), bare route included.
    for (const target of targets) await load(server.baseUrl, target, { connections, duration: seconds });

    console.log(`  statements per request (driver count; median and mean of 20 sequential requests):`);
    for (const target of targets.slice(1)) {
      const trips = await roundTrips(server.baseUrl, target);
      figures[`trips ${target.name}`] = trips.median;
      console.log(`    ${pad(target.name, 40)} ${fixed(trips.median, 0)}  (mean ${fixed(trips.mean, 2)})`);
    }

    // Interleaved rounds, so drift in what else the machine does hits every target alike.
    const loads = new Map<Target, Load[]>(targets.map((target) => [target, []]));
    for (let round = 0; round < rounds; round++) {
      for (const target of targets)
        loads.get(target)!.push(await load(server.baseUrl, target, { connections, duration: seconds }));
    }
    const summary = (target: Target) => {
      const runs = loads.get(target)!;
      return {
        rps: median(runs.map((run) => run.rps)),
        p50: median(runs.map((run) => run.p50)),
        p99: median(runs.map((run) => run.p99)),
        failures: runs.reduce((sum, run) => sum + run.failures, 0),
        loopP99: median(runs.map((run) => run.loopP99)),
        loopMax: Math.max(...runs.map((run) => run.loopMax)),
      };
    };
    const floor = summary(bare);
    console.log(`  under load: ${connections} connections, ${seconds} s per run, median of ${rounds} interleaved runs`);
    console.log(
      `    ${pad("", 40)} ${"req/s".padStart(8)} ${"x bare".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"p99 x bare".padStart(11)} ${"loop p99".padStart(9)} ${"loop max".padStart(9)}  failures`,
    );
    for (const target of targets) {
      const result = summary(target);
      console.log(
        `    ${pad(target.name, 40)} ${fixed(result.rps, 0).padStart(8)} ${fixed(result.rps / floor.rps, 2).padStart(7)} ${fixed(result.p50).padStart(7)} ${fixed(result.p99).padStart(7)} ${fixed(result.p99 / Math.max(floor.p99, 1), 2).padStart(11)} ${fixed(result.loopP99).padStart(9)} ${fixed(result.loopMax).padStart(9)}  ${result.failures}`,
      );
      figures[`rps ${target.name}`] = result.rps / floor.rps;
      figures[`p99 ${target.name}`] = result.p99 / Math.max(floor.p99, 1);
    }

    const loaded = describeProcesses("after the load", server);
    figures.rssLoadedMb = loaded.rssMb;
    console.log(`    server's own view: ${describeMemory(await serverMemory(server.baseUrl))}`);

    const single = await load(server.baseUrl, keyed, { connections: 1, amount: 300 });
    const singleBare = await load(server.baseUrl, bare, { connections: 1, amount: 300 });
    console.log(
      `  one connection: keyed GET p50 ${fixed(single.p50)} ms, p99 ${fixed(single.p99)} ms; bare p50 ${fixed(singleBare.p50)} ms, p99 ${fixed(singleBare.p99)} ms`,
    );

    const exportUrl = `${server.baseUrl}/api/v1/export?projectId=${projectId}&format=pdf`;
    // Warm: the first export parses the fonts and the next few run while V8 still compiles the drawing code.
    await sequentialMs(exportUrl, key, 5);
    const pdf = median(await sequentialMs(exportUrl, key, 15));
    const get = median(await sequentialMs(`${server.baseUrl}${keyed.path}`, key, 50));
    figures.pdfRatio = pdf / get;
    console.log(
      `  PDF export (full launch pack, warm, median of 15): ${fixed(pdf, 0)} ms = ${fixed(pdf / get)}x a keyed GET (${fixed(get, 2)} ms, sequential median of 50)`,
    );
    // On a loaded machine a longer request is preempted more often than a short one: CPU time is not.
    const pdfCpu = await serverCpuMsPer(server, () => sequentialMs(exportUrl, key, 20), 20);
    const getCpu = await serverCpuMsPer(server, () => sequentialMs(`${server.baseUrl}${keyed.path}`, key, 100), 100);
    console.log(
      `    in the server's CPU time: ${fixed(pdfCpu)} ms = ${fixed(pdfCpu / getCpu)}x a keyed GET's ${fixed(getCpu, 2)} ms (means of 20 and 100; on Postgres without the database's own)`,
    );

    const after = describeProcesses("after the PDF exports too", server);
    figures.rssAfterMb = after.rssMb;
    console.log(`    server's own view: ${describeMemory(await serverMemory(server.baseUrl))}`);
    console.log(
      `  RSS after the load vs idle: ${fixed(figures.rssLoadedMb / figures.rssIdleMb, 2)}x (${fixed(figures.rssIdleMb, 0)} -> ${fixed(figures.rssLoadedMb, 0)} MB); after the PDF exports too: ${fixed(figures.rssAfterMb / figures.rssIdleMb, 2)}x`,
    );
  } finally {
    server.stop();
  }
  return figures;
}

function verdicts(label: string, figures: Record<string, number>) {
  const trips = Math.max(
    ...Object.entries(figures)
      .filter(([name]) => name.startsWith("trips "))
      .map(([, value]) => value),
  );
  const rps = figures["rps GET /api/v1/projects/{id}"]!;
  const p99 = figures["p99 GET /api/v1/projects/{id}"]!;
  const memory = figures.rssAfterMb! / figures.rssIdleMb!;
  const checks: [string, boolean][] = [
    [`keyed GET throughput >= 0.8x bare (${fixed(rps, 2)}x)`, rps >= 0.8],
    [`keyed GET p99 <= 2x bare (${fixed(p99, 2)}x)`, p99 <= 2],
    [`<= 2 statements per keyed read: project, /me, content list (at most ${trips})`, trips <= 2],
    [`PDF export <= 6x a keyed GET (${fixed(figures.pdfRatio!)}x)`, figures.pdfRatio! <= 6],
    [`RSS after the benchmark <= 1.5x idle (${fixed(memory, 2)}x)`, memory <= 1.5],
    [`one server process after start, beside npm's own (${figures.serverProcesses})`, figures.serverProcesses === 1],
  ];
  console.log(`\n${label}:`);
  for (const [text, ok] of checks) console.log(`  ${ok ? "met    " : "NOT MET"}  ${text}`);
}

console.log("# npm run bench (loopback, this machine)");
// The build with the benchmark-only routes (a later plain `npm start` builds without them).
process.env.LAUNCHLOOP_BENCH = "1";
buildIfNeeded();
const results: [string, Record<string, number>][] = [];
if (databases.includes("pglite")) results.push(["PGlite (embedded)", await benchDatabase("PGlite (embedded)", {})]);
const postgresUrl = process.env.TEST_DATABASE_URL;
if (databases.includes("postgres") && postgresUrl) {
  results.push([
    "Postgres (TEST_DATABASE_URL)",
    await withPostgresDatabase(postgresUrl, "launchloop_bench", (url) => benchDatabase("Postgres", { DATABASE_URL: url })),
  ]);
} else if (databases.includes("postgres")) {
  console.log("\n(Postgres skipped: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to bench it too.)");
}
for (const [label, figures] of results) verdicts(label, figures);

console.log("\n## Channel fitting (in process)");
const long = `${"Freelancers lose hours every month chasing invoices. ".repeat(120)}https://tidybooks.example/start 🚀`;
for (const channel of channels) {
  const samples: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    fitToChannel(channel, { body: long, hashtags: ["Freelance", "Invoices"] });
    samples.push(performance.now() - started);
  }
  console.log(`  fitToChannel ${pad(channel, 12)} (6 KB draft) p50 ${fixed(median(samples), 2)} ms`);
}
