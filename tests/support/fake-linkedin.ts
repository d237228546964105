import { randomBytes } from "node:crypto";
import { type FakeAnswer, type FakeRequest, startFakeNetwork } from "./fake-network";

/**
 * LinkedIn at the network edge: the OAuth authorize page (a test "approves" as the member
 * would) and token endpoint of a web app (client secret in the form; no refresh tokens, as
 * for apps outside LinkedIn's partner programs), OpenID userinfo, the versioned Posts API
 * with its refusal of a repeated text (422 `DUPLICATE_POST`, naming the earlier post), and the
 * Images API: an upload is initialized (`/rest/images?action=initializeUpload`, answering an
 * upload address on this server, or on `uploads.origin` when a test sets it) and its bytes
 * PUT there; a post names uploaded images as `content.media` (one) or `content.multiImage`
 * (two to twenty), each with its `altText`.
 */
export async function startFakeLinkedIn(client: { clientId: string; clientSecret: string }) {
  const member = { sub: "782bbtaQ", name: "Tidy Founder" };
  const codes = new Map<string, { redirectUri: string; scope: string }>();
  const accessTokens = new Set<string>();
  const posts: { urn: string; body: Record<string, unknown>; headers: Record<string, unknown> }[] = [];
  const images: { urn: string; owner: string; path: string; bytes: Buffer | null; contentType: string | null; puts: number }[] =
    [];
  /** `origin`: where upload addresses point (this server when null). */
  const uploads = { origin: null as string | null };
  const issued: string[] = [];
  const bearer = (headers: Record<string, unknown>) => String(headers.authorization ?? "").replace(/^Bearer /, "");
  const unauthorized = {
    status: 401,
    json: { serviceErrorCode: 65600, code: "INVALID_ACCESS_TOKEN", message: "Invalid access token", status: 401 },
  };

  const network = await startFakeNetwork((request: FakeRequest): FakeAnswer => {
    if (request.method === "GET" && request.path === "/oauth/v2/authorization") {
      const { code, state } = approve(`${network.url}${request.path}?${request.query}`);
      const back = new URL(request.query.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", state);
      return { status: 302, headers: { location: back.toString() } };
    }
    if (request.method === "POST" && request.path === "/oauth/v2/accessToken") {
      const code = codes.get(request.form.get("code") ?? "");
      if (request.form.get("client_id") !== client.clientId || request.form.get("client_secret") !== client.clientSecret)
        return { status: 401, json: { error: "invalid_client", error_description: "Client authentication failed" } };
      if (
        request.form.get("grant_type") !== "authorization_code" ||
        !code ||
        code.redirectUri !== request.form.get("redirect_uri")
      )
        return {
          status: 400,
          json: { error: "invalid_request", error_description: "Unable to retrieve access token: authorization code not found" },
        };
      codes.delete(request.form.get("code")!);
      const token = `li-access-${randomBytes(12).toString("hex")}`;
      issued.push(token);
      accessTokens.add(token);
      return { status: 200, json: { access_token: token, expires_in: 5_184_000, scope: code.scope, token_type: "Bearer" } };
    }
    if (request.method === "POST" && request.path === "/oauth/v2/revoke") {
      accessTokens.delete(request.form.get("token") ?? "");
      return { status: 200, json: {} };
    }
    if (!accessTokens.has(bearer(request.headers))) return unauthorized;
    if (request.method === "GET" && request.path === "/v2/userinfo")
      return {
        status: 200,
        json: { ...member, given_name: "Tidy", family_name: "Founder", locale: { country: "US", language: "en" } },
      };
    const uploadPath = /^\/dms-uploads\/([0-9a-f]+)\/uploaded-image\/0$/.exec(request.path);
    if (request.method === "PUT" && uploadPath) {
      const image = images.find((candidate) => candidate.path === request.path);
      if (!image) return { status: 404, json: { status: 404, message: "Upload not found" } };
      image.bytes = request.raw;
      image.contentType = String(request.headers["content-type"] ?? "");
      image.puts++;
      return { status: 201 };
    }
    const unversioned = versionRefusal(request);
    if (unversioned && (request.path === "/rest/posts" || request.path === "/rest/images")) return unversioned;
    if (request.method === "POST" && request.path === "/rest/images" && request.query.get("action") === "initializeUpload") {
      const owner = String((request.json?.initializeUploadRequest as { owner?: unknown } | undefined)?.owner ?? "");
      if (owner !== `urn:li:person:${member.sub}`)
        return { status: 403, json: { status: 403, message: "Not enough permissions to upload as this owner" } };
      const key = randomBytes(8).toString("hex");
      const urn = `urn:li:image:D4E10AQ${key}`;
      const path = `/dms-uploads/${key}/uploaded-image/0`;
      images.push({ urn, owner, path, bytes: null, contentType: null, puts: 0 });
      return {
        status: 200,
        json: {
          value: { uploadUrlExpiresAt: Date.now() + 3_600_000, uploadUrl: `${uploads.origin ?? network.url}${path}`, image: urn },
        },
      };
    }
    if (request.method === "POST" && request.path === "/rest/posts") {
      if (request.json?.author !== `urn:li:person:${member.sub}`)
        return { status: 403, json: { status: 403, message: "Not enough permissions to post as this author" } };
      const refused = contentRefusal(request.json?.content);
      if (refused) return { status: 422, json: { status: 422, message: refused } };
      const earlier = posts.find((post) => post.body.commentary === request.json?.commentary);
      if (earlier)
        return {
          status: 422,
          json: {
            errorDetailType: "com.linkedin.common.error.BadRequest",
            message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${earlier.urn}`,
            errorDetails: { inputErrors: [{ description: "Duplicate post is detected", input: {}, code: "DUPLICATE_POST" }] },
            status: 422,
          },
        };
      const urn = `urn:li:share:${7_200_000_000_000_000_000n + BigInt(posts.length)}`;
      posts.push({ urn, body: request.json!, headers: request.headers });
      return { status: 201, headers: { "x-restli-id": urn } };
    }
    return { status: 404, json: { status: 404, message: "Not found" } };
  });

  function versionRefusal(request: FakeRequest): FakeAnswer | null {
    if (!/^\d{6}$/.test(String(request.headers["linkedin-version"] ?? "")))
      return { status: 400, json: { status: 400, code: "VERSION_MISSING", message: "A version must be present" } };
    if (request.headers["x-restli-protocol-version"] !== "2.0.0")
      return { status: 400, json: { status: 400, message: "Restli protocol version 2.0.0 expected" } };
    return null;
  }

  /** Why a post's images are refused: each must be uploaded (its bytes PUT) by this member. */
  function contentRefusal(content: unknown): string | null {
    if (content === undefined) return null;
    const { media, multiImage } = content as { media?: { id?: unknown }; multiImage?: { images?: { id?: unknown }[] } };
    const named = media ? [media] : (multiImage?.images ?? []);
    if (!media && (named.length < 2 || named.length > 20)) return "A multiImage post takes 2 to 20 images";
    for (const item of named) {
      const image = images.find((candidate) => candidate.urn === item.id);
      if (!image?.bytes)
        return `com.linkedin.content.common.exception.BadRequestResponseException: ${String(item.id)} is not uploaded`;
    }
    return null;
  }

  function approve(authorizeUrl: string) {
    const url = new URL(authorizeUrl);
    if (url.searchParams.get("client_id") !== client.clientId) throw new Error("unknown client");
    const code = randomBytes(16).toString("hex");
    codes.set(code, { redirectUri: url.searchParams.get("redirect_uri")!, scope: url.searchParams.get("scope")! });
    return { code, state: url.searchParams.get("state")! };
  }

  return {
    ...network,
    member,
    approve,
    posts: () => [...posts],
    /** Every image upload initialized, in order: its URN, the bytes PUT (null until then) and how many PUTs. */
    images: () => [...images],
    uploads,
    revokeAll: () => accessTokens.clear(),
    issuedTokens: () => [...issued],
  };
}

export type FakeLinkedIn = Awaited<ReturnType<typeof startFakeLinkedIn>>;
