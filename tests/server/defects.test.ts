import { execFileSync } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpClient } from "../support/http-client";
import { type StartedServer, startServer } from "../support/server";

// A server of its own: small limits make the limit tests short.
let server: StartedServer;
const perMinute = 40;
let rest: ReturnType<typeof httpClient>;
let key: string;
beforeAll(async () => {
  server = await startServer({ SIGNUP_LIMIT_PER_HOUR: "3", RATE_LIMIT_PER_MINUTE: String(perMinute) });
  rest = httpClient(server.baseUrl, server.dataDir);
  key = (await rest.paidFounder()).key;
}, 300_000);
afterAll(() => server?.stop());

/** A raw HTTP/1.1 request, so headers and chunking are exactly what an attacker sends. */
function rawRequest(options: { method?: string; path: string; headers?: Record<string, string>; chunks?: Iterable<Buffer> }) {
  const target = new URL(server.baseUrl);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request(
      { host: target.hostname, port: target.port, path: options.path, method: options.method ?? "GET", headers: options.headers },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    (async () => {
      for (const chunk of options.chunks ?? []) {
        if (request.destroyed) return;
        if (!request.write(chunk)) await new Promise((drain) => request.once("drain", drain));
      }
      request.end();
    })().catch(() => {});
  });
}

const envelopeOf = (response: { status: number; headers: http.IncomingHttpHeaders; body: string }) => {
  expect(response.headers["content-type"]).toMatch(/application\/json/);
  expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  return JSON.parse(response.body);
};

function* megabytes(count: number, prefix: string) {
  yield Buffer.from(prefix);
  for (let i = 0; i < count * 16; i++) yield Buffer.alloc(64 * 1024, "a");
}

describe("npm start", () => {
  it("leaves one server process (no tsx launcher) beside npm", () => {
    const processes = execFileSync("ps", ["-o", "rss=,args=", "-g", String(server.processGroup)], { encoding: "utf8" })
      .trim()
      .split("\n");
    expect(processes.filter((line) => /tsx/.test(line))).toEqual([]);
    // npm itself, and the server it exec'd (lib/cli/serve.mjs, Next.js's handler): nothing else.
    expect(processes.filter((line) => /node lib\/cli\/serve\.mjs/.test(line))).toHaveLength(1);
    expect(processes).toHaveLength(2);
  });
});

describe("malformed percent-escapes", () => {
  it("answer the 400 envelope with a request id, not a bare 500", async () => {
    for (const path of [
      "/api/v1/projects/%E0%A4%A",
      "/api/v1/%zz",
      "/api/v1/projects/%/content",
      "/api/v1/growth/items/%C0%80",
    ]) {
      const response = await rawRequest({ path, headers: { Authorization: `Bearer ${key}` } });
      expect(response.status, path).toBe(400);
      expect(envelopeOf(response).code).toBe("invalid_request");
    }
  });
});

describe("methods no route serves", () => {
  const paths = ["/", "/api/v1/me", "/api/v1/projects", "/dashboard", "/oauth/token", "/api/mcp", "/api/jobs/sweep", "/nope"];

  it("answer 405 with Allow and the envelope on every path (TRACE, WebDAV's), never a 500", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "SEARCH", "PURGE"])
      for (const path of paths) {
        const response = await rawRequest({ method, path, headers: { Authorization: `Bearer ${key}` } });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
        expect(envelopeOf(response)).toEqual({
          error: `${method} is not served here.`,
          code: "method_not_allowed",
          retryable: false,
        });
      }
    expect(server.output.join("")).not.toMatch(/TypeError|unsupported|unexpected error/i);
  });

  it("answer CONNECT with 405 too, instead of dropping the connection", async () => {
    const target = new URL(server.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(target.port), target.hostname, () =>
        socket.write(`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`),
      );
      let text = "";
      socket.setEncoding("utf8");
      socket.on("data", (chunk) => (text += chunk));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    expect(answer).toMatch(/\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/);
    expect(JSON.parse(answer.split("\r\n\r\n")[1]!)).toMatchObject({ code: "method_not_allowed" });
  });
});

describe("request bodies", () => {
  const routes = [
    { path: "/api/v1/projects", prefix: '{"name":"' },
    { path: "/api/mcp", prefix: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"' },
    { path: "/api/webhooks/stripe", prefix: '{"id":"evt_1","data":"' },
  ];
  for (const route of routes) {
    it(`are read with a 1 MiB cap on ${route.path}, chunked or not (413 envelope)`, async () => {
      const headers = {
        Authorization: `Bearer ${key}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "Stripe-Signature": "t=1,v1=0",
      };
      const chunked = await rawRequest({
        method: "POST",
        path: route.path,
        headers: { ...headers, "Transfer-Encoding": "chunked" },
        chunks: megabytes(8, route.prefix),
      });
      expect(chunked.status).toBe(413);
      expect(envelopeOf(chunked).code).toBe("payload_too_large");
      const declared = await rawRequest({
        method: "POST",
        path: route.path,
        headers: { ...headers, "Content-Length": String(2 * 1024 * 1024 + route.prefix.length) },
        chunks: megabytes(2, route.prefix),
      });
      expect(declared.status).toBe(413);
    });
  }
});

describe("per-address limits", () => {
  it("ignore a client-sent X-Forwarded-For when no proxy is trusted", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) {
      const response = await rawRequest({
        method: "POST",
        path: "/api/v1/signup",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `198.51.100.${n + 1}` },
        chunks: [
          Buffer.from(
            JSON.stringify({
              email: `rotating-${n}-${crypto.randomUUID().slice(0, 6)}@example.com`,
              password: "correct horse battery",
              acceptTerms: true,
            }),
          ),
        ],
      });
      statuses.push(response.status);
    }
    // The founder of beforeAll signed up from this address too: the limit of 3 is reached on the third.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(3);
  });
});

describe("the MCP server", () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: "defects", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${key}` } },
      }),
    );
  });
  afterAll(() => client?.close());

  it("answers a tool's bad arguments with the REST envelope", async () => {
    const result = (await client.callTool({ name: "projects_create", arguments: { name: 42, surprise: true } })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(result.isError).toBe(true);
    const envelope = JSON.parse(result.content[0]!.text);
    expect(envelope).toMatchObject({ code: "invalid_request", retryable: false, status: 400 });
    expect(envelope.issues.map((issue: { path: string }) => issue.path)).toContain("surprise");
    const nul = (await client.callTool({
      name: "content_edit",
      arguments: { itemId: crypto.randomUUID(), body: "a\u0000b" },
    })) as { content: { text: string }[] };
    expect(JSON.parse(nul.content[0]!.text)).toMatchObject({ code: "invalid_request" });
  });

  it("reads resources through the executor: a malformed project id is an invalid_request envelope", async () => {
    const error = await client
      .readResource({ uri: "launchloop://projects/not-a-uuid/playbook" })
      .catch((failure: Error) => failure);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/"code":"invalid_request"/);
  });

  it("rate-limits tools/list and initialize like any other call", async () => {
    let limited: Response | undefined;
    // The limit counts in fixed one-minute windows: twice the limit and one more reaches it even
    // when a window turns over during the loop (and whatever earlier calls already counted).
    for (let n = 0; n < 2 * perMinute + 1 && !limited; n++) {
      const response = await fetch(`${server.baseUrl}/api/mcp`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${key}`,
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: n, method: "tools/list" }),
      });
      if (response.status === 429) limited = response;
      else await response.arrayBuffer();
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited!.json()).code).toBe("rate_limited");
  });
});
