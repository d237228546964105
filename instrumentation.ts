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
}
