import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { isDatabaseUnavailable, isUniqueViolation } from "@/lib/db/errors";

// The embedded database only: PGlite on its worker thread, reached through postgres.js.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-embedded-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(process.env.TEST_DATABASE === "postgres")("the embedded database on its own thread", () => {
  it("keeps what was written across a close and a reopen of its data directory", async () => {
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`create table notes (id int primary key, body text not null)`);
    await first.db.execute(sql`insert into notes values (1, ${"第一 note"})`);
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      expect(await second.db.execute(sql`select body from notes where id = ${1}`)).toEqual([{ body: "第一 note" }]);
    } finally {
      await second.close();
    }
  });

  it("answers a failing statement with its SQLSTATE and goes on serving the same session", async () => {
    const database = await openDatabase({});
    try {
      await database.db.execute(sql`create table tags (name text primary key)`);
      await database.db.execute(sql`insert into tags values (${"launch"})`);
      const failure = await database.db.execute(sql`insert into tags values (${"launch"})`).catch((error: unknown) => error);
      expect(isUniqueViolation(failure)).toBe(true);
      // Many statements at once share the one session in order, each with its own answer.
      const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => database.db.execute(sql`select ${index}::int as value`)));
      expect(answers.map((rows) => (rows as unknown as { value: number }[])[0]!.value)).toEqual(Array.from({ length: 40 }, (_, index) => index));
    } finally {
      await database.close();
    }
  });

  it("fails queries as a lost connection (the service's 503) once its thread is gone", async () => {
    const embedded = await startEmbeddedPostgres();
    const client = postgres({ socket: () => embedded.connect(), max: 1, onnotice: () => {} } as unknown as postgres.Options<Record<string, never>>);
    try {
      expect(await client`select 1 as one`).toEqual([{ one: 1 }]);
      await embedded.close();
      const failure = await client`select 1 as one`.catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await client.end({ timeout: 1 });
    }
  });
});
