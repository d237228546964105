import { config } from "@/lib/config";
import { insecureAppUrlProblem } from "@/lib/security/headers";
import { buildIfNeeded } from "./build";
import { migrateDatabase } from "./migrate";

/**
 * The preparation half of `npm start`: apply migrations (the same step as `npm run
 * db:migrate`), then build when the sources changed. It exits; the npm script then
 * `exec`s `next start`, so one server process stays, with nothing of this one resident.
 */
async function main() {
  const problem = insecureAppUrlProblem(config().appUrl);
  if (problem) throw new Error(problem);
  await migrateDatabase();
  buildIfNeeded();
  console.log(`Launchloop is starting at ${config().appUrl}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
