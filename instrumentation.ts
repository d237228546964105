/** Runs once when the server process starts (Next.js instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { refuseInsecureProductionStart } = await import("@/lib/security/production-start");
  refuseInsecureProductionStart();
  const { recordPeerAddresses } = await import("@/lib/http/peer-address");
  recordPeerAddresses();
  const { recordLostQueryNames } = await import("@/lib/http/raw-query");
  recordLostQueryNames();
  const { startHousekeeping } = await import("@/lib/services/housekeeping");
  startHousekeeping();
  const { startScheduler } = await import("@/lib/services/job-handlers");
  startScheduler();
  // Next.js serves no request before this resolves: the embedded database (its thread, the
  // WebAssembly Postgres, the migrations) opens now, not inside the first request. A failure
  // is logged and forgotten there; the first request then tries again and answers 503.
  const { getDatabase } = await import("@/lib/db");
  await getDatabase().catch(() => {});
}
