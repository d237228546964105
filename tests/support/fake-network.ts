import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body's bytes as sent (an image upload). */
  raw: Buffer;
  json: Record<string, unknown> | null;
  form: URLSearchParams;
}

export type FakeAnswer = { status: number; json?: unknown; headers?: Record<string, string> } | "drop";

/**
 * A small HTTP server for a network's fake at the edge, with faults a test arms: answer
 * `failNext` requests of a path with a status (before doing anything), or do the work and
 * drop the connection instead of answering (`dropAnswerNext`). `delayMs` slows every answer.
 */
export async function startFakeNetwork(route: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: FakeRequest[] = [];
  const faults: { path: string; status: number; count: number; headers?: Record<string, string> }[] = [];
  const drops: { path: string; count: number }[] = [];
  const holds: { path: string; released: () => Promise<unknown>; count: number }[] = [];
  const settings = { delayMs: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const raw = Buffer.concat(chunks);
      const body = raw.toString("utf8");
      const url = new URL(request.url!, "http://fake");
      let json: Record<string, unknown> | null = null;
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        json = null;
      }
      const entry: FakeRequest = {
        method: request.method!,
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
        raw,
        json,
        form: new URLSearchParams(body),
      };
      requests.push(entry);
      if (settings.delayMs) await new Promise((resolve) => setTimeout(resolve, settings.delayMs));
      const fault = faults.find((candidate) => candidate.path === entry.path && candidate.count > 0);
      if (fault) {
        fault.count--;
        response.writeHead(fault.status, { "content-type": "application/json", ...fault.headers });
        response.end(JSON.stringify({ error: "InternalServerError", message: `fake ${fault.status}` }));
        return;
      }
      const answer = await route(entry);
      const hold = holds.find((candidate) => candidate.path === entry.path && candidate.count > 0);
      if (hold) {
        hold.count--;
        await hold.released();
      }
      const drop = drops.find((candidate) => candidate.path === entry.path && candidate.count > 0);
      if (drop || answer === "drop") {
        if (drop) drop.count--;
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      response.end(answer.json === undefined ? "" : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    settings,
    failNext: (path: string, status: number, count = 1, headers?: Record<string, string>) =>
      void faults.push({ path, status, count, headers }),
    dropAnswerNext: (path: string, count = 1) => void drops.push({ path, count }),
    /** Does the work at once, answers only after `ms` (a slow network, or one whose answer never reaches a dead caller). */
    holdAnswerNext: (path: string, ms: number, count = 1) =>
      void holds.push({ path, released: () => new Promise((resolve) => setTimeout(resolve, ms)), count }),
    /** Does the work of the next `count` requests to `path` at once and answers them only when `released` settles. */
    holdAnswersUntil: (path: string, released: Promise<unknown>, count: number) =>
      void holds.push({ path, released: () => released, count }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
