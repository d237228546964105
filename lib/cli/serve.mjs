// The serving half of `npm start` (plain JavaScript: Node runs it as it is, with nothing
// resident but the server). It is Next.js's own request handler, as `next start` runs it,
// with one thing in front: the build's scripts and style sheets go out as the Brotli
// copies `lib/cli/build.ts` wrote, to every browser that accepts them. `next start`
// compresses with gzip only, on every request; Brotli at its best quality is about 14%
// fewer bytes (24 KB on a dashboard page), which on a slow phone network is a quarter
// of a second before the page is ready.
import crypto from "node:crypto";
import fs from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

process.env.NODE_ENV ||= "production";
const { default: next } = await import("next");

const port = Number(process.env.PORT) || 3000;
const staticDir = path.join(process.cwd(), ".next", "static");
const contentTypes = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };

/**
 * Every Brotli copy of the build, by the URL path of its original, read once at start:
 * a request can only ever get one of these (no path from a request reaches the disk).
 */
function brotliCopies() {
  const copies = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".br")) {
        const original = file.slice(0, -".br".length);
        const type = contentTypes[path.extname(original)];
        if (!type || !fs.existsSync(original)) continue;
        const body = fs.readFileSync(file);
        const etag = `"br-${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 16)}"`;
        copies.set(`/_next/static/${path.relative(staticDir, original).split(path.sep).join("/")}`, { body, type, etag });
      }
    }
  };
  if (fs.existsSync(staticDir)) walk(staticDir);
  return copies;
}

/** Whether an Accept-Encoding header accepts `br` (listed, and not with q=0). */
function acceptsBrotli(header) {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding.trim() !== "br") return false;
    const quality = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    return quality === undefined || Number(quality) > 0;
  });
}

/** Answers a request for a build file with its Brotli copy; false when Next.js should answer it. */
function sendBrotliCopy(copies, request, response) {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.range || !acceptsBrotli(request.headers["accept-encoding"])) return false;
  const copy = copies.get((request.url ?? "").split("?")[0]);
  if (!copy) return false;
  const headers = {
    "Cache-Control": "public, max-age=31536000, immutable",
    "Content-Type": copy.type,
    "Content-Encoding": "br",
    "Content-Length": copy.body.length,
    ETag: copy.etag,
    Vary: "Accept-Encoding",
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers["if-none-match"] === copy.etag) {
    response.writeHead(304, { ETag: copy.etag, "Cache-Control": headers["Cache-Control"], Vary: "Accept-Encoding" });
    response.end();
    return true;
  }
  response.writeHead(200, headers);
  response.end(request.method === "HEAD" ? undefined : copy.body);
  return true;
}

/**
 * The methods any route here serves. Another one (TRACE, CONNECT, WebDAV's PROPFIND…) is
 * answered 405 before Next.js sees it: Next.js builds a WhatWG Request for every request,
 * which throws for TRACE and CONNECT (a 500 with a stack trace in the log).
 */
const servedMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const allowHeader = servedMethods.join(", ");

function methodNotServed(method) {
  const body = JSON.stringify({ error: `${method} is not served here.`, code: "method_not_allowed", retryable: false });
  return {
    body,
    headers: {
      Allow: allowHeader,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Request-Id": crypto.randomUUID(),
    },
  };
}

const app = next({ dev: false, dir: process.cwd(), port });
const handle = app.getRequestHandler();
await app.prepare();
const copies = brotliCopies();
const server = createServer((request, response) => {
  if (!servedMethods.includes(request.method ?? "")) {
    const refusal = methodNotServed(request.method);
    response.writeHead(405, refusal.headers);
    response.end(refusal.body);
    return;
  }
  if (!sendBrotliCopy(copies, request, response)) void handle(request, response);
});
// Node hands CONNECT to this event, not to the request handler; without a listener it drops the connection.
server.on("connect", (_request, socket) => {
  const refusal = methodNotServed("CONNECT");
  const head = Object.entries({ ...refusal.headers, Connection: "close" }).map(([name, value]) => `${name}: ${value}`);
  socket.on("error", () => {});
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${head.join("\r\n")}\r\n\r\n${refusal.body}`);
});
server.listen(port, () => console.log(`Launchloop is serving on port ${port}`));
// As `next start` does: a stop signal ends the process at once.
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(0));
