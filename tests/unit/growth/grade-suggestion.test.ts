import { describe, expect, it } from "vitest";
import { channelResults, suggestFromResults, suggestGrade } from "@/lib/growth/grade-suggestion";

const numbers = (likes: number) => ({ likes, reposts: 0, replies: 0, quotes: null });
const tracked = (signups: number, clicks = signups * 10) => ({ results: { clicks, signups }, numbers: null, sameChannel: false });

describe("the retro's suggested grade", () => {
  it("goes by sign-ups first, against the founder's own posts, and says why", () => {
    const history = [tracked(0), tracked(1), tracked(0), tracked(2)];
    expect(suggestFromResults({ results: { clicks: 40, signups: 3 }, numbers: numbers(1) }, history)).toEqual({
      grade: "great",
      why: "3 sign-ups, the best of your last 5 posts",
    });
    expect(suggestFromResults({ results: { clicks: 80, signups: 0 }, numbers: numbers(500) }, [tracked(2), tracked(3)])).toEqual({
      grade: "quiet",
      why: "0 sign-ups; your posts usually bring 2.5",
    });
    expect(suggestFromResults({ results: { clicks: 5, signups: 1 }, numbers: null }, [tracked(1), tracked(1)])?.grade).toBe("ok");
  });

  it("falls back to clicks when nothing brought a sign-up yet, then to engagement on the channel", () => {
    const clicks = [
      { results: { clicks: 10, signups: 0 }, numbers: null, sameChannel: true },
      { results: { clicks: 12, signups: 0 }, numbers: null, sameChannel: true },
    ];
    expect(suggestFromResults({ results: { clicks: 40, signups: 0 }, numbers: null }, clicks)).toEqual({
      grade: "great",
      why: "40 clicks, the best of your last 3 posts",
    });
    const engaged = [
      { results: null, numbers: numbers(10), sameChannel: true },
      { results: null, numbers: numbers(12), sameChannel: true },
      { results: null, numbers: numbers(500), sameChannel: false },
    ];
    expect(suggestFromResults({ results: null, numbers: numbers(30) }, engaged)?.grade).toBe("great");
    expect(suggestFromResults({ results: null, numbers: null }, engaged)).toBeNull();
    expect(suggestFromResults({ results: { clicks: 0, signups: 0 }, numbers: null }, [])).toBeNull();
    // Not clicked and no numbers (not out yet, or skipped): nothing to suggest, whatever the others did.
    expect(suggestFromResults({ results: { clicks: 0, signups: 0 }, numbers: null }, [tracked(2), tracked(0)])).toBeNull();
  });
});

describe("grade suggestions", () => {
  it("compare a post with the founder's median on the channel", () => {
    const post = (likes: number) => ({ likes, reposts: 0, replies: 0, quotes: null });
    const history = [post(10), post(12), post(8)];
    expect(suggestGrade(post(30), history)).toBe("great");
    expect(suggestGrade(post(11), history)).toBe("ok");
    expect(suggestGrade(post(2), history)).toBe("quiet");
    expect(suggestGrade(post(2), [])).toBeNull();
    expect(suggestGrade(null, history)).toBeNull();
    expect(
      channelResults([
        { channel: "bluesky", metrics: post(4) },
        { channel: "bluesky", metrics: post(8) },
        { channel: "x", metrics: null },
      ]),
    ).toEqual([{ channel: "bluesky", posts: 2, medianEngagement: 6, totalEngagement: 12 }]);
  });
});
