import "server-only";
import type { Database } from "@/lib/db";
import { connections } from "@/lib/db/schema";
import { ownedRow } from "../tenant";

export async function ownedConnection(db: Database, { accountId, connectionId }: { accountId: string; connectionId: string }) {
  const [row] = await db
    .select()
    .from(connections)
    .where(ownedRow(connections, accountId, connectionId));
  return row ?? null;
}
