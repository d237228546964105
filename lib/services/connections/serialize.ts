import type { connections } from "@/lib/db/schema";

export type ConnectionRecord = typeof connections.$inferSelect;

/** A connection as any face sees it: never its secrets. */
export const serializeConnection = (connection: ConnectionRecord) => ({
  id: connection.id,
  projectId: connection.projectId,
  network: connection.network,
  status: connection.status,
  handle: connection.handle,
  serviceUrl: connection.serviceUrl,
  statusReason: connection.statusReason,
  createdAt: connection.createdAt.toISOString(),
});
