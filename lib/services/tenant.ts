import "server-only";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "@/lib/db";
import { AppError } from "@/lib/errors";

/** A table whose rows belong to an account. */
export type TenantTable = PgTable & { id: AnyPgColumn; accountId: AnyPgColumn };

/** The caller's row `id`: the account is always part of the condition, never checked apart from it. */
export const ownedRow = (table: TenantTable, accountId: string, id: string, ...more: (SQL | undefined)[]) =>
  and(eq(table.id, id), eq(table.accountId, accountId), ...more)!;

/** Every row of the caller's account, with any further conditions. */
export const ownedRows = (table: Pick<TenantTable, "accountId">, accountId: string, ...more: (SQL | undefined)[]) =>
  and(eq(table.accountId, accountId), ...more)!;

/**
 * `column = any($1::uuid[])`: one parameter however many ids, so the statement's text (and
 * the prepared statement behind it) is the same for every list, unlike `inArray`'s `in ($1, $2, …)`.
 */
export const inIds = (column: AnyPgColumn, ids: string[]) => sql`${column} = any(${sql.param(ids)}::uuid[])`;

/** The caller's row, or 404 (another account's row is never revealed). */
export async function loadOwned<T extends TenantTable>(
  db: Database,
  { table, accountId, id, notFound }: { table: T; accountId: string; id: string; notFound: string },
): Promise<T["$inferSelect"]> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(ownedRow(table, accountId, id));
  if (!row) throw new AppError("not_found", notFound);
  return row as T["$inferSelect"];
}
