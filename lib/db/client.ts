import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Options, Sql } from "postgres";
import { config } from "@/lib/config";
import { databaseUnavailable, describeError } from "./errors";
import { countingQueries, countPostgresQueries } from "./query-count";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** The embedded database only: settles when its thread is gone (the handle is then useless). */
  lost?: Promise<unknown>;
}

// On globalThis, like the database itself (below): the instrumentation hook that opens it
// runs in a module graph of its own, and the request handlers must still know its kind.
const kindsHolder = globalThis as unknown as { launchloopDatabaseKinds?: WeakMap<Database, DatabaseHandle["kind"]> };
kindsHolder.launchloopDatabaseKinds ??= new WeakMap();
const kinds = kindsHolder.launchloopDatabaseKinds;

/** Hears a Postgres channel's notifications; resolves to the call that stops hearing them. */
export type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;

const listenersHolder = globalThis as unknown as { launchloopDatabaseListeners?: WeakMap<Database, Listen> };
listenersHolder.launchloopDatabaseListeners ??= new WeakMap();
const listeners = listenersHolder.launchloopDatabaseListeners;

/** How to LISTEN on a Postgres server's channel (undefined on the embedded database: one process hears its own events). */
export function databaseListener(db: Database): Listen | undefined {
  return listeners.get(db);
}

/** Which engine a database handle runs on. */
export function databaseKind(db: Database): DatabaseHandle["kind"] | undefined {
  return kinds.get(db);
}

export const migrationsFolder = () => path.join(process.cwd(), "supabase/migrations");

export type PreparedStatements = "auto" | "on" | "off";

export interface OpenOptions {
  url?: string;
  /** Postgres only: keep prepared statements on the server (default: `DATABASE_PREPARED_STATEMENTS`; `auto` unless the URL names a transaction pooler). */
  preparedStatements?: PreparedStatements;
  dataDir?: string;
  /** Embedded, in memory: start from these files (a `dumpDataDir` tar) instead of an empty database. */
  seed?: Uint8Array;
  /** Apply pending migrations on open (default true; the server leaves Postgres to `npm run db:migrate`). */
  migrate?: boolean;
}

/** Opens (and by default migrates) a database: Postgres when a URL is given, otherwise PGlite (in `dataDir`, or in memory). */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const prepare = keepsPreparedStatements(options.url, options.preparedStatements ?? config().databasePreparedStatements);
    return openPostgres(options.url, options.migrate ?? true, prepare);
  }
  return openPglite(options.dataDir, options.seed);
}

/**
 * Transaction poolers hand each transaction to any server session, so a statement prepared
 * on one is unknown on the next: Supabase's pooler (port 6543, `*.pooler.supabase.com`),
 * PgBouncer (port 6432, or a host named "pgbouncer") and other hosts named "pooler".
 * Anything else is taken for a direct connection, where a prepared statement saves a round
 * trip and a parse on every use; `DATABASE_PREPARED_STATEMENTS=off` covers other poolers.
 */
export function keepsPreparedStatements(url: string, setting: PreparedStatements): boolean {
  if (setting !== "auto") return setting === "on";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return !(["6543", "6432"].includes(parsed.port) || /pooler|pgbouncer/i.test(parsed.hostname));
}

/** Connections each process keeps to a Postgres server for transactions (beside those for statements below). */
export const postgresTransactionConnections = 10;

/**
 * Connections for statements that stand alone (most of a request's): postgres.js pipelines
 * statements on a busy connection and sends those queued in one turn of the event loop in
 * one write, so a few connections carry them all with fewer writes and fewer backends woken
 * (docs/performance.md). A transaction holds its connection until it ends, sometimes across
 * a call to the network, so transactions have the pool of their own: however many of them
 * wait, standalone statements still go out.
 */
const postgresStatementConnections = 3;

