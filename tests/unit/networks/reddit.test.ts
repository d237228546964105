import { describe, expect, it } from "vitest";
import { resolveOptions } from "@/lib/networks/reddit";
import { classifyRedditAnswer, redditAuthorizeUrl, submitRefusal } from "@/lib/networks/reddit-api";
import { redditOptionsSchema } from "@/lib/networks/reddit-options";

describe("Reddit's per-item options", () => {
  it("takes a subreddit with or without r/, a text post by default, and a link post with its url", () => {
    expect(redditOptionsSchema.parse({ subreddit: "r/SideProject" })).toEqual({ subreddit: "SideProject", kind: "self" });
    expect(
      redditOptionsSchema.parse({
        subreddit: "smallbusiness",
        kind: "link",
        url: "https://tidybooks.example",
        flair: " Marketing ",
      }),
    ).toEqual({ subreddit: "smallbusiness", kind: "link", url: "https://tidybooks.example", flair: "Marketing" });
  });

  it("refuses a bad name, a link post without its url, a url on a text post, a long title and unknown fields", () => {
    for (const bad of [
      { subreddit: "no spaces allowed" },
      { subreddit: "ab" },
      { subreddit: "SideProject", kind: "link" },
      { subreddit: "SideProject", url: "https://tidybooks.example" },
      { subreddit: "SideProject", title: "t".repeat(301) },
      { subreddit: "SideProject", kind: "image" },
      { subreddit: "SideProject", nsfw: true },
    ])
      expect(redditOptionsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("says before sending what the subreddit would refuse, and finds the flair by its text or its id", () => {
    const rules = {
      subreddit: "smallbusiness",
      flairRequired: true,
      submissionType: "any",
      flairs: [
        { id: "f-1", text: "Marketing" },
        { id: "f-2", text: "Tools" },
      ],
    };
    expect(resolveOptions({ subreddit: "smallbusiness", kind: "self" }, rules)).toEqual({
      problem: 'r/smallbusiness requires a flair: set one of "Marketing", "Tools" in the item\'s options',
    });
    expect(resolveOptions({ subreddit: "smallbusiness", kind: "self", flair: "Sales" }, rules)).toEqual({
      problem: 'r/smallbusiness has no flair "Sales": pick one of "Marketing", "Tools"',
    });
    expect(resolveOptions({ subreddit: "smallbusiness", kind: "self", flair: "marketing" }, rules)).toEqual({ flairId: "f-1" });
    expect(resolveOptions({ subreddit: "smallbusiness", kind: "self", flair: "f-2" }, rules)).toEqual({ flairId: "f-2" });
    const open = { ...rules, flairRequired: false, flairs: [] };
    expect(resolveOptions({ subreddit: "x", kind: "self" }, open)).toEqual({});
    expect(resolveOptions({ subreddit: "x", kind: "self", flair: "Tools" }, open)).toMatchObject({
      problem: expect.stringMatching(/leave it empty/),
    });
    expect(
      resolveOptions({ subreddit: "x", kind: "link", url: "https://a.example" }, { ...open, submissionType: "self" }),
    ).toEqual({
      problem: "r/smallbusiness takes text posts only",
    });
  });
});

describe("Reddit's answers", () => {
  it("reads the submit endpoint's errors inside a 200: a rate limit with its wait, a refusal for good", () => {
    expect(
      submitRefusal([["RATELIMIT", "Take a break for 5 minutes before trying again.", "ratelimit"]], "Reddit refused the post"),
    ).toMatchObject({ kind: "rate_limit", retryAfterMs: 300_000, code: "RATELIMIT" });
    expect(
      submitRefusal(
        [["SUBMIT_VALIDATION_FLAIR_REQUIRED", "Your post must contain post flair.", "flair"]],
        "Reddit refused the post",
      ),
    ).toMatchObject({
      kind: "permanent",
      message: "Reddit refused the post: Your post must contain post flair. (SUBMIT_VALIDATION_FLAIR_REQUIRED)",
    });
    expect(submitRefusal([["USER_REQUIRED", "Please log in to do that.", null]], "r").kind).toBe("auth");
  });

  it("takes a 401 as our token, a 429 with Reddit's reset seconds, and a 5xx as passing", () => {
    expect(classifyRedditAnswer({ status: 401, headers: {}, json: { message: "Unauthorized", error: 401 } }, "r").kind).toBe(
      "auth",
    );
    expect(
      classifyRedditAnswer({ status: 429, headers: { "x-ratelimit-reset": "42" }, json: { message: "Too Many Requests" } }, "r"),
    ).toMatchObject({ kind: "rate_limit", retryAfterMs: 42_000 });
    expect(classifyRedditAnswer({ status: 503, headers: {}, json: null }, "r").kind).toBe("transient");
    expect(classifyRedditAnswer({ status: 403, headers: {}, json: { message: "Forbidden", error: 403 } }, "r").kind).toBe(
      "permanent",
    );
  });

  it("asks for a permanent grant with the scopes it uses", () => {
    const url = new URL(
      redditAuthorizeUrl(
        {
          clientId: "abc",
          clientSecret: "s",
          authUrl: "https://www.reddit.com",
          apiUrl: "https://oauth.reddit.com",
          userAgent: "web:abc:1.0",
        },
        { redirectUri: "https://app.example/connections/reddit/callback", state: "state-0123456789" },
      ),
    );
    expect(url.pathname).toBe("/api/v1/authorize");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "abc",
      response_type: "code",
      duration: "permanent",
      scope: "identity submit read flair history",
    });
  });
});
