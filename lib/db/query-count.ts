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

type AnyFunction = (...args: unknown[]) => unknown;

function countCalls<T extends object>(target: T, method: string, statements = 1) {
  const original = (target as Record<string, AnyFunction>)[method]!;
  (target as Record<string, AnyFunction>)[method] = function (this: unknown, ...args: unknown[]) {
    add(statements);
    return original.apply(this, args);
  };
}

/** Wraps each callback-style transaction so BEGIN/COMMIT count and the statements inside it too. */
function countTransactions<T extends object>(target: T, method: string, wrapInner: (inner: object) => void) {
  const original = (target as Record<string, AnyFunction>)[method]!;
  (target as Record<string, AnyFunction>)[method] = function (this: unknown, ...args: unknown[]) {
    add(2);
    const callback = args.at(-1) as AnyFunction;
    args[args.length - 1] = (inner: object) => {
      wrapInner(inner);
      return callback(inner);
    };
    return original.apply(this, args);
  };
}

/** postgres.js: every statement goes through `unsafe` (Drizzle's session), transactions through `begin`. */
export function countPostgresQueries(sql: object): void {
  countCalls(sql, "unsafe");
  countTransactions(sql, "begin", (tx) => countCalls(tx, "unsafe"));
}
