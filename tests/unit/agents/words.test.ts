import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tasks } from "@/lib/agents";
import { type CycleHistory, growthPlanner } from "@/lib/agents/growth-planner";
import { fittedDraft, growthWriter, type WriterInput } from "@/lib/agents/growth-writer";
import { pipelineInput } from "@/lib/agents/inputs";
import { launchAssets } from "@/lib/agents/launch-assets";
import { runAgent } from "@/lib/agents/run";
import { offlineDrafts } from "@/lib/ai/offline";
import { channelRules, channelsOfAnswers, fitsWithin, fitToChannel, resolveChannel } from "@/lib/channels";
import { droppedChannels } from "@/lib/growth/dropped-channels";
import { detectProjectLanguage } from "@/lib/i18n/detect";
import { en } from "@/lib/i18n/en";
import { readFeedback } from "@/lib/i18n/feedback";
import { exportHeadings, wordsFor } from "@/lib/i18n/phrasebook";
import { type LaunchAssets, productHuntLimits } from "@/lib/schemas/agent-outputs";
import { channels } from "@/lib/schemas/growth";
import { languageSchema, type Onboarding } from "@/lib/schemas/project";
import { sampleOnboarding } from "@/tests/support/founder";
import { benchFounders, berlinBakery, terseDevtool } from "@/tests/support/founders";

const now = new Date("2026-11-23T09:00:00Z");
const project = (onboarding: Onboarding, language: string) => ({
  name: onboarding.businessName,
  language,
  onboarding,
  decisions: {},
});

describe("the project's language", () => {
  it("is detected from the answers, for every benchmark founder", () => {
    for (const founder of benchFounders) expect(detectProjectLanguage(founder.onboarding), founder.key).toBe(founder.language);
    expect(detectProjectLanguage(sampleOnboarding)).toBe("en");
  });

  it("is a BCP 47 tag, stored canonical; anything else is refused", () => {
    expect(languageSchema.parse("EN-gb")).toBe("en-GB");
    expect(languageSchema.parse("pt-br")).toBe("pt-BR");
    for (const bad of ["not a tag", "x", "en_US_", "12"]) expect(languageSchema.safeParse(bad).success, bad).toBe(false);
  });

  it("has every phrase in all five drafting languages, and export headings follow it", () => {
    for (const language of ["de", "fr", "es", "pt"]) {
      const words = wordsFor(language);
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        const slots = (en[key].match(/\{\w+\}/g) ?? []).sort();
        const vars = Object.fromEntries(slots.map((slot) => [slot.slice(1, -1), "X"]));
        expect(words.t(key, vars), `${language} ${key}`).not.toBe("");
      }
    }
    expect(exportHeadings("de").kinds("market-summary")).toBe("Marktüberblick");
    expect(exportHeadings("fr-CA").kinds("faq")).toBe("Questions fréquentes");
    expect(exportHeadings("ja").kinds("faq")).toBe("FAQ");
    expect(exportHeadings("de")).toMatchObject({
      launchPack: "Launch-Paket",
      decisions: "Entscheidungen",
      steps: { "market-strategist": "Marktstrategie" },
    });
    expect(exportHeadings("pt-BR").steps["launch-assets"]).toBe("Materiais de lançamento");
    expect(exportHeadings("ja").tagline).toBe("Tagline");
  });

  it("in a language without a phrasebook, gives a labelled worksheet of the founder's own words, no English scaffolding", async () => {
    const italian: Onboarding = {
      businessName: "Pasta Fresca",
      productDescription: "Consegniamo pasta fresca fatta a mano ogni mattina a Bologna.",
      problemSolved: "chi lavora non ha tempo di fare la pasta in casa",
      audienceType: "famiglie di Bologna",
    };
    const result = await runAgent("market-strategist", pipelineInput(project(italian, "it"), [], "market-strategist", now));
    const text = result.content.map((item) => item.body).join("\n");
    expect(result.content[0]!.body).toMatch(/^> ✎ Worksheet \(it\)/);
    expect(text).toContain("Consegniamo pasta fresca fatta a mano ogni mattina a Bologna.");
    expect(text).not.toMatch(/The problem it solves|First market|Open question|Next step/);
  });
});

