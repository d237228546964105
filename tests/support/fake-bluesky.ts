import { createHash, randomBytes } from "node:crypto";
import { type FakeAnswer, startFakeNetwork } from "./fake-network";

/** A real CIDv1 (dag-cbor for records, raw for blobs; sha-256) in base32, as a repo names it (clients validate the format). */
function cidOf(content: string | Buffer, codec = 0x71) {
  const bytes = Buffer.concat([Buffer.from([0x01, codec, 0x12, 0x20]), createHash("sha256").update(content).digest()]);
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  let bits = 0;
  let value = 0;
  let out = "b";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + alphabet[(value << (5 - bits)) & 31] : out;
}

interface FakeAccount {
  did: string;
  handle: string;
  password: string;
}

/**
 * A Bluesky PDS at the network edge, speaking the XRPC calls Launchloop makes: sessions
 * (create, refresh, with access tokens a test can expire), records with client-chosen
 * record keys (a taken key is refused, as a repo does), `getRecord`, and `app.bsky.feed.getPosts`
 * with counts a test sets.
 */
export async function startFakeBluesky(options: { postsPerAccountPerMinute?: number } = {}) {
  const windows = new Map<string, { start: number; count: number }>();
  const accounts: FakeAccount[] = [];
  const access = new Map<string, string>(); // token → did
  const refresh = new Map<string, string>();
  const records = new Map<string, { uri: string; cid: string; value: Record<string, unknown>; did: string; at: number }>(); // uri → record
  const counts = new Map<string, { likeCount: number; repostCount: number; replyCount: number; quoteCount: number }>();
  const issued: string[] = [];
  /** Blobs by CID, as uploaded: the same bytes twice are one blob (content-addressed), `uploads` counts each call. */
  const blobs = new Map<string, { cid: string; mimeType: string; size: number; bytes: Buffer; uploads: number; did: string }>();

  const token = (kind: string) => {
    const value = `${kind}-${randomBytes(12).toString("hex")}`;
    issued.push(value);
    return value;
  };
  const session = (account: FakeAccount) => {
    const accessJwt = token("bsky-access");
    const refreshJwt = token("bsky-refresh");
    access.set(accessJwt, account.did);
    refresh.set(refreshJwt, account.did);
    return { did: account.did, handle: account.handle, accessJwt, refreshJwt, active: true };
  };
  const bearer = (headers: Record<string, unknown>) => String(headers.authorization ?? "").replace(/^Bearer /, "");
  const xrpcError = (status: number, error: string, message: string): FakeAnswer => ({ status, json: { error, message } });

  const network = await startFakeNetwork((request) => {
    const method = request.path.replace(/^\/xrpc\//, "");
    switch (method) {
      case "com.atproto.server.createSession": {
        const account = accounts.find(
          (candidate) =>
            (candidate.handle === request.json?.identifier || candidate.did === request.json?.identifier) &&
            candidate.password === request.json?.password,
        );
        if (!account) return xrpcError(401, "AuthenticationRequired", "Invalid identifier or password");
        return { status: 200, json: session(account) };
      }
      case "com.atproto.server.refreshSession": {
        const did = refresh.get(bearer(request.headers));
        if (!did) return xrpcError(400, "ExpiredToken", "Token has expired");
        refresh.delete(bearer(request.headers));
        return { status: 200, json: session(accounts.find((account) => account.did === did)!) };
      }
      case "com.atproto.repo.createRecord": {
        const did = access.get(bearer(request.headers));
        if (!did) return xrpcError(400, "ExpiredToken", "Token has expired");
        const body = request.json!;
        if (body.repo !== did) return xrpcError(400, "InvalidRequest", "repo does not match the session");
        const rkey = String(body.rkey);
        if (!/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/.test(rkey))
          return xrpcError(400, "InvalidRequest", "Invalid record key");
        if (options.postsPerAccountPerMinute) {
          const now = Date.now();
          const window = windows.get(did);
          if (!window || now - window.start >= 60_000) windows.set(did, { start: now, count: 1 });
          else if (++window.count > options.postsPerAccountPerMinute) {
            return {
              status: 429,
              json: { error: "RateLimitExceeded", message: "Rate Limit Exceeded" },
              headers: { "ratelimit-reset": String(Math.ceil((window.start + 60_000) / 1000)) },
            };
          }
        }
        const record = body.record as Record<string, unknown>;
        if ([...String(record.text ?? "")].length > 300 * 2) return xrpcError(400, "InvalidRequest", "Record/text too long");
        const embedded = (
          (record.embed as { images?: { image?: { ref?: { $link?: string } } }[] } | undefined)?.images ?? []
        ).map((image) => image.image?.ref?.$link);
        if (embedded.some((cid) => !cid || blobs.get(cid)?.did !== did))
          return xrpcError(400, "InvalidRequest", "Could not find blob: upload it first");
        const uri = `at://${did}/${body.collection}/${rkey}`;
        if (records.has(uri)) return xrpcError(400, "InvalidRequest", "Record already exists");
        const cid = cidOf(`${uri}:${JSON.stringify(record)}:${randomBytes(8).toString("hex")}`);
        records.set(uri, { uri, cid, value: record, did, at: Date.now() });
        counts.set(uri, { likeCount: 0, repostCount: 0, replyCount: 0, quoteCount: 0 });
        return { status: 200, json: { uri, cid } };
      }
      case "com.atproto.repo.uploadBlob": {
        const did = access.get(bearer(request.headers));
        if (!did) return xrpcError(400, "ExpiredToken", "Token has expired");
        if (request.raw.length > 1_000_000) return xrpcError(400, "BlobTooLarge", "This file is too large");
        const cid = cidOf(request.raw, 0x55);
        const mimeType = String(request.headers["content-type"] ?? "application/octet-stream");
        const known = blobs.get(cid);
        if (known) known.uploads++;
        else blobs.set(cid, { cid, mimeType, size: request.raw.length, bytes: request.raw, uploads: 1, did });
        return { status: 200, json: { blob: { $type: "blob", ref: { $link: cid }, mimeType, size: request.raw.length } } };
      }
      case "com.atproto.repo.getRecord": {
        const uri = `at://${request.query.get("repo")}/${request.query.get("collection")}/${request.query.get("rkey")}`;
        const record = records.get(uri);
        return record
          ? { status: 200, json: { uri, cid: record.cid, value: record.value } }
          : xrpcError(400, "RecordNotFound", `Could not locate record: ${uri}`);
      }
      case "app.bsky.feed.getPosts": {
        if (!access.get(bearer(request.headers))) return xrpcError(400, "ExpiredToken", "Token has expired");
        const posts = request.query.getAll("uris").flatMap((uri) => {
          const record = records.get(uri);
          const author = accounts.find((account) => account.did === record?.did);
          return record
            ? [
                {
                  uri,
                  cid: record.cid,
                  author: { did: record.did, handle: author?.handle ?? "handle.invalid" },
                  record: record.value,
                  indexedAt: new Date(record.at).toISOString(),
                  ...counts.get(uri),
                },
              ]
            : [];
        });
        return { status: 200, json: { posts } };
      }
      default:
        return xrpcError(404, "MethodNotImplemented", `${method} is not implemented`);
    }
  });

  return {
    ...network,
    /** An account; with `did`, one that lives on another server too (its entryway and its PDS). */
    addAccount(handle: string, password: string, did = `did:plc:${randomBytes(12).toString("hex").slice(0, 24)}`) {
      const account = { did, handle, password };
      accounts.push(account);
      return account;
    },
    /** A signed-in session for an account, as createSession would give it. */
    sessionFor: (account: FakeAccount) => session(account),
    /** Every blob uploaded, with how many times its bytes were sent. */
    blobs: () => [...blobs.values()],
    /** Every post in the repo, oldest first. */
    posts: () => [...records.values()],
    setCounts(uri: string, values: { likeCount: number; repostCount: number; replyCount: number; quoteCount: number }) {
      counts.set(uri, values);
    },
    /** Access tokens age out (the session can be refreshed). */
    expireAccessTokens: () => access.clear(),
    /** The founder revoked the app password: no token, no sign-in works. */
    revokePassword(handle: string) {
      const account = accounts.find((candidate) => candidate.handle === handle)!;
      account.password = `revoked-${randomBytes(8).toString("hex")}`;
      access.clear();
      refresh.clear();
    },
    /** Every token this PDS ever issued (to look for in responses, logs and exports). */
    issuedTokens: () => [...issued],
  };
}

export type FakeBluesky = Awaited<ReturnType<typeof startFakeBluesky>>;
