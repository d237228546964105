import { createHash, createHmac, randomBytes } from "node:crypto";
import { startFakeNetwork } from "./fake-network";

const base64url = (value: Buffer | string) => Buffer.from(value).toString("base64url");

/** A QStash JWT as QStash signs its deliveries (HS256 over issuer, subject URL and the body's SHA-256). */
export function qstashSignature(key: string, url: string, body: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(
    JSON.stringify({
      iss: "Upstash",
      sub: url,
      exp: nowSeconds + 300,
      nbf: nowSeconds - 1,
      iat: nowSeconds,
      jti: randomBytes(8).toString("hex"),
      body: base64url(createHash("sha256").update(body).digest()),
    }),
  );
  const signature = createHmac("sha256", key).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** QStash's publish API at the edge: records each message (destination, body, delay); the test delivers them, signed, when it likes. */
export async function startFakeQStash(signingKey: string) {
  const messages: {
    destination: string;
    body: string;
    delaySeconds: number;
    deduplicationId: string | null;
    authorization: string;
  }[] = [];
  const network = await startFakeNetwork((request) => {
    const match = /^\/v2\/publish\/(.+)$/.exec(request.path);
    if (request.method !== "POST" || !match) return { status: 404, json: { error: "not found" } };
    const delay = String(request.headers["upstash-delay"] ?? "0s");
    messages.push({
      destination: decodeURIComponent(match[1]!),
      body: request.body,
      delaySeconds: Number(/^(\d+)s$/.exec(delay)?.[1] ?? Number.NaN),
      deduplicationId: (request.headers["upstash-deduplication-id"] as string) ?? null,
      authorization: String(request.headers.authorization ?? ""),
    });
    return { status: 201, json: { messageId: `msg_${messages.length}` } };
  });
  return {
    ...network,
    messages,
    /** The delivery QStash would make for a message: its body, signed for its destination. */
    delivery(message: (typeof messages)[number], key = signingKey) {
      return new Request(message.destination, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "upstash-signature": qstashSignature(key, message.destination, message.body),
        },
        body: message.body,
      });
    },
  };
}
