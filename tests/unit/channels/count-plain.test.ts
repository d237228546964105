import { describe, expect, it } from "vitest";
import { countAs } from "@/lib/channels/count";
import { countPlain } from "@/lib/channels/count-plain";
import { channelRules } from "@/lib/channels/rules";

describe("counting as Mastodon counts", () => {
  it("counts an emoji as one and every link as 23, however long", () => {
    const link = `https://tidybooks.example/pricing?utm_source=mastodon&utm_campaign=${"week".repeat(20)}`;
    expect(countPlain("graphemes-links-23", `Books done 👍 ${link}`)).toBe("Books done 👍 ".length - 1 + 23);
    expect(countPlain("graphemes-links-23", "http://a.b and https://c.d/e")).toBe(23 + " and ".length + 23);
    expect(countPlain("characters", "👍")).toBe(2);
    expect(countPlain("graphemes-links-23", "👍")).toBe(1);
  });

  it("is Mastodon's unit, so a post with a long link still fits 500", () => {
    expect(channelRules.mastodon.unit).toBe("graphemes-links-23");
    const post = `${"a".repeat(470)} https://example.com/${"x".repeat(200)}`;
    expect(countAs(channelRules.mastodon.unit, post)).toBe(470 + 1 + 23);
  });
});