describe("the offline engine reads rejection feedback", () => {
  it("understands language, length, tone, hashtags and emoji in the five languages", () => {
    expect(readFeedback("Bitte alles auf Deutsch")).toEqual({ language: "de" });
    expect(readFeedback("En français s'il vous plaît, plus court")).toEqual({ language: "fr", length: "shorter" });
    expect(readFeedback("Shorter, more formal, no hashtags")).toEqual({ length: "shorter", tone: "formal", hashtags: "none" });
    expect(readFeedback("more casual please, add an emoji")).toEqual({ tone: "casual", emoji: "add" });
    expect(readFeedback("Länger und ohne Hashtags")).toEqual({ length: "longer", hashtags: "none" });
    expect(readFeedback("más corto, sin hashtags")).toEqual({ length: "shorter", hashtags: "none" });
    expect(readFeedback(null)).toEqual({});
  });

  it("a German 'Bitte alles auf Deutsch' rerun of an English-detected project comes back in German", async () => {
    const runs = [{ agentType: "market-strategist", status: "rejected", output: null, feedback: "Bitte alles auf Deutsch" }];
    const input = pipelineInput(project(berlinBakery.onboarding, "en"), runs, "market-strategist", now);
    expect(input.language).toBe("de");
    const first = await runAgent(
      "market-strategist",
      pipelineInput(project(berlinBakery.onboarding, "en"), [], "market-strategist", now),
    );
    const rerun = await runAgent("market-strategist", input);
    expect(first.content[0]!.title).toBe("Market summary");
    expect(rerun.content[0]!.title).toBe("Marktüberblick");
    expect(rerun.content.map((item) => item.body).join("\n")).not.toMatch(/The problem it solves|First market/);
  });

  it("a rerun after any rejection is never byte-identical: it leads with other options", async () => {
    const input = pipelineInput(project(sampleOnboarding, "en"), [], "brand-architect", now);
    const first = await runAgent("brand-architect", input);
    const rerun = await runAgent("brand-architect", { ...input, feedback: "Not quite", rejections: 1 });
    expect(JSON.stringify(rerun.output)).not.toBe(JSON.stringify(first.output));
  });

  it("weekly drafts: shorter keeps the call to action, no hashtags drops them, formal drops exclamation marks", () => {
    const base: WriterInput = {
      projectName: "Plantpal",
      language: "en",
      onboarding: benchFounders[2]!.onboarding,
      decisions: {},
      playbook: {},
      weekNumber: 1,
      item: {
        channel: "linkedin",
        title: "LinkedIn: Founder story",
        angle: "Founder story: The moment that started it",
        keyMessage: "Reminders based on your room's light.",
        cta: "Download the app",
        notes: null,
        position: 0,
      },
      feedback: null,
      previousDrafts: 0,
      previousBody: null,
    };
    const plain = fittedDraft(offlineDrafts.channel_draft(base), base);
    const shorter = fittedDraft(offlineDrafts.channel_draft({ ...base, feedback: "shorter please" }), base);
    expect(shorter.body.length).toBeLessThan(plain.body.length);
    expect(shorter.body).toContain("Download the app: https://plantpal.app");
    expect(fittedDraft(offlineDrafts.channel_draft({ ...base, feedback: "no hashtags" }), base).hashtags).toEqual([]);
    expect(plain.hashtags.length).toBeGreaterThan(0);
    const formal = offlineDrafts.channel_draft({
      ...base,
      feedback: "more formal",
      item: { ...base.item, keyMessage: "It works!" },
    });
    expect(formal.body).not.toContain("!");
    const longer = offlineDrafts.channel_draft({ ...base, feedback: "longer, more detail" });
    expect(longer.body.length).toBeGreaterThan(plain.body.length);
    // The planner's words (angle label, title, notes) never reach the draft.
    expect(plain.body).not.toContain("Founder story");
    expect(plain.body).not.toContain("The moment that started it");
  });
});

