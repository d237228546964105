import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { connections } from "@/lib/db/schema";

/** OAuth authorizations never finished (the founder left the network's page) are forgotten after an hour. */
export async function purgeAbandonedConnections(db: Database, now: Date) {
  await db
    .delete(connections)
    .where(
      and(
        eq(connections.status, "pending"),
        sql`${connections.createdAt} < ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz`,
      ),
    );
}
