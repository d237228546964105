import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { keepsPreparedStatements, type PreparedStatements } from "@/lib/db/client";
import { agentRuns } from "@/lib/db/schema";
import { inIds } from "@/lib/services/tenant";
import { openTestDatabase } from "../support/database";

const onPostgres = process.env.TEST_DATABASE === "postgres";

/** How many statements the session that ran a transaction keeps prepared (none unless they are named). */
async function preparedInOneSession(setting?: PreparedStatements) {
  const database = await openTestDatabase(setting ? { preparedStatements: setting } : {});
  try {
    return await database.db.transaction(async (tx) => {
      await tx.execute(sql`select ${"launch"}::text as word`);
      const [row] = (await tx.execute(
        sql`select count(*)::int as kept from pg_prepared_statements where not from_sql`,
      )) as unknown as { kept: number }[];
      return row!.kept;
    });
  } finally {
    await database.close();
  }
}

describe("prepared statements", () => {
  it("are kept by the session when the setting allows them", async () => {
    expect(await preparedInOneSession("on")).toBeGreaterThanOrEqual(2);
  });

  it.runIf(onPostgres)("are not kept on Postgres when turned off (a transaction pooler)", async () => {
    expect(await preparedInOneSession("off")).toBe(0);
  });

  it.runIf(onPostgres)(
    "follow DATABASE_PREPARED_STATEMENTS when the caller does not choose (the server, db:migrate, admin)",
    async () => {
      process.env.DATABASE_PREPARED_STATEMENTS = "off";
      reloadConfig();
      try {
        expect(await preparedInOneSession()).toBe(0);
      } finally {
        delete process.env.DATABASE_PREPARED_STATEMENTS;
        reloadConfig();
      }
    },
  );

  it("see one statement text for id lists of any length (inIds), so prepared statements do not pile up", async () => {
    const database = await openTestDatabase();
    try {
      const query = (ids: string[]) =>
        database.db.select({ id: agentRuns.id }).from(agentRuns).where(inIds(agentRuns.projectId, ids));
      const ids = Array.from({ length: 3 }, () => crypto.randomUUID());
      expect(query(ids.slice(0, 1)).toSQL().sql).toBe(query(ids).toSQL().sql);
      expect(await query(ids)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("are turned off for URLs that name a transaction pooler, unless the setting says otherwise", () => {
    expect(keepsPreparedStatements("postgres://postgres@127.0.0.1:5432/app", "auto")).toBe(true);
    expect(keepsPreparedStatements("postgres://db.abc.supabase.co:5432/postgres", "auto")).toBe(true);
    expect(keepsPreparedStatements("postgres://postgres.abc:pw@aws-0-eu-west-1.pooler.supabase.com:6543/postgres", "auto")).toBe(
      false,
    );
    expect(keepsPreparedStatements("postgres://app@pgbouncer.internal:6432/app", "auto")).toBe(false);
    expect(keepsPreparedStatements("postgres://app@pgbouncer.internal:5432/app", "auto")).toBe(false);
    expect(keepsPreparedStatements("postgres://app@ep-cool-1-pooler.eu-central-1.aws.neon.tech/app", "auto")).toBe(false);
    expect(keepsPreparedStatements("postgres://app@pgbouncer.internal:6432/app", "on")).toBe(true);
    expect(keepsPreparedStatements("postgres://postgres@127.0.0.1:5432/app", "off")).toBe(false);
  });
});
