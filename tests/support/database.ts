import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
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
  try {
    await admin.unsafe(`create database ${name} template ${await migratedTemplate(admin, serverUrl)}`);
  } finally {
    await admin.end();
  }
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

/** A digest of the migrations (and of PGlite's version, which shapes the embedded files). */
function migrationsFingerprint(): string {
  const folder = migrationsFolder();
  const hash = createHash("sha256");
  hash.update(fs.readFileSync(path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json")));
  for (const file of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * A migrated database on the Postgres server to copy each test file's database from (a copy
 * takes a tenth of a second, migrating about one), made once per set of migrations. It is
 * migrated under a name of its own and renamed into place, so files starting at once each
 * find a whole template or make one.
 */
async function migratedTemplate(admin: postgres.Sql, serverUrl: string): Promise<string> {
  const name = `launchloop_template_${migrationsFingerprint()}`;
  if ((await admin`select 1 from pg_database where datname = ${name}`).length > 0) return name;
  const building = `${name}_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database ${building}`);
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    await migratePostgres(drizzlePostgres(client), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.end();
  }
  try {
    await admin.unsafe(`alter database ${building} rename to ${name}`);
  } catch {
    // Another file made it first: use that one.
    await admin.unsafe(`drop database if exists ${building}`);
  }
  return name;
}

/**
 * The files of an embedded database with every migration applied, made once per set of
 * migrations and kept under node_modules/.cache: a test file starts from them in about a
 * second instead of creating and migrating a database (about six). The open still runs the
 * migrator, which finds nothing to do.
 */
async function migratedSeed(): Promise<Uint8Array> {
  const folder = migrationsFolder();
  const cached = path.join(process.cwd(), "node_modules/.cache/launchloop", `pglite-${migrationsFingerprint()}.tar`);
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
