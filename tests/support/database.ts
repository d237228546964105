import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import type { Database } from "@/lib/db";
import { type DatabaseHandle, openDatabase, type PreparedStatements, postgresTransactionConnections } from "@/lib/db/client";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on
 * the Postgres server of TEST_DATABASE_URL when the suite runs in its Postgres project.
 */
export async function openTestDatabase(options: { preparedStatements?: PreparedStatements } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) return openDatabase({});

  const name = `launchloop_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), ...options });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Whether the database still answers everyone, within `ms`: as many statements at once as
 * the Postgres pool has connections, and as many transactions (which have a pool of their own).
 */
export async function poolAnswers(db: Database, ms = 5_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const statements = Array.from({ length: postgresTransactionConnections }, () => [
    db.execute(sql`select 1`),
    db.transaction((tx) => tx.execute(sql`select 1`)),
  ]).flat();
  try {
    return await Promise.race([Promise.all(statements).then(() => true), stalled]);
  } finally {
    clearTimeout(timer);
  }
}
