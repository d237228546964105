import "server-only";
import { and, eq } from "drizzle-orm";
import pLimit from "p-limit";
import type { Database } from "@/lib/db";
import { databaseKind, postgresTransactionConnections } from "@/lib/db/client";
import { connections } from "@/lib/db/schema";
import { NetworkError } from "@/lib/networks/errors";
import { providerFor } from "@/lib/networks/registry";
import { type ConnectionSecrets, openSecrets, sealSecrets } from "@/lib/networks/secrets";
import type { ConnectionRecord } from "./serialize";

/**
 * Renews a connection's tokens once, whoever asks: under the row's lock, a caller whose stale
 * token was already replaced gets the replacement instead of spending the (single-use, on X)
 * refresh token again. A refused refresh token is `auth` (the caller disconnects); a timeout
 * or 5xx leaves the stored tokens as they were.
 */
export async function renewConnectionTokens(input: {
  db: Database;
  connection: Pick<ConnectionRecord, "id" | "accountId" | "network" | "serviceUrl" | "handle" | "externalAccountId">;
  stale: ConnectionSecrets;
  now: Date;
}): Promise<ConnectionSecrets> {
  const { db, connection, stale, now } = input;
  const provider = providerFor(connection.network);
  const refresh = provider.refresh?.bind(provider);
  if (!refresh) throw new NetworkError("permanent", `${provider.label} has no tokens to renew`);
  const renew = async (tx: Database) => {
    const [row] = await tx
      .select({ sealedSecrets: connections.sealedSecrets })
      .from(connections)
      .where(and(eq(connections.id, connection.id), eq(connections.accountId, connection.accountId)))
      .for("update");
    if (!row) throw new NetworkError("permanent", "The connection was removed");
    const current = openSecrets(row.sealedSecrets);
    if (current.accessToken && current.accessToken !== stale.accessToken) return current;
    const renewed = await refresh(
      {
        serviceUrl: connection.serviceUrl,
        handle: connection.handle,
        externalAccountId: connection.externalAccountId,
        secrets: current,
      },
      { now },
    );
    await tx
      .update(connections)
      .set({ sealedSecrets: sealSecrets(renewed), updatedAt: now })
      .where(and(eq(connections.id, connection.id), eq(connections.accountId, connection.accountId)));
    return renewed;
  };
  // In this process renewals of one connection wait their turn in memory. The embedded
  // database has one session, which a transaction would hold whole across the token call, so
  // that turn is all it gets. On Postgres the row lock also keeps other instances in turn; it
  // holds a pooled connection across the token call (up to its timeout), so only a few
  // renewals run at once and a hanging token endpoint leaves the pool to other requests.
  return inTurn(connection.id, () => (databaseKind(db) === "pglite" ? renew(db) : renewalSlots(() => db.transaction(renew))));
}

/** Renewals holding a pooled database connection at once: a third of the pool. */
const renewalSlots = pLimit(Math.floor(postgresTransactionConnections / 3));

const renewals = new Map<string, Promise<unknown>>();

/** Runs `work` after every earlier call with the same key has settled. */
function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = renewals.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  renewals.set(key, next);
  void next.finally(() => renewals.get(key) === next && renewals.delete(key)).catch(() => undefined);
  return next;
}
