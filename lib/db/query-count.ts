import type { Sql } from "postgres";
import { wrapStatements } from "./statement-hooks";

/**
 * Counts database round trips, for the benchmark and the tests that hold a request to its
 * budget of statements. Off unless LAUNCHLOOP_COUNT_QUERIES=1: the product never wraps its
 * driver otherwise. A transaction counts its BEGIN and COMMIT as two more.
 */
const holder = globalThis as unknown as { launchloopQueryCount?: number };

export const countingQueries = () => process.env.LAUNCHLOOP_COUNT_QUERIES === "1";

/** Statements sent to the database by this process since it started (0 when not counting). */
export function queryCount(): number {
  return holder.launchloopQueryCount ?? 0;
}

function add(statements: number) {
  holder.launchloopQueryCount = queryCount() + statements;
}

/** postgres.js: every statement, and BEGIN and COMMIT for each transaction. */
export function countPostgresQueries(sql: Sql): void {
  wrapStatements(
    sql,
    (unsafe) =>
      (...args) => {
        add(1);
        return unsafe(...args);
      },
    () => add(2),
  );
}
