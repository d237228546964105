import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fittedDraft, type WriterInput } from "@/lib/agents/growth-writer";
import { offlineDrafts } from "@/lib/ai/offline";
import { channelRules, countAs, fitToChannel, projectChannels, resolveChannel } from "@/lib/channels";
import { type Channel, channels } from "@/lib/schemas/growth";
import { sampleOnboarding } from "@/tests/support/founder";

const withinLimits = (channel: Channel, draft: { title: string | null; parts: string[]; hashtags: string[] }) => {
  const rule = channelRules[channel];
  for (const part of draft.parts)
    expect(countAs(rule.unit, part), `${channel} part: ${part}`).toBeLessThanOrEqual(rule.bodyLimit);
  if (rule.titleLimit && draft.title) expect(draft.title.length).toBeLessThanOrEqual(rule.titleLimit);
  expect(draft.hashtags.length).toBeLessThanOrEqual(rule.hashtagBudget);
};

// Text that stresses counting: long runs, emoji (with joiners and skin tones), URLs, non-Latin scripts.
const piece = fc.oneof(
  fc.string({ minLength: 0, maxLength: 400, size: "max" }),
  fc.integer({ min: 1, max: 900 }).map((words) => "lorem ipsum dolor ".repeat(words)),
  fc.constantFrom(
    "👩🏽‍💻",
    "🚀",
    "❤️",
    "🇬🇧",
    "👨‍👩‍👧‍👦",
    "https://example.com/a/very/long/path?with=query&and=more#fragment",
    "www.launchloop.test",
    "整理簿はとても便利です。",
    "Привет, мир.",
    "مرحبا بالعالم",
    "Ελληνικά",
    "नमस्ते",
  ),
  fc.lorem({ maxCount: 80 }),
);
const text = fc.array(piece, { minLength: 1, maxLength: 30, size: "large" }).map((parts) => parts.join(" ").slice(0, 12_000));
const channel = fc.constantFrom(...channels);

describe("channel rules", () => {
  it("count X posts the way X does: a URL weighs 23, CJK and emoji weigh 2", () => {
    expect(countAs("weighted", `Read this ${"https://example.com/".padEnd(120, "x")}`)).toBe(10 + 23);
    expect(countAs("weighted", "日本")).toBe(4);
    expect(countAs("weighted", "🚀")).toBe(2);
  });

  it("count Bluesky posts in graphemes", () => {
    expect(countAs("graphemes", "👨‍👩‍👧‍👦🇬🇧é")).toBe(3);
  });

  it("know all 16 channels, and what founders call them", () => {
    expect(Object.keys(channelRules).sort()).toEqual([...channels].sort());
    expect(
      ["Twitter", "X", "LinkedIn", "Substack", "YouTube Shorts", "Facebook group", "Mastodon", "Fediverse"].map(resolveChannel),
    ).toEqual(["x", "x", "linkedin", "newsletter", "youtube-shorts", "facebook-group", "mastodon", "mastodon"]);
    expect(projectChannels({ enabledChannels: null, audiencePlatforms: ["Instagram", "TikTok", "MySpace"] })).toEqual([
      "instagram",
      "tiktok",
    ]);
    expect(projectChannels({})).toEqual(["x", "linkedin", "newsletter"]);
  });

  it("turn an over-long X draft into a numbered thread", () => {
    const draft = fitToChannel("x", {
      body: Array.from({ length: 12 }, (_, i) => `Point ${i + 1} about invoices and getting paid on time.`).join(" "),
    });
    expect(draft.parts.length).toBeGreaterThan(1);
    expect(draft.parts[0]).toMatch(/\(1\/\d+\)$/);
    withinLimits("x", draft);
  });

  it("never exceed any channel's limit, whatever the input (property)", () => {
    let overLimitInputs = 0;
    fc.assert(
      fc.property(
        channel,
        text,
        fc.option(text),
        fc.array(fc.string({ maxLength: 30 }), { maxLength: 8 }),
        (target, body, title, hashtags) => {
          const draft = fitToChannel(target, { body, title, hashtags });
          withinLimits(target, draft);
          if (countAs(channelRules[target].unit, body) > channelRules[target].bodyLimit) overLimitInputs += 1;
          const again = fitToChannel(target, draft);
          withinLimits(target, again);
        },
      ),
      { numRuns: 150 },
    );
    // The generator must really produce drafts that need fitting, or the property proves nothing.
    expect(overLimitInputs).toBeGreaterThan(30);
  });

  it("offline drafts and regenerations fit every channel for varied founders (property)", () => {
    const feedback = fc.option(
      fc.constantFrom(
        "shorter",
        "longer please",
        "more casual",
        "more formal",
        "no hashtags",
        "add emoji",
        "shorter and more casual",
      ),
    );
    fc.assert(
      fc.property(
        channel,
        text,
        text,
        text,
        feedback,
        fc.nat(5),
        (target, description, story, keyMessage, note, previousDrafts) => {
          const input: WriterInput = {
            projectName: "Tidybooks 整理簿",
            language: "en",
            onboarding: {
              ...sampleOnboarding,
              businessName: "Tidybooks 整理簿",
              productDescription: description,
              founderStory: story,
              assetUrls: "https://tidybooks.example/start",
            },
            decisions: {},
            playbook: {},
            weekNumber: 1 + (previousDrafts % 3),
            item: {
              channel: target,
              title: `Post: ${keyMessage.slice(0, 60)}`,
              angle: story.slice(0, 300),
              keyMessage,
              cta: "Start a free trial",
              notes: null,
              position: previousDrafts,
            },
            feedback: note,
            previousDrafts,
            previousBody: null,
          };
          withinLimits(target, fittedDraft(offlineDrafts.channel_draft(input), input));
        },
      ),
      { numRuns: 80 },
    );
  }, 120_000);
});
