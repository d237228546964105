import "server-only";
import type { ServiceContext } from "@/lib/core/context";
import { connections } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { NetworkError } from "@/lib/networks/errors";
import { providerFor } from "@/lib/networks/registry";
import { openSecrets } from "@/lib/networks/secrets";
import { inThePage } from "../alerts/triggers";
import { ownedRow } from "../tenant";
import { markDisconnected } from "./mark-disconnected";
import { renewConnectionTokens } from "./renew-tokens";
import { saveSecrets } from "./save-secrets";
import { type ConnectionRecord, serializeConnection } from "./serialize";

/**
 * Asks the network whether the connection's credential still works: one it refuses makes the
 * connection `disconnected` (with the network's reason); a network that does not answer
 * changes nothing and is the founder's to try again.
 */
export async function verifyConnection(ctx: ServiceContext, input: { connectionId: string }) {
  const [connection] = await ctx.db
    .select()
    .from(connections)
    .where(ownedRow(connections, ctx.account.id, input.connectionId));
  if (!connection || connection.status === "pending") throw new AppError("not_found", "Connection not found.");
  const provider = providerFor(connection.network);
  const { db, now } = ctx;
  try {
    await provider.verify(
      {
        serviceUrl: connection.serviceUrl,
        handle: connection.handle,
        externalAccountId: connection.externalAccountId,
        secrets: openSecrets(connection.sealedSecrets),
        renewTokens: (stale) => renewConnectionTokens({ db, connection, stale, now }),
      },
      { now, onSecrets: (secrets) => saveSecrets(db, { connection, secrets, now }) },
    );
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    if (error.kind === "permanent")
      throw new AppError("connection_refused", `${provider.label} refused: ${error.message.replace(/^[^:]*: /, "")}`);
    if (error.kind !== "auth")
      throw new AppError("provider_unavailable", `${provider.label} did not answer (${error.message}). Try again in a moment.`);
    await markDisconnected(db, { connection, reason: error.message, now, inThePage: inThePage(ctx) });
    return {
      connection: serializeConnection({ ...connection, status: "disconnected", statusReason: error.message.slice(0, 300) }),
    };
  }
  return { connection: serializeConnection(connection satisfies ConnectionRecord) };
}
