import { request } from "node:http";
import zlib from "node:zlib";
import { describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");

/** A raw GET (fetch would decode the body and hide the encoding), with the answer's bytes as sent. */
function rawGet(path: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const call = request(new URL(path, baseUrl), { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      call.on("error", reject);
      call.end();
    },
  );
}

/** The scripts and style sheets a page names (the build's content-hashed files). */
async function buildFiles(): Promise<string[]> {
  const html = await (await fetch(`${baseUrl}/pricing`)).text();
  return [...new Set([...html.matchAll(/\/_next\/static\/[^"?]+\.(?:js|css)/g)].map((match) => match[0]))];
}

describe("the build's scripts and style sheets", () => {
  it("go out Brotli-compressed to a browser that accepts it, the same bytes once decoded", async () => {
    const files = await buildFiles();
    expect(files.some((file) => file.endsWith(".css"))).toBe(true);
    for (const file of files) {
      const brotli = await rawGet(file, { "accept-encoding": "gzip, deflate, br" });
      const plain = await rawGet(file, {});
      expect(brotli.status, file).toBe(200);
      expect(brotli.headers["content-encoding"], file).toBe("br");
      expect(brotli.headers.vary).toBe("Accept-Encoding");
      expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(brotli.headers["content-type"]).toMatch(file.endsWith(".css") ? /^text\/css/ : /^application\/javascript/);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(zlib.brotliDecompressSync(brotli.body).equals(plain.body), file).toBe(true);
    }
  });

  it("go out as Next.js sends them (gzip) to a browser without Brotli, or that refuses it", async () => {
    const [file] = await buildFiles();
    for (const accept of ["gzip", "gzip, br;q=0"]) {
      const answer = await rawGet(file!, { "accept-encoding": accept });
      expect(answer.headers["content-encoding"], accept).toBe("gzip");
    }
  });

  it("answer a revalidation with 304 and a HEAD without a body; a range or an unknown file is Next.js's to answer", async () => {
    const [file] = await buildFiles();
    const first = await rawGet(file!, { "accept-encoding": "br" });
    const again = await rawGet(file!, { "accept-encoding": "br", "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await rawGet(file!, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
    const range = await rawGet(file!, { "accept-encoding": "br", range: "bytes=0-9" });
    expect(range.headers["content-encoding"]).not.toBe("br");
    const unknown = await rawGet("/_next/static/chunks/not-a-chunk.js", { "accept-encoding": "br" });
    expect(unknown.status).toBe(404);
    const outside = await rawGet("/_next/static/../BUILD_ID", { "accept-encoding": "br" });
    expect(outside.headers["content-encoding"]).not.toBe("br");
  });
});
