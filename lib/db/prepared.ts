import { type Database, databaseKind } from "./client";

interface PreparedQuery {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

const cache = new WeakMap<Database, Map<string, PreparedQuery>>();

/**
 * A hot statement whose SQL is built once per database instead of on every call (Drizzle's
 * query building was about a tenth of a keyed read's CPU). `build` passes every value as
 * `sql.placeholder(name)`, filled by `execute({ name: value })`. A transaction is not the
 * process's database, so inside one the statement is built anew each time.
 *
 * `name` is only the cache key here: whether the server keeps a prepared statement is the
 * connection's choice (`preparingEveryStatement`, off behind a transaction pooler).
 */
export function preparedQuery<P extends PreparedQuery>(
  db: Database,
  name: string,
  build: (db: Database) => { prepare(name: string): P },
): P {
  const kind = databaseKind(db);
  const cached = kind && cache.get(db)?.get(name);
  if (cached) return cached as P;
  const prepared = build(db).prepare(name);
  // Drizzle's postgres.js session reads a name as "prepare on the server"; the connection decides instead.
  if ("prepare" in prepared) (prepared as { prepare: boolean }).prepare = false;
  if (kind) {
    if (!cache.has(db)) cache.set(db, new Map());
    cache.get(db)!.set(name, prepared);
  }
  return prepared;
}
