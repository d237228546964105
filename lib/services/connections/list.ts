import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/core/context";
import { connections } from "@/lib/db/schema";
import { getOwnedProject } from "../project-records";
import { ownedRows } from "../tenant";
import { serializeConnection } from "./serialize";

export async function listConnections(ctx: ServiceContext, input: { projectId: string }) {
  await getOwnedProject(ctx.db, { accountId: ctx.account.id, projectId: input.projectId });
  const rows = await ctx.db
    .select()
    .from(connections)
    .where(
      ownedRows(connections, ctx.account.id, eq(connections.projectId, input.projectId), sql`${connections.status} <> 'pending'`),
    )
    .orderBy(asc(connections.createdAt));
  return { connections: rows.map(serializeConnection) };
}
