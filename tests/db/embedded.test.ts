import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Duplex } from "node:stream";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it, vi } from "vitest";
import { reloadConfig } from "@/lib/config";
import { getDatabase, openDatabase } from "@/lib/db/client";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { isDatabaseUnavailable, isUniqueViolation } from "@/lib/db/errors";
import { accounts } from "@/lib/db/schema";

// The embedded database only: PGlite on its worker thread, reached through postgres.js.

/** A startup packet without its terminator: Postgres answers FATAL, which ends PGlite's session and its thread. */
function breakSession(socket: Duplex) {
  socket.on("error", () => {});
  const startup = Buffer.alloc(8);
  startup.writeInt32BE(8, 0);
  startup.writeInt32BE(196608, 4);
  socket.write(startup);
}
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
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) => database.db.execute(sql`select ${index}::int as value`)),
      );
      expect(answers.map((rows) => (rows as unknown as { value: number }[])[0]!.value)).toEqual(
        Array.from({ length: 40 }, (_, index) => index),
      );
    } finally {
      await database.close();
    }
  });

  it("reports its thread lost when Postgres stops on a fatal error, and not when it is closed", async () => {
    const crashed = await startEmbeddedPostgres();
    breakSession(crashed.connect());
    expect((await crashed.lost).message).toMatch(/thread exited/);

    const closed = await startEmbeddedPostgres();
    await closed.close();
    expect(
      await Promise.race([closed.lost.then(() => "lost"), new Promise((resolve) => setTimeout(() => resolve("closed"), 500))]),
    ).toBe("closed");
  });

  it("opens its data directory again on the next request after the thread is lost, with the data", async () => {
    const serviceDir = fs.mkdtempSync(path.join(os.tmpdir(), "launchloop-reopen-"));
    const saved = process.env.DATA_DIR;
    process.env.DATA_DIR = serviceDir;
    reloadConfig();
    const globals = globalThis as unknown as { launchloopDatabase?: unknown };
    const previous = globals.launchloopDatabase;
    globals.launchloopDatabase = undefined;
    try {
      const first = await getDatabase();
      await first.insert(accounts).values({ email: "kept@example.com", signupDoor: "api" });
      // The service's own connection: a fatal error on it ends the thread.
      const { socket } = (first as unknown as { $client: { options: { socket: () => Duplex } } }).$client.options;
      breakSession(socket());
      await vi.waitFor(() => expect(globals.launchloopDatabase).toBeUndefined(), { timeout: 10_000 });

      const second = await getDatabase();
      expect(second).not.toBe(first);
      expect((await second.select().from(accounts)).map((account) => account.email)).toEqual(["kept@example.com"]);
      await (await (globals.launchloopDatabase as Promise<{ close(): Promise<void> }>)).close();
    } finally {
      globals.launchloopDatabase = previous;
      if (saved === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = saved;
      reloadConfig();
      fs.rmSync(serviceDir, { recursive: true, force: true });
    }
  });

  it("fails queries as a lost connection (the service's 503) once its thread is gone", async () => {
    const embedded = await startEmbeddedPostgres();
    const client = postgres({ socket: () => embedded.connect(), max: 1, onnotice: () => {} } as unknown as postgres.Options<
      Record<string, never>
    >);
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
