import http from "node:http";
import type { AddressInfo } from "node:net";
import { GET as media } from "@/app/media/[file]/route";

/**
 * The app's public media route (`/media/{file}`) on a real HTTP port, so a fake network that
 * fetches images by URL (Threads) reaches it as Meta would reach APP_URL. Only that route is
 * served; anything else is a 404.
 */
export async function startMediaServer() {
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://media.test");
    const file = /^\/media\/([^/]+)$/.exec(url.pathname)?.[1];
    if (request.method !== "GET" || !file) {
      response.writeHead(404).end();
      return;
    }
    try {
      const answer = await media(new Request(url), { params: Promise.resolve({ file: decodeURIComponent(file) }) });
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
