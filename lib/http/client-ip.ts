import { config } from "@/lib/config";

/**
 * The name of the header the peer-address hook (`instrumentation.ts`) writes on every
 * request: random per process, so a client cannot send it. Undefined without the hook.
 */
const peerHeaderSlot = Symbol.for("launchloop.peerAddressHeader");

export function peerAddressHeader(): string | undefined {
  return (globalThis as Record<symbol, string | undefined>)[peerHeaderSlot];
}

/** Installs the peer-address header name for this process (called once by the hook). */
export function definePeerAddressHeader(): string {
  const slots = globalThis as Record<symbol, string | undefined>;
  slots[peerHeaderSlot] ??= `x-launchloop-peer-${crypto.randomUUID().slice(0, 8)}`;
  return slots[peerHeaderSlot]!;
}

const hopsOf = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);

/** IPv4 peers arrive as IPv4-mapped IPv6 (`::ffff:203.0.113.9`) on a dual-stack socket. */
const plainAddress = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");

/**
 * The caller's address for per-address limits. Forwarded headers count only when the
 * deployment says who writes them: on Vercel its own `x-vercel-forwarded-for`; behind
 * `TRUST_PROXY=N` proxies the N-th hop from the end of X-Forwarded-For (the one the
 * outermost trusted proxy appended). Otherwise the socket's peer address, which Next.js
 * does not expose to route handlers: `next start` only fills X-Forwarded-For when the
 * client sent none, so a client can forge it; the peer-address hook records the socket
 * address under a header name no client knows. Without either: "unknown" (one shared bucket).
 */
export function clientIpOf(headers: Headers): string {
  const { onVercel, trustedProxyHops } = config();
  if (onVercel) {
    const vercel = hopsOf(headers.get("x-vercel-forwarded-for"))[0];
    if (vercel) return plainAddress(vercel);
  }
  if (trustedProxyHops > 0) {
    const hops = hopsOf(headers.get("x-forwarded-for"));
    const hop = hops.at(-trustedProxyHops) ?? hops[0];
    if (hop) return plainAddress(hop);
  }
  const peerHeader = peerAddressHeader();
  const peer = peerHeader ? headers.get(peerHeader) : null;
  return peer ? plainAddress(peer) : "unknown";
}
