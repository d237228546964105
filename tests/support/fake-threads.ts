import { randomBytes } from "node:crypto";
import { type FakeAnswer, type FakeRequest, startFakeNetwork } from "./fake-network";

/**
 * Meta's Threads API at the network edge: the authorization window (a test "approves" as the
 * founder would), the code exchange for a one-hour token (client secret in the form), its
 * exchange for a 60-day token (`th_exchange_token`) and that token's refresh
 * (`th_refresh_token`), `GET /me`, media containers (`POST /{user}/threads`: TEXT, with
 * `reply_to_id`; IMAGE, whose `image_url` it fetches as Meta does, keeping the bytes, type and
 * `alt_text`, a failed fetch leaving the container ERROR; CAROUSEL of 2 to 20 IMAGE items made
 * with `is_carousel_item=true`) and their status, `threads_publish` (a container publishes once), the
 * account's posts and replies, permalinks, and insights a test sets. Errors are shaped like
 * the Graph API's (`{error: {message, type, code}}`; an invalid token is code 190 on a 400).
 */
export async function startFakeThreads(client: { clientId: string; clientSecret: string }) {
  const user = { id: "17841400000000001", username: "tidyfounder" };
  const codes = new Map<string, { redirectUri: string; scope: string }>();
  const shortTokens = new Set<string>();
  const longTokens = new Map<string, { issuedAt: number }>();
  type Image = { url: string; alt: string | null; contentType: string; bytes: Buffer };
  type Container = {
    mediaType: "TEXT" | "IMAGE" | "CAROUSEL";
    text: string;
    replyTo: string | null;
    status: "FINISHED" | "IN_PROGRESS" | "PUBLISHED" | "ERROR";
    errorMessage?: string;
    isCarouselItem: boolean;
    image?: Image;
    children?: string[];
    mediaId?: string;
  };
  const containers = new Map<string, Container>();
  const posts: {
    id: string;
    mediaType: Container["mediaType"];
    text: string;
    replyTo: string | null;
    timestamp: string;
    containerId: string;
    images: Image[];
  }[] = [];
  /** Every image address Threads was given and what fetching it answered. */
  const fetches: { url: string; status: number; contentType: string }[] = [];
  const insights = new Map<string, { views: number; likes: number; replies: number; reposts: number; quotes: number }>();
  const issued: string[] = [];
  /**
   * `containerInProgressFor`: how many status reads a new container answers IN_PROGRESS before
   * FINISHED; `dropPublishUndone`: how many `threads_publish` calls lose their connection before
   * publishing anything (what a caller cannot tell from a lost answer after publishing).
   */
  const settings = { containerInProgressFor: 0, dropPublishUndone: 0, now: () => Date.now() };
  let nextId = 18_000_000_000_000_000n;
  const newId = () => String(nextId++);
  const secret = (kind: string) => {
    const value = `threads-${kind}-${randomBytes(12).toString("hex")}`;
    issued.push(value);
    return value;
  };
  const graphError = (status: number, code: number, message: string, type = "OAuthException"): FakeAnswer => ({
    status,
    json: { error: { message, type, code, fbtrace_id: randomBytes(6).toString("hex") } },
  });
  const invalidToken = graphError(400, 190, "Invalid OAuth access token - Cannot parse access token");
  const tokenOf = (request: FakeRequest) =>
    String(request.headers.authorization ?? "").replace(/^Bearer /i, "") || request.query.get("access_token") || "";
  const permalink = (id: string) => `https://www.threads.net/@${user.username}/post/${Buffer.from(id).toString("base64url")}`;
  const inProgress = new Map<string, number>();

  const network = await startFakeNetwork(async (request: FakeRequest): Promise<FakeAnswer> => {
    if (request.method === "GET" && request.path === "/oauth/authorize") {
      const { code, state } = approve(`${network.url}${request.path}?${request.query}`);
      const back = new URL(request.query.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", state);
      return { status: 302, headers: { location: back.toString() } };
    }
    if (request.method === "POST" && request.path === "/oauth/access_token") {
      if (request.form.get("client_id") !== client.clientId || request.form.get("client_secret") !== client.clientSecret)
        return graphError(400, 101, "Error validating client secret.");
      const code = codes.get(request.form.get("code") ?? "");
      if (
        request.form.get("grant_type") !== "authorization_code" ||
        !code ||
        code.redirectUri !== request.form.get("redirect_uri")
      )
        return graphError(400, 100, "Invalid authorization code", "OAuthException");
      codes.delete(request.form.get("code")!);
      const token = secret("short");
      shortTokens.add(token);
      return { status: 200, json: { access_token: token, user_id: Number(user.id) } };
    }
    if (request.method === "GET" && request.path === "/access_token") {
      if (request.query.get("grant_type") !== "th_exchange_token") return graphError(400, 100, "Unsupported grant_type");
      if (request.query.get("client_secret") !== client.clientSecret)
        return graphError(400, 101, "Error validating client secret.");
      const short = request.query.get("access_token") ?? "";
      if (!shortTokens.delete(short)) return invalidToken;
      const token = secret("long");
      longTokens.set(token, { issuedAt: settings.now() });
      return { status: 200, json: { access_token: token, token_type: "bearer", expires_in: 5_183_944 } };
    }
    if (request.method === "GET" && request.path === "/refresh_access_token") {
      if (request.query.get("grant_type") !== "th_refresh_token") return graphError(400, 100, "Unsupported grant_type");
      const old = request.query.get("access_token") ?? "";
      const found = longTokens.get(old);
      if (!found) return invalidToken;
      // Meta refreshes a token at least 24 hours old only.
      if (settings.now() - found.issuedAt < 86_400_000)
        return graphError(400, 10, "The access token must be at least 24 hours old to be refreshed", "THApiException");
      longTokens.delete(old);
      const token = secret("long");
      longTokens.set(token, { issuedAt: settings.now() });
      return { status: 200, json: { access_token: token, token_type: "bearer", expires_in: 5_183_944 } };
    }
    if (!request.path.startsWith("/v1.0/")) return graphError(404, 803, "Unknown path components");
    if (!longTokens.has(tokenOf(request))) return invalidToken;
    const path = request.path.slice("/v1.0".length);
    if (request.method === "GET" && path === "/me") return { status: 200, json: { id: user.id, username: user.username } };

    const create = /^\/(\w+)\/threads$/.exec(path);
    if (request.method === "POST" && create) {
      if (create[1] !== user.id && create[1] !== "me") return graphError(400, 100, "Unsupported post request");
      const field = (name: string) => request.form.get(name) ?? request.query.get(name);
      const mediaType = field("media_type");
      if (mediaType !== "TEXT" && mediaType !== "IMAGE" && mediaType !== "CAROUSEL")
        return graphError(400, 100, "Only TEXT, IMAGE and CAROUSEL containers in this fake");
      const text = field("text") ?? "";
      if (mediaType === "TEXT" && !text) return graphError(400, 100, "The parameter text is required for TEXT posts");
      if ([...text].length > 500) return graphError(400, 100, "Param text must be at most 500 characters long.");
      const replyTo = field("reply_to_id");
      if (replyTo && !posts.some((post) => post.id === replyTo)) return graphError(400, 100, "Invalid reply_to_id");
      const isCarouselItem = field("is_carousel_item") === "true";
      if (isCarouselItem && (mediaType !== "IMAGE" || text || replyTo))
        return graphError(400, 100, "A carousel item is an IMAGE or VIDEO without text");
      const alt = field("alt_text");
      if (alt !== null && mediaType === "TEXT") return graphError(400, 100, "alt_text is for images and videos only");
      if (alt !== null && [...alt].length > 1000)
        return graphError(400, 100, "Param alt_text must be at most 1000 characters long.");
      const container: Container = {
        mediaType,
        text,
        replyTo: replyTo ?? null,
        status: settings.containerInProgressFor ? "IN_PROGRESS" : "FINISHED",
        isCarouselItem,
      };
      if (mediaType === "IMAGE") {
        const url = field("image_url");
        if (!url) return graphError(400, 100, "The parameter image_url is required for IMAGE posts");
        // Meta cURLs the image from the address given: it must be public.
        const fetched = await fetch(url, { redirect: "manual" }).catch(() => null);
        const contentType = fetched?.headers.get("content-type") ?? "";
        const bytes = fetched?.ok ? Buffer.from(await fetched.arrayBuffer()) : Buffer.alloc(0);
        fetches.push({ url, status: fetched?.status ?? 0, contentType });
        if (!fetched?.ok || !["image/jpeg", "image/png"].includes(contentType) || bytes.length > 8_000_000) {
          container.status = "ERROR";
          container.errorMessage = "FAILED_DOWNLOADING_IMAGE";
        } else container.image = { url, alt, contentType, bytes };
      }
      if (mediaType === "CAROUSEL") {
        const children = (field("children") ?? "").split(",").filter(Boolean);
        if (children.length < 2 || children.length > 20) return graphError(400, 100, "A carousel has between 2 and 20 children");
        const usable = children.every((id) => {
          const child = containers.get(id);
          return child?.isCarouselItem && child.status === "FINISHED";
        });
        if (!usable) return graphError(400, 100, "Every child must be a finished carousel item", "THApiException");
        container.children = children;
      }
      const id = newId();
      containers.set(id, container);
      if (settings.containerInProgressFor && container.status === "IN_PROGRESS")
        inProgress.set(id, settings.containerInProgressFor);
      return { status: 200, json: { id } };
    }
    const publish = /^\/(\w+)\/threads_publish$/.exec(path);
    if (request.method === "POST" && publish) {
      if (settings.dropPublishUndone > 0) {
        settings.dropPublishUndone--;
        return "drop";
      }
      const creationId = request.form.get("creation_id") ?? request.query.get("creation_id") ?? "";
      const container = containers.get(creationId);
      if (!container) return graphError(400, 24, "The requested resource does not exist", "THApiException");
      if (container.status === "PUBLISHED") return graphError(400, 10, "The media has already been published", "THApiException");
      if (container.status !== "FINISHED") return graphError(400, 9007, "Media is not ready to be published", "THApiException");
      if (container.isCarouselItem)
        return graphError(400, 100, "A carousel item is published with its carousel", "THApiException");
      const id = newId();
      container.status = "PUBLISHED";
      container.mediaId = id;
      const images =
        container.mediaType === "CAROUSEL"
          ? container.children!.map((child) => containers.get(child)!.image!)
          : container.image
            ? [container.image]
            : [];
      posts.push({
        id,
        mediaType: container.mediaType,
        images,
        text: container.text,
        replyTo: container.replyTo,
        timestamp: new Date(settings.now()).toISOString(),
        containerId: creationId,
      });
      insights.set(id, { views: 0, likes: 0, replies: 0, reposts: 0, quotes: 0 });
      return { status: 200, json: { id } };
    }
    const list = /^\/(\w+)\/(threads|replies)$/.exec(path);
    if (request.method === "GET" && list) {
      const replies = list[2] === "replies";
      const data = [...posts]
        .reverse()
        .filter((post) => (replies ? post.replyTo !== null : post.replyTo === null))
        .map((post) => ({
          id: post.id,
          text: post.text,
          timestamp: post.timestamp.replace(/\.\d{3}Z$/, "+0000"),
          permalink: permalink(post.id),
          ...(replies && { replied_to: { id: post.replyTo } }),
        }));
      return { status: 200, json: { data, paging: { cursors: { before: "b", after: "a" } } } };
    }
    const insight = /^\/(\d+)\/insights$/.exec(path);
    if (request.method === "GET" && insight) {
      const counts = insights.get(insight[1]!);
      if (!counts) return graphError(400, 100, "Object does not exist or cannot be loaded", "THApiException");
      const wanted = (request.query.get("metric") ?? "").split(",");
      return {
        status: 200,
        json: {
          data: wanted
            .filter((name) => name in counts)
            .map((name) => ({
              name,
              period: "lifetime",
              values: [{ value: counts[name as keyof typeof counts] }],
              title: name,
              description: name,
              id: `${insight[1]}/insights/${name}/lifetime`,
            })),
        },
      };
    }
    const node = /^\/(\d+)$/.exec(path);
    if (request.method === "GET" && node) {
      const id = node[1]!;
      const container = containers.get(id);
      if (container) {
        const left = inProgress.get(id);
        if (left !== undefined) {
          if (left > 0) inProgress.set(id, left - 1);
          else {
            inProgress.delete(id);
            if (container.status === "IN_PROGRESS") container.status = "FINISHED";
          }
        }
        return {
          status: 200,
          json: { id, status: container.status, ...(container.errorMessage && { error_message: container.errorMessage }) },
        };
      }
      const post = posts.find((candidate) => candidate.id === id);
      if (post) return { status: 200, json: { id, permalink: permalink(id), text: post.text } };
      return graphError(400, 100, "Object does not exist or cannot be loaded", "THApiException");
    }
    return graphError(404, 803, "Unknown path components");
  });

  /** The founder approves in the authorization window: the redirect back carries a code and the state. */
  function approve(authorizeUrl: string) {
    const url = new URL(authorizeUrl);
    if (url.searchParams.get("client_id") !== client.clientId) throw new Error("unknown client");
    if (url.searchParams.get("response_type") !== "code") throw new Error("response_type=code expected");
    const code = randomBytes(16).toString("hex");
    codes.set(code, { redirectUri: url.searchParams.get("redirect_uri")!, scope: url.searchParams.get("scope")! });
    return { code, state: url.searchParams.get("state")! };
  }

  return {
    ...network,
    user,
    approve,
    settings,
    posts: () => [...posts],
    imageFetches: () => [...fetches],
    containers: () => [...containers.entries()].map(([id, container]) => ({ id, ...container })),
    setInsights: (id: string, values: { views: number; likes: number; replies: number; reposts: number; quotes: number }) =>
      insights.set(id, values),
    /** The founder removed the app in their Threads settings: nothing works until they connect again. */
    revokeAll: () => {
      shortTokens.clear();
      longTokens.clear();
    },
    /** Every long-lived token is older than a day (as after real time passes), so it may be refreshed. */
    ageTokens: (ms = 2 * 86_400_000) => {
      for (const token of longTokens.values()) token.issuedAt -= ms;
    },
    publishCalls: () => network.requests.filter((request) => /\/threads_publish$/.test(request.path)).length,
    refreshCalls: () => network.requests.filter((request) => request.path === "/refresh_access_token").length,
    issuedTokens: () => [...issued],
  };
}

export type FakeThreads = Awaited<ReturnType<typeof startFakeThreads>>;
