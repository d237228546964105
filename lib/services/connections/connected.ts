import "server-only";
import type { ServiceContext } from "@/lib/core/context";
import { resolveAlerts } from "../alerts/resolve-alerts";
import { type ConnectionRecord, serializeConnection } from "./serialize";

/**
 * The last step of connecting an account, by its form or its OAuth flow: the alert that it was
 * disconnected, if it has one, is resolved (a reconnect is the fix), and its resource is the answer.
 */
export async function connected(ctx: ServiceContext, row: ConnectionRecord) {
  await resolveAlerts(ctx.db, {
    accountId: ctx.account.id,
    kind: "connection_disconnected",
    subjectIds: [row.id],
    now: ctx.now,
  });
  return { connection: serializeConnection(row) };
}
