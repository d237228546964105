import type { SQL } from "drizzle-orm";

/**
 * A small read an operation asks the API key's statement to make for it, over the key's
 * account: a REST read whose answer the service keeps can then tell, without a statement
 * of its own, that what it kept is still current. `sql` is a scalar subquery; its
 * placeholders are filled from `values`, made from the operation's validated path params.
 */
export interface KeyPeek {
  /** Names the key statement that carries it (one prepared statement per peek). */
  name: string;
  sql(accountId: SQL): SQL;
  values(params: Record<string, string>, now: Date): Record<string, unknown>;
}

/** What the key's statement read for the operation: the peek's value for these params. */
export interface Peeked {
  name: string;
  params: Record<string, string>;
  value: unknown;
}
