import { createHash, randomBytes } from "node:crypto";
import { startFakeNetwork } from "./fake-network";
import { multipart } from "./multipart";

/**
 * A Mastodon instance at the network edge: app registration, the OAuth authorize step
 * (a test "approves" an authorize URL as the founder would), the token exchange with PKCE,
 * statuses honouring `Idempotency-Key`, and status counts a test sets.
 */
export async function startFakeMastodon() {
  const apps = new Map<string, { secret: string; redirectUri: string }>();
  const codes = new Map<string, { clientId: string; redirectUri: string; challenge: string }>();
  const tokens = new Set<string>();
  const statuses: {
    id: string;
    url: string;
    status: string;
    inReplyToId: string | null;
    idempotencyKey: string | null;
    visibility: string | null;
    spoilerText: string | null;
    mediaIds: string[];
  }[] = [];
  /** Uploaded media: processed after the first time it is asked about (an upload answers 202 while it is processed). */
  const media = new Map<
    string,
    { id: string; token: string; description: string | null; mimeType: string; bytes: Buffer; polls: number }
  >();
  const byKey = new Map<string, (typeof statuses)[number]>();
  const counts = new Map<
    string,
    { favourites_count: number; reblogs_count: number; replies_count: number; quotes_count: number }
  >();
  const issued: string[] = [];
  const secret = (kind: string) => {
    const value = `${kind}-${randomBytes(12).toString("hex")}`;
    issued.push(value);
    return value;
  };
  const bearer = (headers: Record<string, unknown>) => String(headers.authorization ?? "").replace(/^Bearer /, "");
  const unauthorized = { status: 401, json: { error: "The access token is invalid" } };

  const network = await startFakeNetwork((request) => {
    if (request.method === "POST" && request.path === "/api/v1/apps") {
      const clientId = secret("mastodon-client");
      const clientSecret = secret("mastodon-secret");
      apps.set(clientId, { secret: clientSecret, redirectUri: String(request.json?.redirect_uris) });
      return {
        status: 200,
        json: { id: "1", name: request.json?.client_name, client_id: clientId, client_secret: clientSecret },
      };
    }
    if (request.method === "GET" && request.path === "/oauth/authorize") {
      // The founder clicks "Authorize": back to the app with a code and the state.
      const { code, state } = approve(`${network.url}${request.path}?${request.query}`);
      const back = new URL(request.query.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", state);
      return { status: 302, headers: { location: back.toString() } };
    }
    if (request.method === "POST" && request.path === "/oauth/token") {
      const code = codes.get(request.form.get("code") ?? "");
      const app = apps.get(request.form.get("client_id") ?? "");
      const verifier = request.form.get("code_verifier") ?? "";
      const challengeOk = code && createHash("sha256").update(verifier).digest("base64url") === code.challenge;
      if (
        !code ||
        !app ||
        app.secret !== request.form.get("client_secret") ||
        code.redirectUri !== request.form.get("redirect_uri") ||
        !challengeOk
      ) {
        return {
          status: 400,
          json: { error: "invalid_grant", error_description: "The provided authorization grant is invalid" },
        };
      }
      codes.delete(request.form.get("code")!);
      const accessToken = secret("mastodon-token");
      tokens.add(accessToken);
      return { status: 200, json: { access_token: accessToken, token_type: "Bearer", scope: "read write", created_at: 0 } };
    }
    if (request.method === "POST" && request.path === "/oauth/revoke") {
      tokens.delete(request.form.get("token") ?? "");
      return { status: 200, json: {} };
    }
    if (request.method === "GET" && request.path === "/api/v1/accounts/verify_credentials") {
      if (!tokens.has(bearer(request.headers))) return unauthorized;
      return { status: 200, json: { id: "109", username: "founder", acct: "founder" } };
    }
    if (request.method === "POST" && request.path === "/api/v2/media") {
      const token = bearer(request.headers);
      if (!tokens.has(token)) return unauthorized;
      const form = multipart(request.raw, String(request.headers["content-type"] ?? ""));
      const file = form.find((part) => part.name === "file" && part.filename);
      if (!file) return { status: 422, json: { error: "Validation failed: File can't be blank" } };
      const id = String(120_000_000 + media.size);
      const description = form.find((part) => part.name === "description")?.body.toString("utf8") ?? null;
      media.set(id, { id, token, description, mimeType: file.contentType, bytes: file.body, polls: 0 });
      return { status: 202, json: { id, type: "image", url: null, description } };
    }
    const mediaMatch = /^\/api\/v1\/media\/(\d+)$/.exec(request.path);
    if (request.method === "GET" && mediaMatch) {
      const found = media.get(mediaMatch[1]!);
      if (!found || found.token !== bearer(request.headers)) return { status: 404, json: { error: "Record not found" } };
      if (found.polls++ === 0) return { status: 206, json: { id: found.id, type: "image", url: null } };
      return {
        status: 200,
        json: { id: found.id, type: "image", url: `${network.url}/media/${found.id}.png`, description: found.description },
      };
    }
    if (request.method === "POST" && request.path === "/api/v1/statuses") {
      const token = bearer(request.headers);
      if (!tokens.has(token)) return unauthorized;
      const mediaIds = ((request.json?.media_ids as string[] | undefined) ?? []).map(String);
      if (mediaIds.some((id) => media.get(id)?.token !== token || media.get(id)!.polls < 2))
        return { status: 422, json: { error: "Validation failed: media is unknown or still processing" } };
      const key = request.headers["idempotency-key"] ? `${token}:${request.headers["idempotency-key"]}` : null;
      const earlier = key ? byKey.get(key) : undefined;
      if (earlier) return { status: 200, json: { id: earlier.id, url: earlier.url, content: earlier.status } };
      const text = String(request.json?.status ?? "");
      if (text.length > 500) return { status: 422, json: { error: "Validation failed: Text character limit of 500 exceeded" } };
      const id = String(110_000_000 + statuses.length);
      const status = {
        id,
        url: `${network.url}/@founder/${id}`,
        status: text,
        inReplyToId: (request.json?.in_reply_to_id as string) ?? null,
        idempotencyKey: (request.headers["idempotency-key"] as string) ?? null,
        visibility: (request.json?.visibility as string) ?? null,
        spoilerText: (request.json?.spoiler_text as string) ?? null,
        mediaIds,
      };
      statuses.push(status);
      if (key) byKey.set(key, status);
      counts.set(id, { favourites_count: 0, reblogs_count: 0, replies_count: 0, quotes_count: 0 });
      return { status: 200, json: { id, url: status.url, content: text } };
    }
    const statusMatch = /^\/api\/v1\/statuses\/(\d+)$/.exec(request.path);
    if (request.method === "GET" && statusMatch) {
      if (!tokens.has(bearer(request.headers))) return unauthorized;
      const found = statuses.find((status) => status.id === statusMatch[1]);
      return found
        ? { status: 200, json: { id: found.id, url: found.url, ...counts.get(found.id) } }
        : { status: 404, json: { error: "Record not found" } };
    }
    return { status: 404, json: { error: "Not found" } };
  });

  /** The founder approves on the authorize page: the redirect back carries a code and the state. */
  function approve(authorizeUrl: string) {
    const url = new URL(authorizeUrl);
    const clientId = url.searchParams.get("client_id")!;
    const app = apps.get(clientId);
    if (!app || app.redirectUri !== url.searchParams.get("redirect_uri")) throw new Error("unknown client or redirect URI");
    if (url.searchParams.get("code_challenge_method") !== "S256") throw new Error("PKCE S256 expected");
    const code = randomBytes(16).toString("hex");
    codes.set(code, { clientId, redirectUri: app.redirectUri, challenge: url.searchParams.get("code_challenge")! });
    return { code, state: url.searchParams.get("state")! };
  }

  return {
    ...network,
    approve,
    statuses: () => [...statuses],
    /** Every media upload, oldest first (an upload sent twice is two: the instance cannot tell). */
    media: () => [...media.values()],
    setCounts: (
      id: string,
      values: { favourites_count: number; reblogs_count: number; replies_count: number; quotes_count: number },
    ) => counts.set(id, values),
    revokeAllTokens: () => tokens.clear(),
    issuedTokens: () => [...issued],
  };
}

export type FakeMastodon = Awaited<ReturnType<typeof startFakeMastodon>>;
