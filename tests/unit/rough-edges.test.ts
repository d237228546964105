import { describe, expect, it } from "vitest";
import { pipelineInput } from "@/lib/agents/inputs";
import { runAgent } from "@/lib/agents/run";
import { factsOf } from "@/lib/ai/offline";
import { launchesOnProductHunt } from "@/lib/channels";
import type { AgentType, Onboarding } from "@/lib/schemas/project";
import { sampleOnboarding } from "../support/founder";
import { berlinBakery, leipzigRefill, terseDevtool } from "../support/founders";
import { doubledQuotes, doubledWords, hashtagsIn, labelRepeats, misfitPieces, strayHashtags } from "../support/rough-edges";

const now = new Date("2026-11-23T09:00:00Z");

describe("the rough-edge detectors", () => {
  it("find a word said twice in a row, across a label's colon and markup, not across sentences", () => {
    expect(doubledWords("Ziel: 300 Abonnent:innen bis Ende Juni, bis: bis Ende Juni")).toEqual(["bis: bis"]);
    expect(doubledWords("It is the the best")).toEqual(["the the"]);
    expect(doubledWords("**Ziel:** Ziel erreicht")).toEqual(["Ziel:** Ziel"]);
    expect(doubledWords("300 Abonnent:innen bis Ende Juni. Juni ist gut.\nBrot\nBrot")).toEqual([]);
  });

  it("find a quotation wrapped twice, in every language's quotation marks", () => {
    expect(doubledQuotes("In ihren Worten: „„Endlich ein Laden.““")).toEqual(["„„", "““"]);
    expect(doubledQuotes('Someone told us: ""It works.""')).toEqual(['""', '""']);
    expect(doubledQuotes("Dans leurs mots : « « Enfin. » »")).toEqual(["« «", "» »"]);
    expect(doubledQuotes("Nas palavras deles: “„Enfim.“”")).toHaveLength(2);
    expect(doubledQuotes('In ihren Worten: „Endlich ein Laden.“ Someone said "yes".')).toEqual([]);
  });

  it("find a field label followed by the same words again", () => {
    expect(labelRepeats("Ziel: 300 Abonnent:innen bis Ende Juni, bis: bis Ende Juni")).toEqual(["bis: bis Ende Juni"]);
    expect(labelRepeats("Goal: 300 subscribers by end of June, by: end of June")).toEqual(["by: end of June"]);
    expect(labelRepeats("Ziel: 300 Abonnent:innen, bis: Ende Juni")).toEqual([]);
    expect(labelRepeats("Hook: Your books, done.\nCaption: Start a free trial: https://x.example")).toEqual([]);
  });

  it("find hashtags that are not from the product, the business or the post", () => {
    const sources = {
      brand: "Füllbar Leipzig",
      product: ["Ein Unverpackt-Laden mit Nachfüllstation für Putzmittel und Müsli."],
      post: "Endlich Müsli ohne Plastik. #FüllbarLeipzig #Müsli #Haushalte #Legen",
      answersLanguage: "de",
    };
    expect(strayHashtags(hashtagsIn(sources.post), sources)).toEqual(["#Haushalte", "#Legen"]);
    // A verb is no topic even when the post says it; in German a noun keeps its capital.
    expect(strayHashtags(["#Legen", "#Für"], { ...sources, post: "Wir legen Wert darauf." })).toEqual(["#Legen", "#Für"]);
    expect(strayHashtags(["#Unverpackt", "#Laden", "#Plastik"], sources)).toEqual([]);
    expect(hashtagsIn("| Text | #1F2A44 |\n## Heading\n#Brot #Kiez")).toEqual(["#Brot", "#Kiez"]);
  });

  it("find launch pack pieces for channels the business does not use", () => {
    const kinds = ["market-summary", "post-instagram", "post-x", "announcement-email", "product-hunt", "press-blurb"];
    expect(misfitPieces({ kinds, channels: ["instagram", "newsletter"], productHunt: false })).toEqual([
      "post-x",
      "product-hunt",
    ]);
    expect(misfitPieces({ kinds, channels: ["instagram", "x"], productHunt: true })).toEqual([]);
    const plan = "- Prepare the launch posts, the announcement email and the Product Hunt listing.";
    expect(misfitPieces({ kinds: [], channels: [], productHunt: false, text: plan })).toEqual([`mentioned: ${plan}`]);
    expect(misfitPieces({ kinds: [], channels: [], productHunt: true, text: plan })).toEqual([]);
  });
});

