import "server-only";
import type { Database } from "@/lib/db";
import { connections } from "@/lib/db/schema";
import { type ConnectionSecrets, sealSecrets } from "@/lib/networks/secrets";
import { type LoadedConnection, sameConnection } from "./mark-disconnected";

/** Keeps tokens the network renewed (a refreshed Bluesky session). */
export async function saveSecrets(
  db: Database,
  { connection, secrets, now }: { connection: LoadedConnection; secrets: ConnectionSecrets; now: Date },
) {
  await db
    .update(connections)
    .set({ sealedSecrets: sealSecrets(secrets), updatedAt: now })
    .where(sameConnection(connection));
}
