import { describe, expect, it } from "vitest";
import { classifyThreadsAnswer, threadsAuthorizeUrl, threadsScopes } from "@/lib/networks/threads-api";

const answer = (status: number, error?: Record<string, unknown>, headers: Record<string, string> = {}) => ({
  status,
  headers,
  json: error ? { error } : null,
});

describe("Threads errors", () => {
  it("takes an invalid or expired token (code 190, on a 400 as Meta sends it) and a lost permission as `auth`", () => {
    for (const refused of [
      answer(400, { message: "Error validating access token: Session has expired", type: "OAuthException", code: 190 }),
      answer(401, { message: "Unauthorized" }),
      answer(403, { message: "Application does not have permission for this action", code: 10 }),
      answer(400, { message: "Permissions error", code: 200 }),
    ])
      expect(classifyThreadsAnswer(refused, "Threads post").kind).toBe("auth");
  });

  it("retries a 5xx, a transient Graph error and a throttle (with its wait), and fails a refusal for good", () => {
    expect(classifyThreadsAnswer(answer(500, { message: "An unknown error occurred", code: 1 }), "x").kind).toBe("transient");
    expect(classifyThreadsAnswer(answer(400, { message: "Temporary", code: 2, is_transient: true }), "x").kind).toBe("transient");
    const throttled = classifyThreadsAnswer(answer(400, { message: "Application request limit reached", code: 4 }), "x");
    expect(throttled).toMatchObject({ kind: "rate_limit", retryAfterMs: 15 * 60_000 });
    expect(classifyThreadsAnswer(answer(429, undefined, { "retry-after": "30" }), "x")).toMatchObject({
      kind: "rate_limit",
      retryAfterMs: 30_000,
    });
    const refused = classifyThreadsAnswer(
      answer(400, { message: "Param text must be at most 500 characters long.", code: 100 }),
      "Threads post",
    );
    expect(refused).toMatchObject({
      kind: "permanent",
      message: "Threads post: Param text must be at most 500 characters long.",
      code: "100",
    });
  });
});

describe("the Threads authorization window", () => {
  it("asks for the publishing, insights and reply-reading permissions, comma-separated, with the state", () => {
    const url = new URL(
      threadsAuthorizeUrl(
        { clientId: "990602627938098", clientSecret: "s", authUrl: "https://threads.net/", apiUrl: "https://graph.threads.net" },
        { redirectUri: "https://app.example/connections/threads/callback", state: "state-0123456789" },
      ),
    );
    expect(url.origin + url.pathname).toBe("https://threads.net/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "990602627938098",
      redirect_uri: "https://app.example/connections/threads/callback",
      scope: threadsScopes,
      response_type: "code",
      state: "state-0123456789",
    });
    expect(threadsScopes.split(",")).toEqual([
      "threads_basic",
      "threads_content_publish",
      "threads_manage_insights",
      "threads_read_replies",
    ]);
  });
});