async function openPostgres(url: string, runMigrations: boolean, prepare: boolean): Promise<DatabaseHandle> {
  const { default: postgres } = await import("postgres");
  const { preparingEveryStatement, transactionsThrough } = await import("./statement-hooks");
  const options = { prepare, onnotice: () => {} };
  const client = postgres(url, { ...options, max: postgresStatementConnections });
  const transactions = postgres(url, { ...options, max: postgresTransactionConnections });
  transactionsThrough(client, transactions);
  if (prepare) preparingEveryStatement(client);
  const handle = await connected(client, "postgres", runMigrations, async () => {
    await Promise.all([client.end(), transactions.end()]);
  });
  // postgres.js listens on a connection of its own, and listens again after a reconnect.
  listeners.set(handle.db, async (channel, onMessage) => {
    const { unlisten } = await client.listen(channel, onMessage);
    return unlisten;
  });
  return handle;
}

/** PGlite on its own thread, spoken to by the same client as a Postgres server. */
async function openPglite(dataDir?: string, seed?: Uint8Array): Promise<DatabaseHandle> {
  const { default: postgres } = await import("postgres");
  const { startEmbeddedPostgres } = await import("./embedded");
  const { preparingEveryStatement } = await import("./statement-hooks");
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const embedded = await startEmbeddedPostgres(dataDir, seed);
  // One session, kept for the life of the process. `socket` is postgres.js's documented
  // custom-socket option, missing from its types.
  const options = { socket: () => embedded.connect(), max: 1, idle_timeout: 0, max_lifetime: null, onnotice: () => {} };
  const client = postgres(options as Options<Record<string, never>>);
  preparingEveryStatement(client);
  const handle = await connected(client, "pglite", true, async () => {
    await client.end();
    await embedded.close();
  });
  return { ...handle, lost: embedded.lost };
}

async function connected(
  client: Sql,
  kind: DatabaseHandle["kind"],
  runMigrations: boolean,
  close: () => Promise<void>,
): Promise<DatabaseHandle> {
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  if (countingQueries()) countPostgresQueries(client);
  const db = drizzle({ client, schema }) as unknown as Database;
  if (runMigrations) {
    try {
      await migrate(db as never, { migrationsFolder: migrationsFolder() });
    } catch (error) {
      await close().catch(() => {});
      throw error;
    }
  }
  kinds.set(db, kind);
  return { db, kind, close };
}

// One database per process, kept on globalThis so Next's module reloading shares it.
const holder = globalThis as unknown as { launchloopDatabase?: Promise<DatabaseHandle> };

/**
 * The service's database, opened on first use. The embedded database migrates itself;
 * Postgres is migrated by the deploy step (`npm run db:migrate`, which `npm start` runs).
 * A failed open is forgotten, so the next request tries again: an outage answers 503
 * while it lasts and the process recovers when the database is back. So is an embedded
 * database whose thread was lost.
 */
export async function getDatabase(): Promise<Database> {
  if (!holder.launchloopDatabase) {
    const { databaseUrl, dataDir } = config();
    const opening = openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, "pglite"), migrate: !databaseUrl });
    holder.launchloopDatabase = opening;
    const forget = () => {
      if (holder.launchloopDatabase === opening) holder.launchloopDatabase = undefined;
    };
    opening.then(
      (handle) =>
        // A lost embedded thread: the requests in flight answer 503, the next one opens the data directory again.
        handle.lost?.then((error) => {
          forget();
          console.error(`database lost, reopening on the next request: ${describeError(error)}`);
          handle.close().catch(() => {});
        }),
      (error) => {
        forget();
        console.error(`database unavailable: ${describeError(error)}`);
      },
    );
  }
  try {
    return (await holder.launchloopDatabase).db;
  } catch (error) {
    throw databaseUnavailable(error);
  }
}

/** Points the service at an already opened database (tests, CLIs). */
export function useDatabase(handle: DatabaseHandle): void {
  holder.launchloopDatabase = Promise.resolve(handle);
}
