import "server-only";
import type { Database } from "@/lib/db";
import type { ConnectedAccount } from "@/lib/networks/provider";
import { openSecrets } from "@/lib/networks/secrets";
import { renewConnectionTokens } from "../connections/renew-tokens";
import type { ConnectionRecord } from "../connections/serialize";

/** The connection as its provider takes it: secrets opened, tokens renewed once across callers. */
export const connectedAccount = (
  db: Database,
  { connection, now }: { connection: ConnectionRecord; now: Date },
): ConnectedAccount => ({
  serviceUrl: connection.serviceUrl,
  handle: connection.handle,
  externalAccountId: connection.externalAccountId,
  secrets: openSecrets(connection.sealedSecrets),
  renewTokens: (stale) => renewConnectionTokens({ db, connection, stale, now }),
});
