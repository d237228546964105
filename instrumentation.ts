/** Runs once when the server process starts (Next.js instrumentation hook). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { recordPeerAddresses } = await import("@/lib/http/peer-address");
  recordPeerAddresses();
  const { startHousekeeping } = await import("@/lib/services/housekeeping");
  startHousekeeping();
}
