import "server-only";
import { and, eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { connections } from "@/lib/db/schema";
import { raiseDisconnected } from "../alerts/triggers";
import type { ConnectionRecord } from "./serialize";

export type LoadedConnection = Pick<ConnectionRecord, "id" | "accountId" | "generation">;

/** The row as the job loaded it: a reconnect made meanwhile holds new credentials a job's news is not about. */
export const sameConnection = (connection: LoadedConnection) =>
  and(
    eq(connections.id, connection.id),
    eq(connections.accountId, connection.accountId),
    eq(connections.generation, connection.generation),
  );

/**
 * The network refused our credentials: the founder must reconnect. Never called for timeouts or
 * 5xx. The founder is alerted unless they are watching it happen in the page (`inThePage`).
 */
export async function markDisconnected(
  db: Database,
  {
    connection,
    reason,
    now,
    inThePage = false,
  }: { connection: LoadedConnection; reason: string; now: Date; inThePage?: boolean },
) {
  const [changed] = await db
    .update(connections)
    .set({ status: "disconnected", statusReason: reason.slice(0, 300), updatedAt: now })
    .where(and(sameConnection(connection), eq(connections.status, "connected")))
    .returning();
  if (changed) await raiseDisconnected(db, { connection: changed, now, alert: !inThePage });
}
