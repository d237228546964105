import autocannon from "autocannon";
import { buildIfNeeded } from "@/lib/cli/build";
import { httpClient } from "../support/http-client";
import { startServer } from "../support/server";
import { median } from "./median";
import { withPostgresDatabase } from "./postgres-database";

/**
 * `npm run bench:links`: the tracked-link redirect against the framework's floor, in one server.
 *
 * For each database (PGlite, and Postgres when TEST_DATABASE_URL is set) it starts the product
 * as `npm start` does, with the benchmark-only bare route, makes one tracked link, and loads
 * `GET /r/{code}` and the bare route alike (autocannon, loopback, bounded in time, one
 * uncounted warm round, then interleaved rounds). Every redirect request carries its own
 * browser user agent (a new visitor each), one in ten a bot's. Afterwards the link's counted
 * clicks must equal the people's requests sent: every click recorded, none lost, no bot
 * counted. It reports the throughput and p99 ratios against the targets (0.8x, 2x); it does
 * not fail.
 *
 * Knobs: BENCH_CONNECTIONS (32), BENCH_SECONDS (4 per run), BENCH_ROUNDS (5), BENCH_DATABASES.
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const databases = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",").map((name) => name.trim());

const browser = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const bot = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";

interface Load {
  rps: number;
  p50: number;
  p99: number;
  people: number;
  failures: number;
}

let visitor = 0;

async function load(url: string, redirect: boolean): Promise<Load> {
  let people = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        setupRequest: (request: { headers?: Record<string, string> }) => {
          if (!redirect) return request;
          visitor++;
          const isBot = visitor % 10 === 0;
          if (!isBot) people++;
          return { ...request, headers: { ...request.headers, "user-agent": isBot ? bot : `${browser} reader/${visitor}` } };
        },
      },
    ],
  });
  const expected = redirect ? result["3xx"] : result["2xx"];
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    people,
    failures: result.errors + result.timeouts + (result.requests.total - expected),
  };
}

async function benchDatabase(label: string, env: Record<string, string>) {
  console.log(`\n## ${label}`);
  // The local test-mode checkout on Postgres too (BILLING=local), so the bench founder can pay for a plan.
  const server = await startServer({ ...env, BILLING: "local", LAUNCHLOOP_BENCH: "1", RATE_LIMIT_PER_MINUTE: "10000000" });
  try {
    const { call, paidFounder } = httpClient(server.baseUrl, server.dataDir);
    const { key } = await paidFounder();
    const project = await call("POST", "/api/v1/projects", {
      key,
      body: { name: "Bench", onboarding: { businessName: "Bench", productDescription: "A tool.", problemSolved: "Time." } },
    });
    const projectId = project.json.project.id as string;
    const link = (
      await call("POST", `/api/v1/projects/${projectId}/links`, { key, body: { destination: "https://example.com/landing" } })
    ).json.link as { id: string; code: string };
    await fetch(`${server.baseUrl}/api/bench/bare`, { method: "POST", body: JSON.stringify({ ok: true }) });
    const bare = `${server.baseUrl}/api/bench/bare`;
    const redirect = `${server.baseUrl}/r/${link.code}`;

    let people = 0;
    // Warm: the first round of every route runs slower (V8 still compiling, the heap growing).
    await load(bare, false);
    people += (await load(redirect, true)).people;
    const loads = { bare: [] as Load[], redirect: [] as Load[] };
    for (let round = 0; round < rounds; round++) {
      loads.bare.push(await load(bare, false));
      const run = await load(redirect, true);
      loads.redirect.push(run);
      people += run.people;
    }
    // The last batch is written within 200 ms of its first click.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const counted = (
      (await call("GET", `/api/v1/projects/${projectId}/links`, { key })).json.links as { id: string; clicks: number }[]
    ).find((entry) => entry.id === link.id)!.clicks;

    const figure = (runs: Load[], pick: (run: Load) => number) => median(runs.map(pick));
    const rpsRatio = figure(loads.redirect, (run) => run.rps) / figure(loads.bare, (run) => run.rps);
    const p99Ratio =
      figure(loads.redirect, (run) => run.p99) /
      Math.max(
        1,
        figure(loads.bare, (run) => run.p99),
      );
    const failures = [...loads.bare, ...loads.redirect].reduce((sum, run) => sum + run.failures, 0);
    console.log(
      `  bare route:  ${figure(loads.bare, (run) => run.rps).toFixed(0)} req/s, p50 ${figure(loads.bare, (run) => run.p50)} ms, p99 ${figure(loads.bare, (run) => run.p99)} ms`,
    );
    console.log(
      `  GET /r/{code}: ${figure(loads.redirect, (run) => run.rps).toFixed(0)} req/s, p50 ${figure(loads.redirect, (run) => run.p50)} ms, p99 ${figure(loads.redirect, (run) => run.p99)} ms`,
    );
    console.log(`  throughput ${rpsRatio.toFixed(2)}x the bare route (target >= 0.8x): ${rpsRatio >= 0.8 ? "met" : "NOT met"}`);
    console.log(`  p99 ${p99Ratio.toFixed(2)}x the bare route (target <= 2x): ${p99Ratio <= 2 ? "met" : "NOT met"}`);
    console.log(
      `  clicks counted ${counted} of ${people} people's requests (bots left out): ${counted === people ? "0 lost" : `${people - counted} lost`}`,
    );
    console.log(`  failed or unexpected answers: ${failures}`);
  } finally {
    server.stop();
  }
}

console.log("# npm run bench:links (loopback, this machine)");
process.env.LAUNCHLOOP_BENCH = "1";
buildIfNeeded();
if (databases.includes("pglite")) await benchDatabase("PGlite (embedded)", {});
const postgresUrl = process.env.TEST_DATABASE_URL;
if (databases.includes("postgres") && postgresUrl)
  await withPostgresDatabase(postgresUrl, "launchloop_links", (url) => benchDatabase("Postgres", { DATABASE_URL: url }));
else if (databases.includes("postgres"))
  console.log("\n(Postgres skipped: set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to bench it too.)");