describe("channel names a founder types", () => {
  it("resolve through aliases", () => {
    expect(
      [
        "X (formerly Twitter)",
        "Insta",
        "insta reels",
        "Tik Tok",
        "Linked In",
        "FB group",
        "Facebook-Gruppe",
        "YT Shorts",
        "Substack",
      ].map(resolveChannel),
    ).toEqual([
      "x",
      "instagram",
      "instagram-reels",
      "tiktok",
      "linkedin",
      "facebook-group",
      "facebook-group",
      "youtube-shorts",
      "newsletter",
    ]);
    expect(resolveChannel("Hacker News")).toBeUndefined();
  });

  it("that Launchloop has no channel for are reported in the plan's skipped, with why", () => {
    expect(channelsOfAnswers(terseDevtool.onboarding)).toEqual({ channels: ["x", "reddit", "blog"], unknown: ["Hacker News"] });
    const plan = offlineDrafts.weekly_plan({
      ...project(terseDevtool.onboarding, "en"),
      projectName: "Schemadrift",
      playbook: {},
      weekNumber: 1,
      history: [],
      today: "2026-11-23",
    });
    expect(plan.skipped).toContainEqual({ what: "Hacker News", why: expect.stringContaining("no Hacker News channel") });
  });

  it("a retro note that calls a channel dead drops it from the next plan, in any of the five languages", () => {
    const week = (overall: string): CycleHistory[] => [{ weekNumber: 1, theme: "t", items: [], tasks: [], overall }];
    expect([...droppedChannels(week("Reddit is dead for us.")).keys()]).toEqual(["reddit"]);
    expect([...droppedChannels(week("Der Newsletter ist tot für uns.")).keys()]).toEqual(["newsletter"]);
    expect([...droppedChannels(week("X went well, LinkedIn is dead for us")).keys()]).toEqual(["linkedin"]);
    expect([...droppedChannels(week("Reddit was fun")).keys()]).toEqual([]);
    const plan = offlineDrafts.weekly_plan({
      ...project(terseDevtool.onboarding, "en"),
      projectName: "Schemadrift",
      playbook: {},
      weekNumber: 2,
      history: week("Reddit is dead for us"),
      today: "2026-11-30",
    });
    expect(plan.contentPlan.map((entry) => entry.channel)).not.toContain("reddit");
    expect(plan.skipped).toContainEqual({ what: "Reddit", why: expect.stringContaining("Reddit is dead for us") });
  });
});

describe("weekly plans keep to the founder's hours", () => {
  it("plan at most the pieces the hours buy, and say so in the rationale", () => {
    for (const [hours, pieces, budget] of [
      ["1 hour", 1, "1 hour a week gives 1 piece of content"],
      ["2 hours", 2, "2 hours a week give 2 pieces of content"],
      ["5 hours", 6, "5 hours a week give 6 pieces of content"],
      ["20 hours a week", 12, "20 hours a week give 12 pieces of content"],
    ] as const) {
      const plan = offlineDrafts.weekly_plan({
        ...project({ ...sampleOnboarding, weeklyHours: hours }, "en"),
        projectName: "Tidybooks",
        playbook: {},
        weekNumber: 1,
        history: [],
        today: "2026-11-23",
      });
      const planned = plan.contentPlan.reduce((sum, entry) => sum + entry.items.length, 0);
      expect(planned, hours).toBeLessThanOrEqual(pieces);
      expect(plan.rationale).toContain(budget);
    }
  });

  it("a model's plan is held to the same budget and channels", () => {
    const input = {
      ...project({ ...sampleOnboarding, weeklyHours: "2 hours" }, "en"),
      projectName: "Tidybooks",
      playbook: {},
      weekNumber: 1,
      history: [],
      today: "2026-11-23",
    };
    const item = { title: "t", angle: "a", keyMessage: "k", cta: null, suggestedDay: "Mon", notes: null };
    const greedy = {
      weekTheme: "w",
      rationale: "r",
      founderTasks: [],
      skipped: [],
      contentPlan: (["x", "linkedin", "tiktok"] as const).map((channel) => ({
        channel,
        audienceRationale: null,
        items: [item, item],
      })),
    };
    const held = growthPlanner.normalize!(greedy, input);
    expect(held.contentPlan.flatMap((entry) => entry.items)).toHaveLength(2);
    expect(held.contentPlan.map((entry) => entry.channel)).not.toContain("tiktok");
  });
});

describe("fitting keeps the call to action and its link", () => {
  const middle = fc.oneof(
    fc.lorem({ maxCount: 400 }),
    fc.string({ minLength: 0, maxLength: 3000, size: "max" }),
    fc.integer({ min: 1, max: 400 }).map((words) => "Sentence with several words in it. ".repeat(words)),
  );
  const link = fc.constantFrom(
    "https://schemadrift.dev",
    "https://brotzeit-kreuzberg.de/abo?start=1",
    "https://example.com/a/very/long/path/that/goes/on?with=query&and=more#fragment",
  );
  const cta = fc.constantFrom(
    "Install the CLI",
    "Probe-Abo bestellen",
    "Réserver un cours d'essai",
    "Start a free trial 🚀",
    "Download",
  );

  it("whenever the call to action and link fit at all, the last part ends with them (property)", () => {
    let shortened = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...channels),
        middle,
        cta,
        link,
        fc.array(fc.string({ maxLength: 20 }), { maxLength: 6 }),
        (channel, text, action, url, hashtags) => {
          const tail = `${action}: ${url}`;
          const rule = channelRules[channel];
          const fitted = fitToChannel(channel, { title: null, body: `${text}\n\n${tail}`, hashtags, tail });
          for (const part of fitted.parts) expect(fitsWithin(rule.unit, part, rule.bodyLimit)).toBe(true);
          if (!fitsWithin(rule.unit, `${text}\n\n${tail}`, rule.bodyLimit)) shortened++;
          if (fitsWithin(rule.unit, `${tail} (99/99)`, rule.bodyLimit)) expect(fitted.parts.at(-1)!).toContain(tail);
        },
      ),
      { numRuns: 300 },
    );
    expect(shortened).toBeGreaterThan(30);
  });

  it("finds the tail by its link when none is named", () => {
    const fitted = fitToChannel("discord", { body: `${"Long story. ".repeat(400)}\n\nTry it: https://example.com/start` });
    expect(fitted.body.endsWith("Try it: https://example.com/start")).toBe(true);
  });
});

