import { AppError } from "@/lib/errors";
import type { PageQuery } from "@/lib/schemas/common";

/** A position in a list's order: the sort key of the last item a page gave out. */
export type CursorKey = (string | number)[];

const invalidCursor = () =>
  new AppError("invalid_request", "The cursor is not one this list gave out.", {
    details: { issues: [{ path: "cursor", message: "Invalid cursor" }] },
  });

/** Opaque to clients: base64url of the key. */
export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

/** The key in `cursor` (absent when there is none), or a 400 when it does not have the list's key shape. */
export function decodeCursor(
  cursor: string | undefined,
  shape: ("string" | "number")[],
  valid: (key: CursorKey) => boolean = () => true,
): CursorKey | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(key) ||
    key.length !== shape.length ||
    key.some((value, index) => typeof value !== shape[index]) ||
    !valid(key as CursorKey)
  )
    throw invalidCursor();
  return key as CursorKey;
}

/** Whether the caller asked for a page (then the answer carries `nextCursor`). */
export const isPaged = (query: PageQuery) => query.limit !== undefined || query.cursor !== undefined;

/**
 * A page from rows read in list order after the cursor, with at most one row more than
 * `limit`: the page, and the cursor of the next one (null on the last page).
 */
export function pageOf<T>(rows: T[], query: PageQuery, keyOf: (row: T) => CursorKey): { rows: T[]; nextCursor: string | null } {
  if (query.limit === undefined || rows.length <= query.limit) return { rows, nextCursor: null };
  const page = rows.slice(0, query.limit);
  return { rows: page, nextCursor: encodeCursor(keyOf(page.at(-1)!)) };
}
