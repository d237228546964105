import http from "node:http";

/** A request exactly as a client could send it: any method, target, headers, and a body whole or in chunks. */
export interface RawRequest {
  method: string;
  /** The raw request target (path and query), sent as is. */
  target: string;
  headers?: Record<string, string>;
  /** The raw body, or chunks sent with chunked transfer encoding. */
  body?: string | { chunks: () => Iterable<Buffer> };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Sends a raw request over HTTP/1.1 to a started server (no client-side checks on what is sent). */
export function sendRaw(baseUrl: string, raw: RawRequest): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const body = raw.body;
    const headers = {
      ...raw.headers,
      ...(typeof body === "string" && { "Content-Length": String(Buffer.byteLength(body)) }),
    };
    const request = http.request({ host: hostname, port, method: raw.method, path: raw.target, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    if (typeof body !== "object") return void request.end(body);
    (async () => {
      for (const chunk of body.chunks()) {
        if (request.destroyed) return;
        if (!request.write(chunk)) await new Promise((drain) => request.once("drain", drain));
      }
      request.end();
    })().catch(() => {});
  });
}