describe("Product Hunt limits", () => {
  it("hold the tagline to 60 and the description to 260 characters, offline and for a model's answer", async () => {
    const long = { ...sampleOnboarding, productDescription: "A very long description. ".repeat(40) };
    const input = pipelineInput(project(long, "en"), [], "launch-assets", now);
    const offline = (
      await runAgent("launch-assets", {
        ...input,
        decisions: { tagline: "A tagline that is much too long to ever fit the sixty character limit of Product Hunt" },
      })
    ).output as LaunchAssets;
    const listing = offline.productHunt!;
    expect(listing.tagline.length).toBeLessThanOrEqual(productHuntLimits.tagline);
    expect(listing.description.length).toBeLessThanOrEqual(productHuntLimits.description);
    const model = launchAssets.normalize!(
      { ...offline, productHunt: { ...listing, tagline: "t".repeat(61), description: "Word ".repeat(100) } },
      input,
    );
    expect(model.productHunt!.tagline.length).toBeLessThanOrEqual(60);
    expect(model.productHunt!.description.length).toBeLessThanOrEqual(260);
  });

  it("launch posts are threads as parts and video scripts as separate fields; channels are only the project's", async () => {
    const input = pipelineInput(project(benchFounders[2]!.onboarding, "en"), [], "launch-assets", now);
    const output = (await runAgent("launch-assets", input)).output as LaunchAssets;
    const tiktok = output.channelPosts.find((post) => post.channel === "tiktok")!;
    expect(tiktok.script).toMatchObject({
      hook: expect.any(String),
      onScreenText: expect.any(String),
      voiceOver: expect.any(String),
      caption: expect.stringContaining("https://plantpal.app"),
    });
    expect(output.channelPosts.every((post) => post.parts.length >= 1)).toBe(true);
    const schema = launchAssets.schemaFor!(input);
    expect(schema.safeParse({ ...output, channelPosts: [{ ...output.channelPosts[0]!, channel: "reddit" }] }).success).toBe(
      false,
    );
    expect(schema.safeParse(output).success).toBe(true);
  });
});

describe("prompts", () => {
  it("every task puts the shared rules first, the founder brief next and the step's task last, in the project's language", () => {
    const input = pipelineInput(project(berlinBakery.onboarding, "de"), [], "market-strategist", now);
    const prompts = (["market-strategist", "brand-architect", "launch-strategist", "website-copy", "launch-assets"] as const).map(
      (type) => tasks[type]!.prompt({ ...input } as never),
    );
    for (const prompt of prompts) {
      expect(prompt.system).toBe(prompts[0]!.system);
      expect(prompt.system).toContain("German (de)");
      expect(prompt.context.startsWith("## Founder brief")).toBe(true);
      expect(prompt.task).toContain("## Task");
    }
    expect(prompts[2]!.task).toContain("Today is 2026-11-23");
    expect(prompts[0]!.system).not.toContain("English.");
    const writer = growthWriter.prompt({
      projectName: "Brotzeit",
      language: "de",
      onboarding: berlinBakery.onboarding,
      decisions: {},
      playbook: {},
      weekNumber: 1,
      item: { channel: "instagram", title: "t", angle: "a", keyMessage: "k", cta: null, notes: null, position: 0 },
      feedback: null,
      previousDrafts: 0,
      previousBody: null,
    });
    for (const fact of ["brotzeit-kreuzberg.de", "Brot-Abo", "Großbäckerei", "Ich würde sofort ein Abo nehmen"])
      expect(writer.context).toContain(fact);
    expect(Object.keys(tasks)).toHaveLength(8);
  });
});