/** The founder: a German shop whose goal already names its timeline, whose quote comes in quotation marks. */
const refill = leipzigRefill.onboarding;
const run = (step: AgentType, onboarding: Onboarding, language = "de", feedback: string | null = null) =>
  runAgent(step, {
    ...pipelineInput({ name: "x", language, onboarding, decisions: {} }, [], step, now),
    feedback,
  });
const textOf = (content: { title: string; body: string }[]) => content.map((item) => `${item.title}\n${item.body}`).join("\n");

describe("the offline engine's words (issue #25's examples)", () => {
  it('says a goal\'s timeline once: never "Ziel: 300 Abonnent:innen bis Ende Juni, bis: bis Ende Juni"', async () => {
    for (const language of ["de", "en", "fr", "es", "pt"]) {
      const text = textOf((await run("launch-strategist", refill, language)).content);
      expect(text, language).toContain("300 Abonnent:innen bis Ende Juni");
      expect(doubledWords(text), language).toEqual([]);
      expect(labelRepeats(text), language).toEqual([]);
    }
    const later = textOf((await run("launch-strategist", { ...refill, successDefinition: ["300 Abonnent:innen"] })).content);
    expect(later).toContain("300 Abonnent:innen, bis: Ende Juni");
  });

  it("wraps a founder's quote once („„…““ never), whatever marks they typed", async () => {
    expect(factsOf(refill).quote).toBe("Endlich ein Laden, der meine eigenen Gläser füllt.");
    expect(factsOf({ ...refill, audienceFeedback: 'He said "no" twice' }).quote).toBe('He said "no" twice');
    for (const language of ["de", "en", "fr", "es", "pt"]) {
      const text = textOf((await run("market-strategist", refill, language)).content);
      expect(text, language).toContain("Endlich ein Laden, der meine eigenen Gläser füllt.");
      expect(doubledQuotes(text), language).toEqual([]);
    }
  });

  it("takes hashtags from the product, never from the audience's sentence (#Haushalte #Legen)", async () => {
    expect(factsOf(refill).topics).toEqual(["Unverpackt", "Laden"]);
    expect(factsOf(terseDevtool.onboarding).topics).toEqual(["schemas", "drift"]);
    const posts = textOf((await run("launch-assets", refill)).content);
    const tags = hashtagsIn(posts);
    expect(tags.length).toBeGreaterThan(0);
    expect(tags).not.toContain("#Haushalte");
    expect(tags).not.toContain("#Legen");
    expect(tags).not.toContain("#BuildInPublic");
  });

  it("gives a Berlin bakery on Instagram, a newsletter, Facebook groups and Threads no Product Hunt listing, unless it asks", async () => {
    const bakery = { ...berlinBakery.onboarding, enabledChannels: ["Instagram", "Newsletter", "Facebook-Gruppen", "Threads"] };
    const kinds = (await run("launch-assets", bakery)).content.map((item) => item.kind);
    expect(kinds).toEqual([
      "post-instagram",
      "post-newsletter",
      "post-facebook-group",
      "post-threads",
      "announcement-email",
      "press-blurb",
    ]);
    const plan = textOf((await run("launch-strategist", bakery)).content);
    expect(plan).toContain("Bereiten Sie die Startbeiträge und die Ankündigungs-E-Mail vor.");
    expect(plan).not.toMatch(/product[\s-]*hunt/i);
    const asked = await run("launch-assets", bakery, "de", "Bitte auch einen Eintrag für Product Hunt");
    expect(asked.content.map((item) => item.kind)).toContain("product-hunt");
    expect(launchesOnProductHunt({ ...bakery, audiencePlatforms: ["Product Hunt"] })).toBe(true);
  });

  it("keeps the Product Hunt listing for software: an app, a CLI, a product in beta or with a free trial", () => {
    expect(launchesOnProductHunt(terseDevtool.onboarding)).toBe(true);
    expect(launchesOnProductHunt(sampleOnboarding)).toBe(true);
    expect(launchesOnProductHunt({ productDescription: "Plantpal is a phone app that identifies your houseplants." })).toBe(true);
    expect(launchesOnProductHunt(berlinBakery.onboarding)).toBe(false);
    expect(launchesOnProductHunt(refill)).toBe(false);
  });
});
