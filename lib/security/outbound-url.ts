import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { config } from "@/lib/config";

/**
 * Outbound requests to addresses a user gave us (client metadata documents, publishing):
 * https only, and never to a private, loopback, link-local or otherwise reserved address,
 * checked on the address actually connected to (so a name that resolves to one is refused
 * too, including on a second lookup). `OUTBOUND_ALLOW_HTTP=1` lifts both for development;
 * `OUTBOUND_ALLOW_HTTP=loopback` allows http and this machine's loopback addresses only (tests).
 */

const reserved = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  reserved.addSubnet(prefix, bits, "ipv4");
// Every IPv6 range that is not plain public unicast, including each form that embeds an
// IPv4 address (IPv4-compatible ::/96, SIIT's ::ffff:0:0:0/96, NAT64, 6to4, Teredo): an
// embedded public IPv4 is refused with them. Mapped addresses are judged apart (below): a
// BlockList matches IPv4 addresses against ::ffff:0:0/96, so it cannot hold that range.
for (const [prefix, bits] of [
  ["::", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["3fff::", 20],
  ["5f00::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  reserved.addSubnet(prefix, bits, "ipv6");
const ipv4Mapped = new net.BlockList();
ipv4Mapped.addSubnet("::ffff:0:0", 96, "ipv6");

/** Whether an IP address is on the public internet (an IPv4-mapped IPv6 address in dotted form is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return isPublicAddress(mapped);
    // Mapped in another spelling (hex, zeros written out): refused rather than decoded.
    if (ipv4Mapped.check(address, "ipv6")) return false;
    return !reserved.check(address, "ipv6");
  }
  return !reserved.check(address, "ipv4");
}

export class OutboundUrlError extends Error {}

const allowed = () => config().outboundAllowHttp;
const loopback = new net.BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** Whether an address outside the public internet may be reached anyway (development, tests on loopback). */
export function allowedPrivate(address: string): boolean {
  const allow = config().outboundAllowAddresses;
  if (allow === "private") return true;
  if (allow !== "loopback") return false;
  const family = net.isIP(address);
  return family !== 0 && loopback.check(address, family === 6 ? "ipv6" : "ipv4");
}

/** The URL if an outbound request may go there (scheme, no credentials, literal address), else an OutboundUrlError. */
export function checkOutboundUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OutboundUrlError("not a URL");
  }
  if (url.protocol !== "https:" && !(allowed() && url.protocol === "http:"))
    throw new OutboundUrlError("only https addresses are fetched");
  if (url.username || url.password) throw new OutboundUrlError("addresses with credentials are not fetched");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !isPublicAddress(host) && !allowedPrivate(host))
    throw new OutboundUrlError("private addresses are not fetched");
  if (config().outboundAllowAddresses === "none" && (host === "localhost" || host.endsWith(".localhost")))
    throw new OutboundUrlError("private addresses are not fetched");
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A DNS lookup for http.request that refuses names resolving to any non-public address. */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
    if (list.some((entry) => !isPublicAddress(entry.address) && !allowedPrivate(entry.address))) {
      return callback(Object.assign(new OutboundUrlError("private addresses are not fetched"), { code: "EPRIVATE" }), "");
    }
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}

export interface OutboundResponse {
  status: number;
  contentType: string;
  cacheControl: string;
  body: string;
}

/**
 * GETs a checked URL: no redirects followed, at most `maxBytes` of body, the whole
 * exchange within `timeoutMs`. Throws an OutboundUrlError for anything it refuses or
 * that fails (the message is safe to show).
 */
export async function fetchOutbound(
  value: string,
  options: { timeoutMs: number; maxBytes: number; accept: string },
): Promise<OutboundResponse> {
  const answer = await sendOutbound(value, {
    method: "GET",
    headers: { accept: options.accept },
    timeoutMs: options.timeoutMs,
    maxBytes: options.maxBytes,
  });
  return {
    status: answer.status,
    contentType: answer.headers["content-type"] ?? "",
    cacheControl: answer.headers["cache-control"] ?? "",
    body: answer.body,
  };
}

export interface OutboundRequest {
  method: "GET" | "POST" | "PUT";
  headers?: Record<string, string>;
  /** Text, or bytes (an image upload). */
  body?: string | Uint8Array;
  timeoutMs: number;
  maxBytes: number;
}

export interface OutboundAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Any request to a checked URL (the networks' APIs at a PDS or instance a founder typed),
 * under the same rules as `fetchOutbound`: guarded address, no redirects, bounded size and
 * time. Throws an OutboundUrlError when refused; `reachedServer` tells whether the request
 * may have arrived (a timeout after sending) or surely did not (refused, no connection).
 */
export function sendOutbound(value: string, options: OutboundRequest): Promise<OutboundAnswer> {
  const url = checkOutboundUrl(value);
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let sent = false;
    const fail = (message: string) => reject(Object.assign(new OutboundUrlError(message), { reachedServer: sent }));
    const request = transport.request(
      url,
      {
        method: options.method,
        headers: {
          "user-agent": "Launchloop",
          ...options.headers,
          ...(options.body !== undefined && { "content-length": String(Buffer.byteLength(options.body)) }),
        },
        lookup: guardedLookup as never,
        timeout: options.timeoutMs,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const headers = Object.fromEntries(
          Object.entries(response.headers).map(([name, value]) => [
            name,
            Array.isArray(value) ? value.join(", ") : String(value ?? ""),
          ]),
        );
        if (status >= 300 && status < 400) {
          response.resume();
          return fail("redirects are not followed");
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            request.destroy();
            return fail(`the answer is larger than ${options.maxBytes} bytes`);
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ status, headers, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", () => fail("the answer was cut off"));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      fail(`no answer within ${options.timeoutMs} ms`);
    }, options.timeoutMs);
    request.on("close", () => clearTimeout(timer));
    request.on("timeout", () => {
      request.destroy();
      fail(`no answer within ${options.timeoutMs} ms`);
    });
    request.on("socket", (socket) => {
      if (socket.connecting) socket.once("connect", () => (sent = true));
      else sent = true;
    });
    request.on("error", (error) =>
      fail(
        error instanceof OutboundUrlError
          ? error.message
          : sent
            ? "the connection broke before the answer"
            : "the address could not be reached",
      ),
    );
    request.end(options.body);
  });
}
