import http from "node:http";

/**
 * A loopback proxy that adds `Authorization: Bearer <key>` to every request, for MCP
 * tools that cannot send headers (the conformance suite). A loopback Host becomes the
 * target's, as if the client had called it directly; any other Host passes through, so
 * DNS-rebinding checks still reach the server as sent.
 * Usage: tsx tests/support/auth-proxy.ts <listen-port> <target-url> <api-key>
 */
const [listenPort, target, key] = process.argv.slice(2);
const upstream = new URL(target!);
const loopback = (host: string | undefined) => /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host ?? "");

http
  .createServer((request, response) => {
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers: {
          ...request.headers,
          ...(loopback(request.headers.host) && { host: upstream.host }),
          authorization: `Bearer ${key}`,
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  })
  .listen(Number(listenPort), "127.0.0.1");
