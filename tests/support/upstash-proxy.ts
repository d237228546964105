import http from "node:http";
import type { AddressInfo } from "node:net";
import { createClient } from "redis";

/**
 * A small Upstash-compatible REST front for a real Redis (the network edge of the Upstash
 * limiter): commands as JSON arrays, `/pipeline` and `/multi-exec` batches, base64
 * results when asked. Upstash-only Lua script flags (`#!lua flags=...`) are stripped,
 * since plain Redis refuses them.
 */
export async function startUpstashProxy(redisUrl: string, token: string) {
  const redis = createClient({ url: redisUrl });
  await redis.connect();

  const encode = (value: unknown, base64: boolean): unknown => {
    if (typeof value === "string") return base64 ? Buffer.from(value).toString("base64") : value;
    if (Array.isArray(value)) return value.map((item) => encode(item, base64));
    return value;
  };
  const run = async (command: unknown[], base64: boolean) => {
    const args = command.map(String);
    if (/^eval$/i.test(args[0]!)) args[1] = args[1]!.replace(/^#!lua[^\n]*\n/, "");
    try {
      return { result: encode(await redis.sendCommand(args), base64) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };

  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", async () => {
      response.setHeader("Content-Type", "application/json");
      if (request.headers.authorization !== `Bearer ${token}`) {
        response.statusCode = 401;
        response.end(JSON.stringify({ error: "Unauthorized" }));
        return;
      }
      const base64 = request.headers["upstash-encoding"] === "base64";
      const parsed = JSON.parse(body) as unknown[];
      if (request.url === "/pipeline" || request.url === "/multi-exec") {
        const results = [];
        for (const command of parsed as unknown[][]) results.push(await run(command, base64));
        response.end(JSON.stringify(results));
        return;
      }
      const result = await run(parsed, base64);
      if ("error" in result) response.statusCode = 400;
      response.end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await redis.quit();
    },
  };
}
