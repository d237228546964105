import path from "node:path";
import { config } from "@/lib/config";
import { type DatabaseHandle, openDatabase } from "@/lib/db/client";
import { describeDatabaseProblem } from "./database-problem";

/** Applies pending migrations to DATABASE_URL's Postgres (or the embedded database). */
export async function migrateDatabase(): Promise<void> {
  const { databaseUrl, dataDir } = config();
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, "pglite"), migrate: true });
  } catch (error) {
    throw new Error(describeDatabaseProblem(error, databaseUrl));
  }
  await database.close();
  console.log(`Database ready (${database.kind === "pglite" ? `embedded, in ${dataDir}` : "Postgres"}), migrations applied.`);
}

// `npm run db:migrate`: the deploy step for Postgres (`npm start` runs it too).
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  migrateDatabase().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
