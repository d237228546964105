import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import type { Database } from "@/lib/db";
import {
  type DatabaseHandle,
  migrationsFolder,
  openDatabase,
  type PreparedStatements,
  postgresTransactionConnections,
} from "@/lib/db/client";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on
 * the Postgres server of TEST_DATABASE_URL when the suite runs in its Postgres project.
 */
export async function openTestDatabase(options: { preparedStatements?: PreparedStatements } = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) return openDatabase({ seed: await migratedSeed() });

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

/**
 * The files of an embedded database with every migration applied, made once per set of
 * migrations and kept under node_modules/.cache: a test file starts from them in about a
 * second instead of creating and migrating a database (about six). The open still runs the
 * migrator, which finds nothing to do.
 */
async function migratedSeed(): Promise<Uint8Array> {
  const folder = migrationsFolder();
  const hash = createHash("sha256");
  hash.update(fs.readFileSync(path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json")));
  for (const file of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const cached = path.join(process.cwd(), "node_modules/.cache/launchloop", `pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  if (fs.existsSync(cached)) return fs.readFileSync(cached);

  const database = new PGlite();
  await migrate(drizzle({ client: database }), { migrationsFolder: folder });
  const seed = new Uint8Array(await (await database.dumpDataDir("none")).arrayBuffer());
  await database.close();
  // Written aside and renamed: test files starting at once each find a whole file or none.
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  const partial = `${cached}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(partial, seed);
  fs.renameSync(partial, cached);
  return seed;
}
