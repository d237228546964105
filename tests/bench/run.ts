import { fitToChannel } from "@/lib/channels";
import { channels } from "@/lib/schemas/growth";
import { agentTypes } from "@/lib/schemas/project";
import { sampleProject } from "../support/founder";
import { httpClient } from "../support/http-client";
import { startServer } from "../support/server";

/**
 * `npm run bench`: latency of the main API paths against a started server (embedded
 * database, offline engine) and the speed of channel fitting. It reports; it does not
 * fail. Loopback only.
 */
const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]!;
const report = (name: string, samples: number[]) =>
  console.log(`${name.padEnd(38)} n=${String(samples.length).padStart(4)}  p50=${percentile(samples, 50).toFixed(1).padStart(7)} ms  p95=${percentile(samples, 95).toFixed(1).padStart(7)} ms`);

async function timed<T>(samples: number[], run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  samples.push(performance.now() - started);
  return result;
}

const server = await startServer({ RATE_LIMIT_PER_MINUTE: "100000", WRITE_LIMIT_PER_HOUR: "100000" });
try {
  const { call, paidFounder } = httpClient(server.baseUrl, server.dataDir);
  const { key } = await paidFounder("studio");

  const me: number[] = [];
  for (let i = 0; i < 200; i++) await timed(me, () => call("GET", "/api/v1/me", { key }));
  report("GET /api/v1/me", me);

  const concurrent: number[] = [];
  await Promise.all(Array.from({ length: 8 }, async () => {
    for (let i = 0; i < 25; i++) await timed(concurrent, () => call("GET", "/api/v1/me", { key }));
  }));
  report("GET /api/v1/me (8 concurrent clients)", concurrent);

  const runs: number[] = [];
  const reviews: number[] = [];
  for (let project = 0; project < 3; project++) {
    const { json } = await call("POST", "/api/v1/projects", { key, body: sampleProject });
    await call("POST", `/api/v1/projects/${json.project.id}/confirm`, { key });
    for (const agentType of agentTypes) {
      const run = await timed(runs, () => call("POST", "/api/v1/agents", { key, body: { projectId: json.project.id, agentType } }));
      await timed(reviews, () => call("PATCH", "/api/v1/agents", { key, body: { runId: run.json.run.id, action: "approve" } }));
    }
  }
  report("POST /api/v1/agents (offline engine)", runs);
  report("PATCH /api/v1/agents", reviews);

  const { json } = await call("GET", "/api/v1/projects", { key });
  const exports: Record<string, number[]> = { json: [], docx: [], pdf: [], xlsx: [] };
  for (const format of Object.keys(exports)) {
    for (let i = 0; i < 5; i++) await timed(exports[format]!, () => call("GET", `/api/v1/export?projectId=${json.projects[0].id}&format=${format}`, { key }));
    report(`GET /api/v1/export ${format}`, exports[format]!);
  }
} finally {
  server.stop();
}

const long = `${"Freelancers lose hours every month chasing invoices. ".repeat(120)}https://tidybooks.example/start 🚀`;
for (const channel of channels) {
  const samples: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    fitToChannel(channel, { body: long, hashtags: ["Freelance", "Invoices"] });
    samples.push(performance.now() - started);
  }
  report(`fitToChannel ${channel} (6 KB draft)`, samples);
}
console.log(`heap used: ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MB`);
