import fs from "node:fs";
import { launchPackDocx } from "@/lib/exports/docx";
import { launchPackPdf } from "@/lib/exports/pdf";
import { launchPackXlsx } from "@/lib/exports/xlsx";
import { loadLaunchPack } from "@/lib/services/exports";
import { getOwnedProject } from "@/lib/services/project-records";
import { launchReadyProject } from "../support/pipeline";
import { setPlan } from "../support/plans";
import { createTestApp } from "../support/test-app";
import { median } from "./median";

/**
 * `npx tsx tests/bench/exports.ts [runs]`: how long each launch pack format takes to render
 * (the offline sample pack, in process), first call and warm p50, then a keyed GET of the
 * project and the PDF export through the API router (in process, no socket), and their
 * ratio. It reports only.
 */
const runs = Number(process.argv[2] ?? 20);
const app = await createTestApp();
const founder = await app.signUpWithKey();
await setPlan(app.db, founder.email, "pro");
const projectId = await launchReadyProject(app, founder.key);
const { json } = await app.request("GET", "/api/v1/me", { key: founder.key });
const project = await getOwnedProject(app.db, { accountId: json.account.id, projectId });
const pack = await loadLaunchPack(app.db, { project, now: new Date() });
if (process.env.EXPORTS_BENCH_PACK) fs.writeFileSync(process.env.EXPORTS_BENCH_PACK, JSON.stringify(pack));

const renderers = { pdf: launchPackPdf, docx: launchPackDocx, xlsx: launchPackXlsx };
for (const [format, render] of Object.entries(renderers)) {
  const samples: number[] = [];
  const cpu: number[] = [];
  let size = 0;
  for (let i = 0; i < runs + 1; i++) {
    const started = performance.now();
    const startedCpu = process.cpuUsage();
    size = (await render(pack)).length;
    samples.push(performance.now() - started);
    const used = process.cpuUsage(startedCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  // CPU time beside wall time: on a shared machine the wall clock also counts other processes' turns.
  const [first, ...warm] = samples;
  const warmCpu = cpu.slice(1).sort((a, b) => a - b);
  warm.sort((a, b) => a - b);
  console.log(
    `${format.padEnd(5)} first=${first!.toFixed(0).padStart(5)} ms  warm p50=${median(warm).toFixed(1).padStart(7)} ms  min=${warm[0]!.toFixed(1).padStart(7)} ms  cpu p50=${median(warmCpu).toFixed(1).padStart(7)} ms  ${(size / 1024).toFixed(0)} KB`,
  );
}
async function measure(run: () => Promise<unknown>) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const started = performance.now();
    const startedCpu = process.cpuUsage();
    await run();
    if (i < 3) continue;
    wall.push(performance.now() - started);
    const used = process.cpuUsage(startedCpu);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}
const get = await measure(() => app.request("GET", `/api/v1/projects/${projectId}`, { key: founder.key }));
const pdf = await measure(() => app.request("GET", `/api/v1/export?projectId=${projectId}&format=pdf`, { key: founder.key }));
console.log(`keyed GET /projects/{id}  p50 wall=${get.wall.toFixed(1)} ms  cpu=${get.cpu.toFixed(1)} ms`);
console.log(`GET /export?format=pdf    p50 wall=${pdf.wall.toFixed(1)} ms  cpu=${pdf.cpu.toFixed(1)} ms`);
console.log(`PDF export / keyed GET    wall ${(pdf.wall / get.wall).toFixed(1)}x  cpu ${(pdf.cpu / get.cpu).toFixed(1)}x`);
await app.close();
