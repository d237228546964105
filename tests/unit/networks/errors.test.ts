import { describe, expect, it } from "vitest";
import { NetworkError, postOnce, retryAfterMs } from "@/lib/networks/errors";

const failing = (error: unknown) => postOnce("X post", () => Promise.reject(error));

describe("postOnce", () => {
  it("turns a transport failure after the request was sent into `unconfirmed` (never retried automatically)", async () => {
    const lost = new NetworkError("transient", "the connection broke before the answer", undefined, undefined, true);
    await expect(failing(lost)).rejects.toMatchObject({
      kind: "unconfirmed",
      message: expect.stringContaining("may have gone out"),
    });
  });

  it("keeps a failure before sending, an answered 5xx, a rate limit and a refusal as they were (retried or failed as usual)", async () => {
    for (const error of [
      new NetworkError("transient", "the address could not be reached", undefined, undefined, false),
      new NetworkError("transient", "X post: fake 503"),
      new NetworkError("rate_limit", "slow down", 60_000),
      new NetworkError("permanent", "too long"),
      new Error("a bug"),
    ]) {
      await expect(failing(error)).rejects.toBe(error);
    }
  });

  it("answers what the post answered", async () => {
    expect(await postOnce("X post", async () => "1234")).toBe("1234");
  });
});

describe("retryAfterMs", () => {
  it("reads a network's wait from Retry-After or RateLimit-Reset", () => {
    const now = 1_764_000_000_000;
    expect(retryAfterMs({ "retry-after": "7" }, now)).toBe(7000);
    expect(retryAfterMs({ "ratelimit-reset": String(now / 1000 + 30) }, now)).toBe(30_000);
    expect(retryAfterMs({}, now)).toBeUndefined();
  });
});
