import { describe, expect, it } from "vitest";
import { channelOfKind, measurePost } from "@/components/project/post-meter";

describe("the launch pack's length meter", () => {
  it("knows post items by kind", () => {
    expect(channelOfKind("post-x")).toBe("x");
    expect(channelOfKind("post-instagram-reels")).toBe("instagram-reels");
    expect(channelOfKind("post-myspace")).toBeUndefined();
    expect(channelOfKind("homepage")).toBeUndefined();
  });

  it("counts X the way X does: a URL weighs 23", () => {
    const [measure] = measurePost("x", "Launch day! https://example.com/a/very/long/path/that/is/long");
    expect(measure).toEqual({ label: "Post", count: "Launch day! ".length + 23, limit: 280 });
  });

  it("counts emoji as one grapheme where the channel counts graphemes", () => {
    const [measure] = measurePost("bluesky", "Hello 👋🏽 world");
    expect(measure!.count).toBe(13);
    expect(measure!.limit).toBe(300);
  });

  it("measures each post of a thread on its own", () => {
    const measures = measurePost("x", "**1.** First part\n\n**2.** Second part\n\nstill second");
    expect(measures.map((measure) => measure.label)).toEqual(["Post 1 of 2", "Post 2 of 2"]);
    expect(measures[0]!.count).toBe("First part".length);
    expect(measures[1]!.count).toBe("Second part\n\nstill second".length);
  });

  it("measures a title apart on channels with titles", () => {
    const measures = measurePost("reddit", "**Show r/SaaS: my tool**\n\nBody text here");
    expect(measures[0]).toMatchObject({ label: "Title", count: "Show r/SaaS: my tool".length });
    expect(measures[1]).toMatchObject({ label: "Post", count: "Body text here".length });
  });
});
