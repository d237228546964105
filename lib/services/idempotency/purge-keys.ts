import { lt } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { idempotencyKeys } from "@/lib/db/schema";

/** Deletes the idempotency keys whose 24 hours are over (each may hold a sealed answer); run by the housekeeping sweep. */
export async function purgeExpiredIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const purged = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return purged.length;
}
