import { config } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { queryCount } from "@/lib/db/query-count";
import { JobPool } from "@/lib/jobs/run";
import "@/lib/services/job-handlers";

// One bench instance: the embedded ticker's pool (claims every tick and whenever a slot frees)
// against DATABASE_URL, until its parent closes stdin; then it prints the statements it sent.
const db = await getDatabase();
const pool = new JobPool(async () => db);
const fill = () => void pool.fill().catch(() => undefined);
const timer = setInterval(fill, config().jobs.tickMs);
fill();
process.stdin.on("end", async () => {
  clearInterval(timer);
  await pool.stop();
  console.log(JSON.stringify({ statements: queryCount() }));
  process.exit(0);
});
process.stdin.resume();
