import { getDatabase } from "@/lib/db";
import { queryCount } from "@/lib/db/query-count";
import { runDueJobs } from "@/lib/jobs/run";
import "@/lib/services/job-handlers";
import { config } from "@/lib/config";

// One bench instance: the ticker's loop (drain due jobs, then wait a tick) against DATABASE_URL,
// until its parent closes stdin; then it prints the statements it sent.
let stopping = false;
process.stdin.on("end", () => (stopping = true));
process.stdin.resume();
const db = await getDatabase();
while (!stopping) {
  for (let batch = 0; batch < 40; batch++) {
    const report = await runDueJobs(db, { limit: 25 });
    if (report.claimed < 25) break;
  }
  await new Promise((resolve) => setTimeout(resolve, config().jobs.tickMs));
}
console.log(JSON.stringify({ statements: queryCount() }));
process.exit(0);
