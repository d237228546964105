import { getDatabase } from "@/lib/db";
import { purgeOldClicks } from "@/lib/links/record-clicks";
import { purgeExpiredOAuth } from "@/lib/services/oauth/purge-expired-oauth";
import { alertUnplannedWeeks, scheduleMissedAlertMails } from "./alerts";
import { purgeAbandonedConnections } from "./connections";
import { purgeExpiredIdempotencyKeys } from "./idempotency";
import { purgeExpiredReplays } from "./key-bootstrap";

const everyMs = 60_000;
const slot = Symbol.for("launchloop.housekeeping");

/** One sweep: expired bootstrap answers, idempotency keys, OAuth codes, tokens and grants, and abandoned Mastodon authorizations go; weeks that started unplanned are alerted, and alert e-mails left behind queued. Errors (a database outage) wait for the next sweep. */
export async function sweepOnce(now = new Date()): Promise<void> {
  try {
    const db = await getDatabase();
    await purgeExpiredReplays(db, now);
    await purgeExpiredIdempotencyKeys(db, now);
    await purgeExpiredOAuth(db, now);
    await purgeAbandonedConnections(db, now);
    await purgeOldClicks(db, { now });
    await alertUnplannedWeeks(db, { now });
    await scheduleMissedAlertMails(db, { now });
  } catch {
    // The database is down or busy: the next sweep (or the next bootstrap) purges.
  }
}

/** Sweeps once a minute while the server process lives (never keeps it alive on its own). */
export function startHousekeeping(): void {
  const slots = globalThis as Record<symbol, unknown>;
  if (slots[slot]) return;
  slots[slot] = setInterval(() => void sweepOnce(), everyMs).unref();
}
