import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/lib/db/client";
import { postgresTransactionConnections } from "@/lib/db/client";
import { openTestDatabase } from "../support/database";

const onPostgres = process.env.TEST_DATABASE === "postgres";

describe.runIf(onPostgres)("Postgres connections", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const backend = async (run: (statement: string) => Promise<unknown>) =>
    ((await run("select pg_backend_pid() as pid")) as { pid: number }[])[0]!.pid;

  it("run transactions on connections of their own, so statements still go out while every one is held", async () => {
    const { db } = database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transactionPids: number[] = [];
    const holding = Array.from({ length: postgresTransactionConnections }, () =>
      db.transaction(async (tx) => {
        transactionPids.push(await backend((text) => tx.execute(sql.raw(text))));
        await held;
      }),
    );
    try {
      await expect.poll(() => transactionPids.length).toBe(postgresTransactionConnections);
      const statements = await Promise.all(Array.from({ length: 20 }, () => backend((text) => db.execute(sql.raw(text)))));
      expect(statements.filter((pid) => transactionPids.includes(pid))).toEqual([]);
    } finally {
      release();
      await Promise.all(holding);
    }
    // What a transaction committed, the next statement on the other connections sees.
    await db.transaction((tx) => tx.execute(sql`create table if not exists pool_probe (id int)`));
    await db.transaction((tx) => tx.execute(sql`insert into pool_probe values (1)`));
    const [row] = (await db.execute(sql`select count(*)::int as rows from pool_probe`)) as unknown as { rows: number }[];
    expect(row!.rows).toBe(1);
  });
});
