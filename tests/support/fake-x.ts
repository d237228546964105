import { createHash, randomBytes } from "node:crypto";
import { startFakeNetwork } from "./fake-network";
import { multipart } from "./multipart";

/**
 * X at the network edge: the OAuth 2.0 authorize page (a test "approves" as the founder
 * would) and token endpoint of a confidential client (HTTP Basic, PKCE S256, refresh tokens
 * that work once), `users/me`, posts with X's refusal of duplicate text, the user's recent
 * posts (text as X returns it: links shortened, `&` escaped, a post with images ending with
 * their link), counts a test sets, and images: one-request uploads (refused to a token granted
 * without `media.write`), their alt text (`/2/media/metadata`, at most 1,000 characters), and
 * posts naming them (`media.media_ids`, at most four, each uploaded by this user).
 */
export async function startFakeX(client: { clientId: string; clientSecret: string }) {
  const user = { id: "1500000000000000001", username: "tidyfounder", name: "Tidy Founder" };
  const codes = new Map<string, { redirectUri: string; challenge: string; scope: string }>();
  /** Each live token with the scopes it was granted. */
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const posts: { id: string; text: string; replyTo: string | null; createdAt: string; mediaIds: string[] }[] = [];
  const media: { id: string; category: string; mimeType: string; bytes: Buffer; alt: string | null }[] = [];
  const counts = new Map<string, { like_count: number; retweet_count: number; reply_count: number; quote_count: number }>();
  const issued: string[] = [];
  /** `timelineForbidden`: reading the user's posts is refused, as for an app on an access level without reads. */
  const settings = { timelineForbidden: false };
  const secret = (kind: string) => {
    const value = `x-${kind}-${randomBytes(12).toString("hex")}`;
    issued.push(value);
    return value;
  };
  const bearer = (headers: Record<string, unknown>) => String(headers.authorization ?? "").replace(/^Bearer /, "");
  const unauthorized = { status: 401, json: { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" } };
  const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`;
  const shown = (text: string) =>
    text
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/https?:\/\/\S+/g, () => `https://t.co/${randomBytes(5).toString("hex")}`);
  const tokens = (scope: string) => {
    const access = secret("access");
    const refresh = secret("refresh");
    accessTokens.set(access, scope);
    refreshTokens.set(refresh, scope);
    return { token_type: "bearer", expires_in: 7200, access_token: access, refresh_token: refresh, scope };
  };
  const shownPost = (post: (typeof posts)[number]) =>
    shown(post.text) + (post.mediaIds.length > 0 ? ` https://t.co/${randomBytes(5).toString("hex")}` : "");
  const invalid = (detail: string) => ({
    status: 400,
    json: { title: "Invalid Request", detail, type: "https://api.twitter.com/2/problems/invalid-request" },
  });

  const network = await startFakeNetwork((request) => {
    if (request.method === "GET" && request.path === "/i/oauth2/authorize") {
      const { code, state } = approve(`${network.url}${request.path}?${request.query}`);
      const back = new URL(request.query.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", state);
      return { status: 302, headers: { location: back.toString() } };
    }
    if (request.method === "POST" && request.path === "/2/oauth2/token") {
      if (request.headers.authorization !== basic)
        return { status: 401, json: { error: "unauthorized_client", error_description: "Missing valid authorization header" } };
      if (request.form.get("grant_type") === "authorization_code") {
        const code = codes.get(request.form.get("code") ?? "");
        const verifier = request.form.get("code_verifier") ?? "";
        if (
          !code ||
          code.redirectUri !== request.form.get("redirect_uri") ||
          createHash("sha256").update(verifier).digest("base64url") !== code.challenge
        )
          return {
            status: 400,
            json: { error: "invalid_request", error_description: "Value passed for the authorization code was invalid." },
          };
        codes.delete(request.form.get("code")!);
        return { status: 200, json: tokens(code.scope) };
      }
      if (request.form.get("grant_type") === "refresh_token") {
        const refresh = request.form.get("refresh_token") ?? "";
        // Single use: the old refresh token dies with this answer.
        const scope = refreshTokens.get(refresh);
        if (scope === undefined || !refreshTokens.delete(refresh))
          return {
            status: 400,
            json: { error: "invalid_request", error_description: "Value passed for the token was invalid." },
          };
        return { status: 200, json: tokens(scope) };
      }
      return { status: 400, json: { error: "unsupported_grant_type" } };
    }
    if (request.method === "POST" && request.path === "/2/oauth2/revoke") {
      accessTokens.delete(request.form.get("token") ?? "");
      return { status: 200, json: { revoked: true } };
    }
    if (!accessTokens.has(bearer(request.headers))) return unauthorized;
    if (request.method === "GET" && request.path === "/2/users/me") return { status: 200, json: { data: user } };
    if (request.method === "POST" && request.path === "/2/media/upload") {
      if (!accessTokens.get(bearer(request.headers))?.split(" ").includes("media.write"))
        return {
          status: 403,
          json: {
            title: "Forbidden",
            detail: "You are not permitted to perform this action.",
            type: "about:blank",
            status: 403,
          },
        };
      const parts = multipart(request.raw, String(request.headers["content-type"] ?? ""));
      const field = (name: string) => parts.find((part) => part.name === name);
      const file = field("media");
      const category = field("media_category")?.body.toString("utf8") ?? "";
      if (!file || file.body.length === 0) return invalid("The media field is required.");
      if (category !== "tweet_image") return invalid(`Unsupported media_category ${category}.`);
      if (file.body.length > 5 * 1024 * 1024) return invalid("File size exceeds 5242880 bytes.");
      const id = String(1_900_000_000_000_000_000n + BigInt(media.length));
      media.push({
        id,
        category,
        mimeType: field("media_type")?.body.toString("utf8") ?? file.contentType,
        bytes: file.body,
        alt: null,
      });
      return {
        status: 200,
        json: { data: { id, media_key: `3_${id}`, size: file.body.length, expires_after_secs: 86_400 } },
      };
    }
    if (request.method === "POST" && request.path === "/2/media/metadata") {
      const found = media.find((item) => item.id === request.json?.id);
      const alt = (request.json?.metadata as { alt_text?: { text?: unknown } } | undefined)?.alt_text?.text;
      if (!found) return invalid("The media id is invalid.");
      if (typeof alt !== "string" || alt.length > 1000) return invalid("alt_text.text must be at most 1000 characters.");
      found.alt = alt;
      return { status: 200, json: { data: { id: found.id, associated_metadata: { alt_text: { text: alt } } } } };
    }
    if (request.method === "POST" && request.path === "/2/tweets") {
      const text = String(request.json?.text ?? "");
      const replyTo = (request.json?.reply as { in_reply_to_tweet_id?: string } | undefined)?.in_reply_to_tweet_id ?? null;
      const mediaIds = ((request.json?.media as { media_ids?: unknown } | undefined)?.media_ids ?? []) as string[];
      if (!Array.isArray(mediaIds) || mediaIds.length > 4 || mediaIds.some((id) => !media.some((item) => item.id === id)))
        return invalid("Your media IDs are invalid.");
      if (posts.some((post) => post.text === text))
        return {
          status: 403,
          json: {
            detail: "You are not allowed to create a Tweet with duplicate content.",
            type: "about:blank",
            title: "Forbidden",
            status: 403,
          },
        };
      const id = String(1_800_000_000_000_000_000n + BigInt(posts.length));
      const post = { id, text, replyTo, createdAt: new Date().toISOString(), mediaIds };
      posts.push(post);
      counts.set(id, { like_count: 0, retweet_count: 0, reply_count: 0, quote_count: 0 });
      return { status: 201, json: { data: { id, text: shownPost(post), edit_history_tweet_ids: [id] } } };
    }
    const single = /^\/2\/tweets\/(\d+)$/.exec(request.path);
    if (request.method === "GET" && single) {
      const found = posts.find((post) => post.id === single[1]);
      if (!found)
        return {
          status: 200,
          json: { errors: [{ value: single[1], detail: "Could not find tweet", title: "Not Found Error" }] },
        };
      return {
        status: 200,
        json: {
          data: {
            id: found.id,
            text: shownPost(found),
            ...(request.query.get("tweet.fields")?.includes("public_metrics") && {
              public_metrics: { ...counts.get(found.id), bookmark_count: 0, impression_count: 0 },
            }),
          },
        },
      };
    }
    const timeline = /^\/2\/users\/(\d+)\/tweets$/.exec(request.path);
    if (request.method === "GET" && timeline) {
      if (settings.timelineForbidden)
        return {
          status: 403,
          json: {
            title: "Client Forbidden",
            detail: "This endpoint is not available at your access level.",
            reason: "client-not-enrolled",
            type: "https://api.twitter.com/2/problems/client-forbidden",
          },
        };
      if (timeline[1] !== user.id) return { status: 200, json: { meta: { result_count: 0 } } };
      const fields = request.query.get("tweet.fields")?.split(",") ?? [];
      const data = [...posts].reverse().map((post) => ({
        id: post.id,
        text: shownPost(post),
        created_at: post.createdAt,
        edit_history_tweet_ids: [post.id],
        ...(post.replyTo && { referenced_tweets: [{ type: "replied_to", id: post.replyTo }] }),
        ...(fields.includes("attachments") &&
          post.mediaIds.length > 0 && { attachments: { media_keys: post.mediaIds.map((id) => `3_${id}`) } }),
      }));
      return { status: 200, json: { data, meta: { result_count: data.length } } };
    }
    return { status: 404, json: { title: "Not Found Error", detail: "Not found" } };
  });

  /** The founder approves on the authorize page: the redirect back carries a code and the state. */
  function approve(authorizeUrl: string) {
    const url = new URL(authorizeUrl);
    if (url.searchParams.get("client_id") !== client.clientId) throw new Error("unknown client");
    if (url.searchParams.get("code_challenge_method") !== "S256") throw new Error("PKCE S256 expected");
    const code = randomBytes(16).toString("hex");
    codes.set(code, {
      redirectUri: url.searchParams.get("redirect_uri")!,
      challenge: url.searchParams.get("code_challenge")!,
      scope: url.searchParams.get("scope")!,
    });
    return { code, state: url.searchParams.get("state")! };
  }

  return {
    ...network,
    user,
    approve,
    access: settings,
    posts: () => [...posts],
    /** Every image uploaded, in order, with its category, type, bytes and alt text (null until set). */
    media: () => [...media],
    setCounts: (id: string, values: { like_count: number; retweet_count: number; reply_count: number; quote_count: number }) =>
      counts.set(id, values),
    /** Access tokens stop working (as after two hours); refresh tokens still do. */
    expireAccessTokens: () => accessTokens.clear(),
    /** The tokens of a connection made before Launchloop asked for `media.write` (granted without it). */
    withoutMediaScope: () => {
      for (const [token, scope] of accessTokens) accessTokens.set(token, scope.replace(/\s*media\.write/, ""));
      for (const [token, scope] of refreshTokens) refreshTokens.set(token, scope.replace(/\s*media\.write/, ""));
    },
    /** The founder revoked the app: nothing works until they connect again. */
    revokeAll: () => {
      accessTokens.clear();
      refreshTokens.clear();
    },
    refreshCalls: () =>
      network.requests.filter(
        (request) => request.path === "/2/oauth2/token" && request.form.get("grant_type") === "refresh_token",
      ).length,
    issuedTokens: () => [...issued],
  };
}

export type FakeX = Awaited<ReturnType<typeof startFakeX>>;
