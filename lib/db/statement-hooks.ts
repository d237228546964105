import type { Sql } from "postgres";

export type Unsafe = (query: string, parameters?: unknown[], options?: { prepare?: boolean }) => unknown;
type Transactional = { unsafe: Unsafe; begin: (...args: unknown[]) => unknown };

/**
 * Passes every statement of a postgres.js client through `wrap`, inside its transactions
 * too: Drizzle sends each statement through `unsafe` and each transaction through `begin`,
 * whose callback gets a client of its own. `onTransaction` hears each `begin`.
 */
export function wrapStatements(sql: Sql, wrap: (unsafe: Unsafe) => Unsafe, onTransaction?: () => void): void {
  const wrapped = (target: { unsafe: Unsafe }) => {
    target.unsafe = wrap(target.unsafe.bind(target));
  };
  const client = sql as unknown as Transactional;
  wrapped(client);
  const begin = client.begin.bind(client);
  client.begin = (...args: unknown[]) => {
    onTransaction?.();
    const callback = args.at(-1) as (tx: { unsafe: Unsafe }) => unknown;
    args[args.length - 1] = (tx: { unsafe: Unsafe }) => {
      wrapped(tx);
      return callback(tx);
    };
    return begin(...args);
  };
}

/**
 * Runs every transaction begun on `sql` on the connections of `transactions` instead. Both
 * read and write values alike: they share one set of parsers and serializers (Drizzle sets
 * its own on the client it is given, and postgres.js adds array types as it meets them).
 * Call before any other hook, which then wraps the routed `begin` too.
 */
export function transactionsThrough(sql: Sql, transactions: Sql): void {
  transactions.options.parsers = sql.options.parsers;
  transactions.options.serializers = sql.options.serializers;
  (sql as unknown as Transactional).begin = transactions.begin.bind(transactions) as Transactional["begin"];
}

/**
 * postgres.js sends a statement it has not prepared in two round trips (it first asks for
 * the parameters' types), and Drizzle marks every unnamed statement unprepared. On a
 * session that can keep them (no transaction pooler in front), every statement shape is
 * prepared once per connection and then runs in one round trip, without being parsed and
 * planned again.
 */
export function preparingEveryStatement(sql: Sql): void {
  wrapStatements(sql, (unsafe) => (query, parameters, options) => unsafe(query, parameters, { ...options, prepare: true }));
}
