import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { config } from "@/lib/config";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = () => path.join(process.cwd(), "supabase/migrations");

/** Opens and migrates a database: Postgres when a URL is given, otherwise PGlite (in `dataDir`, or in memory). */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // prepare: false keeps the client safe behind transaction poolers (Supabase, PgBouncer).
  const client = postgres(url, { prepare: false, max: 10, onnotice: () => {} });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return { db: db as unknown as Database, kind: "postgres", close: () => client.end() };
}

async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return { db: db as unknown as Database, kind: "pglite", close: () => client.close() };
}

// One database per process, kept on globalThis so Next's module reloading shares it.
const holder = globalThis as unknown as { launchloopDatabase?: Promise<DatabaseHandle> };

/** The service's database, opened and migrated on first use. */
export async function getDatabase(): Promise<Database> {
  holder.launchloopDatabase ??= openDatabase({
    url: config().databaseUrl,
    dataDir: path.join(config().dataDir, "pglite"),
  });
  return (await holder.launchloopDatabase).db;
}

/** Points the service at an already opened database (tests, CLIs). */
export function useDatabase(handle: DatabaseHandle): void {
  holder.launchloopDatabase = Promise.resolve(handle);
}
