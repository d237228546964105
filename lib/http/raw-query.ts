import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";

const headerSlot = Symbol.for("launchloop.rawQueryHeader");
const lostNames = new Set(["__proto__"]);

const rawQueryHeader = () => (globalThis as Record<symbol, string | undefined>)[headerSlot];

/**
 * Next.js rebuilds a request's URL from a plain object of its query, which loses a
 * `__proto__` parameter, so the API would never see (and refuse) it. For such a request the
 * query as sent travels in a header whose name is random per process (a client cannot set
 * it), copied before Next.js sees the request.
 */
export function recordLostQueryNames(): void {
  const slots = globalThis as Record<symbol, string | undefined>;
  if (slots[headerSlot]) return;
  const header = `x-launchloop-query-${crypto.randomUUID().slice(0, 8)}`;
  slots[headerSlot] = header;
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { request } = message as { request: IncomingMessage };
    delete request.headers[header];
    const search = request.url?.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
    if ([...new URLSearchParams(search).keys()].some((name) => lostNames.has(name))) {
      request.headers[header] = Buffer.from(search).toString("base64url");
    }
  });
}

/** A request's query parameters as the client sent them (the last value of a repeated name wins). */
export function queryOf(request: Request): Record<string, string> {
  const header = rawQueryHeader();
  const sent = header ? request.headers.get(header) : null;
  const params =
    sent === null ? new URL(request.url).searchParams : new URLSearchParams(Buffer.from(sent, "base64url").toString());
  return Object.fromEntries(params);
}
