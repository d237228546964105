import { randomBytes } from "node:crypto";
import { type FakeAnswer, type FakeRequest, startFakeNetwork } from "./fake-network";

interface Subreddit {
  name: string;
  submissionType: "any" | "self" | "link";
  flairRequired: boolean;
  flairs: { id: string; text: string }[];
}

interface Submission {
  id: string;
  subreddit: string;
  kind: "self" | "link";
  title: string;
  text: string;
  url: string | null;
  flairId: string | null;
  createdUtc: number;
}

/**
 * Reddit at the network edge, on one server for both hosts (www.reddit.com for the OAuth
 * pages and token endpoint, oauth.reddit.com for the API): the authorize page (a test
 * "approves"), tokens of a web app (HTTP Basic; `duration=permanent` gives a refresh token
 * that keeps working), revocation, `api/v1/me`, subreddits with their post requirements and
 * link flairs, `api/submit` with Reddit's errors inside a 200 (`json.errors`), the account's
 * recent submissions, and `api/info` with scores a test sets. Like Reddit, it answers 429 to a
 * request without a descriptive User-Agent.
 */
export async function startFakeReddit(client: { clientId: string; clientSecret: string }) {
  const user = { id: "1a2b3c", name: "tidyfounder" };
  const codes = new Map<string, { redirectUri: string; scope: string; duration: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const submissions: Submission[] = [];
  const scores = new Map<string, { score: number; num_comments: number }>();
  const issued: string[] = [];
  const subreddits = new Map<string, Subreddit>(
    [
      { name: "SideProject", submissionType: "any", flairRequired: false, flairs: [] },
      {
        name: "smallbusiness",
        submissionType: "any",
        flairRequired: true,
        flairs: [
          { id: "5f1c1a6e-0000-4000-8000-000000000001", text: "Marketing" },
          { id: "5f1c1a6e-0000-4000-8000-000000000002", text: "Tools" },
        ],
      },
      { name: "selfonly", submissionType: "self", flairRequired: false, flairs: [] },
    ].map((subreddit) => [subreddit.name.toLowerCase(), subreddit as Subreddit]),
  );
  /** `submittedLag`: recent submissions leave out the newest N (Reddit's listings lag behind). */
  const settings = { submittedLag: 0 };
  const secret = (kind: string) => {
    const value = `reddit-${kind}-${randomBytes(12).toString("hex")}`;
    issued.push(value);
    return value;
  };
  const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`;
  const bearer = (request: FakeRequest) => String(request.headers.authorization ?? "").replace(/^bearer /i, "");
  const unauthorized: FakeAnswer = { status: 401, json: { message: "Unauthorized", error: 401 } };
  const tokens = (scope: string, withRefresh: string | null) => {
    const access = secret("access");
    accessTokens.add(access);
    return {
      access_token: access,
      token_type: "bearer",
      expires_in: 86_400,
      scope,
      ...(withRefresh && { refresh_token: withRefresh }),
    };
  };
  const submissionData = (submission: Submission) => ({
    id: submission.id,
    name: `t3_${submission.id}`,
    title: submission.title,
    subreddit: submission.subreddit,
    selftext: submission.text,
    is_self: submission.kind === "self",
    url: submission.url ?? `https://www.reddit.com/r/${submission.subreddit}/comments/${submission.id}/`,
    permalink: `/r/${submission.subreddit}/comments/${submission.id}/${submission.title.toLowerCase().replace(/\W+/g, "_").slice(0, 40)}/`,
    author: user.name,
    created_utc: submission.createdUtc,
    link_flair_template_id: submission.flairId,
    ...scores.get(submission.id),
  });
  const listing = (children: Submission[]) => ({
    kind: "Listing",
    data: {
      after: null,
      before: null,
      dist: children.length,
      children: children.map((s) => ({ kind: "t3", data: submissionData(s) })),
    },
  });
  const submitError = (code: string, message: string, field: string): FakeAnswer => ({
    status: 200,
    json: { json: { errors: [[code, message, field]] } },
  });

  const network = await startFakeNetwork((request: FakeRequest): FakeAnswer => {
    if (request.method === "GET" && request.path === "/api/v1/authorize") {
      const { code, state } = approve(`${network.url}${request.path}?${request.query}`);
      const back = new URL(request.query.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", state);
      return { status: 302, headers: { location: back.toString() } };
    }
    const agent = String(request.headers["user-agent"] ?? "");
    if (!agent || /^(node|undici|python-requests|curl)\b/i.test(agent))
      return { status: 429, json: { message: "Too Many Requests", error: 429 } };
    if (request.method === "POST" && request.path === "/api/v1/access_token") {
      if (request.headers.authorization !== basic) return { status: 401, json: { message: "Unauthorized", error: 401 } };
      if (request.form.get("grant_type") === "authorization_code") {
        const code = codes.get(request.form.get("code") ?? "");
        if (!code || code.redirectUri !== request.form.get("redirect_uri"))
          return { status: 200, json: { error: "invalid_grant" } };
        codes.delete(request.form.get("code")!);
        const refresh = code.duration === "permanent" ? secret("refresh") : null;
        if (refresh) refreshTokens.add(refresh);
        return { status: 200, json: tokens(code.scope, refresh) };
      }
      if (request.form.get("grant_type") === "refresh_token") {
        const refresh = request.form.get("refresh_token") ?? "";
        if (!refreshTokens.has(refresh)) return { status: 400, json: { error: "invalid_grant" } };
        // Reddit's refresh tokens are permanent: the same one comes back.
        return { status: 200, json: tokens("identity submit read flair history", refresh) };
      }
      return { status: 400, json: { error: "unsupported_grant_type" } };
    }
    if (request.method === "POST" && request.path === "/api/v1/revoke_token") {
      if (request.headers.authorization !== basic) return { status: 401, json: { message: "Unauthorized", error: 401 } };
      const token = request.form.get("token") ?? "";
      accessTokens.delete(token);
      refreshTokens.delete(token);
      return { status: 204 };
    }
    if (!accessTokens.has(bearer(request))) return unauthorized;
    if (request.method === "GET" && request.path === "/api/v1/me")
      return {
        status: 200,
        json: { id: user.id, name: user.name, link_karma: 12, comment_karma: 40, created_utc: 1_600_000_000 },
      };

    const requirements = /^\/api\/v1\/(\w+)\/post_requirements$/.exec(request.path);
    if (request.method === "GET" && requirements) {
      const subreddit = subreddits.get(requirements[1]!.toLowerCase());
      if (!subreddit) return { status: 404, json: { message: "Not Found", error: 404 } };
      return {
        status: 200,
        json: {
          is_flair_required: subreddit.flairRequired,
          title_text_max_length: null,
          title_text_min_length: null,
          body_restriction_policy: subreddit.submissionType === "link" ? "notAllowed" : "none",
          link_restriction_policy: "none",
          domain_blacklist: [],
          title_required_strings: [],
        },
      };
    }
    const flairs = /^\/r\/(\w+)\/api\/link_flair_v2$/.exec(request.path);
    if (request.method === "GET" && flairs) {
      const subreddit = subreddits.get(flairs[1]!.toLowerCase());
      if (!subreddit) return { status: 404, json: { message: "Not Found", error: 404 } };
      if (subreddit.flairs.length === 0) return { status: 403, json: { message: "Forbidden", error: 403 } };
      return {
        status: 200,
        json: subreddit.flairs.map((flair) => ({
          id: flair.id,
          text: flair.text,
          text_editable: false,
          type: "text",
          background_color: "",
          text_color: "dark",
          mod_only: false,
        })),
      };
    }
    const about = /^\/r\/(\w+)\/about$/.exec(request.path);
    if (request.method === "GET" && about) {
      const subreddit = subreddits.get(about[1]!.toLowerCase());
      if (!subreddit) return { status: 404, json: { message: "Not Found", error: 404 } };
      return {
        status: 200,
        json: {
          kind: "t5",
          data: { display_name: subreddit.name, submission_type: subreddit.submissionType, subreddit_type: "public" },
        },
      };
    }
    if (request.method === "POST" && request.path === "/api/submit") {
      const field = (name: string) => request.form.get(name) ?? "";
      if (field("api_type") !== "json") return { status: 200, json: { jquery: [] } };
      const subreddit = subreddits.get(field("sr").toLowerCase());
      if (!subreddit)
        return submitError("SUBREDDIT_NOEXIST", "Hmm, that community doesn't exist. Try checking the spelling.", "sr");
      const kind = field("kind");
      if (kind !== "self" && kind !== "link") return submitError("INVALID_OPTION", "that option is not valid", "kind");
      if (subreddit.submissionType !== "any" && subreddit.submissionType !== kind)
        return submitError(kind === "self" ? "NO_SELFS" : "NO_LINKS", "This community doesn't allow this kind of post.", "sr");
      if (!field("title")) return submitError("NO_TEXT", "we need something here", "title");
      if ([...field("title")].length > 300) return submitError("TOO_LONG", "this is too long (max: 300)", "title");
      if (kind === "link" && !/^https?:\/\//.test(field("url"))) return submitError("NO_URL", "a url is required", "url");
      const flairId = field("flair_id") || null;
      if (subreddit.flairRequired && !flairId)
        return submitError("SUBMIT_VALIDATION_FLAIR_REQUIRED", "Your post must contain post flair.", "flair");
      if (flairId && !subreddit.flairs.some((flair) => flair.id === flairId))
        return submitError("BAD_FLAIR_TEMPLATE_ID", "That flair template doesn't exist.", "flair");
      const id = randomBytes(4).toString("hex").replace(/^\d/, "k").slice(0, 7);
      const submission: Submission = {
        id,
        subreddit: subreddit.name,
        kind,
        title: field("title"),
        text: kind === "self" ? field("text") : "",
        url: kind === "link" ? field("url") : null,
        flairId,
        createdUtc: Math.floor(Date.now() / 1000),
      };
      submissions.push(submission);
      scores.set(id, { score: 1, num_comments: 0 });
      return {
        status: 200,
        json: {
          json: {
            errors: [],
            data: {
              url: `https://www.reddit.com${submissionData(submission).permalink}`,
              drafts_count: 0,
              id,
              name: `t3_${id}`,
            },
          },
        },
      };
    }
    const submitted = /^\/user\/(\w+)\/submitted$/.exec(request.path);
    if (request.method === "GET" && submitted) {
      if (submitted[1] !== user.name) return { status: 200, json: listing([]) };
      const newest = [...submissions].reverse().slice(settings.submittedLag);
      return { status: 200, json: listing(newest.slice(0, Number(request.query.get("limit") ?? 25))) };
    }
    if (request.method === "GET" && request.path === "/api/info") {
      const ids = (request.query.get("id") ?? "").split(",").map((name) => name.replace(/^t3_/, ""));
      return { status: 200, json: listing(submissions.filter((submission) => ids.includes(submission.id))) };
    }
    return { status: 404, json: { message: "Not Found", error: 404 } };
  });

  /** The founder allows the app on Reddit's authorize page: the redirect back carries a code and the state. */
  function approve(authorizeUrl: string) {
    const url = new URL(authorizeUrl);
    if (url.searchParams.get("client_id") !== client.clientId) throw new Error("unknown client");
    if (url.searchParams.get("response_type") !== "code") throw new Error("response_type=code expected");
    const code = randomBytes(16).toString("hex");
    codes.set(code, {
      redirectUri: url.searchParams.get("redirect_uri")!,
      scope: url.searchParams.get("scope")!,
      duration: url.searchParams.get("duration") ?? "temporary",
    });
    return { code, state: url.searchParams.get("state")! };
  }

  return {
    ...network,
    user,
    approve,
    settings,
    submissions: () => [...submissions],
    addSubreddit: (subreddit: Subreddit) => void subreddits.set(subreddit.name.toLowerCase(), subreddit),
    setScore: (id: string, values: { score: number; num_comments: number }) => void scores.set(id, values),
    /** Access tokens stop working (as after a day); the refresh token still does. */
    expireAccessTokens: () => accessTokens.clear(),
    /** The founder removed the app under Reddit's authorized apps: nothing works until they connect again. */
    revokeAll: () => {
      accessTokens.clear();
      refreshTokens.clear();
    },
    submitCalls: () => network.requests.filter((request) => request.path === "/api/submit").length,
    refreshCalls: () =>
      network.requests.filter(
        (request) => request.path === "/api/v1/access_token" && request.form.get("grant_type") === "refresh_token",
      ).length,
    issuedTokens: () => [...issued],
  };
}

export type FakeReddit = Awaited<ReturnType<typeof startFakeReddit>>;
