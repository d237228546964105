import type { PhraseKey } from "@/lib/i18n/en";
import { wordsFor } from "@/lib/i18n/phrasebook";
import { clause, clean, sentence } from "@/lib/i18n/text";
import type { AgentInput } from "@/lib/schemas/agent-inputs";
import type { BrandSystem } from "@/lib/schemas/agent-outputs";
import { factsOf, pick } from "./facts";
import { finish } from "./finish";

// Each palette in the order of `roles`: text, primary, highlight, accent, background.
const palettes = [
  { mood: "calm", colors: ["#1F2A44", "#3B6EF5", "#E8EEFF", "#F5A524", "#FAFAF7"] },
  { mood: "bold", colors: ["#14121F", "#6D4AFF", "#F1EEFF", "#FF6B5B", "#FFFFFF"] },
  { mood: "friendly", colors: ["#1E3B33", "#2FB67C", "#E3F6EC", "#FFD166", "#FFF8EC"] },
  { mood: "premium", colors: ["#1B1B1F", "#5B6472", "#E9E4DA", "#B48A4A", "#FBF9F4"] },
] as const;

// Tone words in the five drafting languages that point to a mood.
function paletteFor(tone: string[], seed: string) {
  const words = tone.join(" ").toLowerCase();
  if (/bold|playful|energetic|fun|loud|mutig|verspielt|audac|ludique|atrevid|divertid|ousad/.test(words)) return palettes[1];
  if (/friendly|warm|human|approachable|kind|freundlich|herzlich|warm|chaleureu|amical|cálid|amable|amig|acolhed/.test(words))
    return palettes[2];
  if (/premium|luxur|elegant|expert|serious|edel|hochwertig|élégant|sérieu|elegante|seri/.test(words)) return palettes[3];
  if (/calm|clear|trust|simple|honest|ruhig|klar|ehrlich|calme|clair|honnête|tranquil|claro|honest/.test(words))
    return palettes[0];
  return pick([...palettes], seed);
}

const roles = ["text", "primary", "highlight", "accent", "background"] as const;

/** Under ten words: a founder's sentence as a tagline, or nothing if it is longer. */
const asTagline = (text: string | null | undefined) => {
  const trimmed = clean(text).replace(/[.!]+$/, "");
  return trimmed && trimmed.split(/\s+/).length <= 10 ? sentence(trimmed) : "";
};

/** The offline draft of the BrandSystem step, from the founder's own answers. */
export function offlineBrandSystem(input: AgentInput): BrandSystem {
  const { decisions, approved } = input;
  const w = wordsFor(input.language);
  const f = factsOf(input.onboarding, decisions, input.language);
  const positioning = decisions.positioning?.statement ?? approved["market-strategist"]?.positioningOptions[0]?.statement;
  const root = f.brand.split(/\s+/)[0]!.replace(/[^\p{L}\p{N}]/gu, "") || f.brand;
  const palette = paletteFor(f.tone, f.brand);
  const taglines = [
    clean(decisions.tagline),
    ...f.features.map((feature) => asTagline(feature.benefit)),
    asTagline(f.why),
    asTagline(f.product),
  ].filter((line, index, all) => line && all.indexOf(line) === index);

  return finish(input, {
    brandNameOptions: [
      { name: f.brand, rationale: w.t("brand.keep") },
      ...(root.length <= 16 ? [{ name: `Get${root}`, rationale: w.t("brand.domain") }] : []),
    ],
    taglineOptions: taglines.length ? taglines.slice(0, 5) : [w.fill("need.tagline")],
    voice: {
      description: [
        f.tone.length ? w.t("brand.voice", { brand: f.brand, tone: w.list(f.tone.slice(0, 3)) }) : w.fill("need.tone"),
        w.t("brand.voicePeer", { audience: f.audience ? clause(f.audience, [f.brand], w.lowerClauses) : null }),
      ]
        .filter(Boolean)
        .join(" "),
      traits: f.tone.length ? f.tone.slice(0, 5) : [w.fill("need.tone")],
      do: [
        w.t("brand.do1"),
        w.t("brand.do2"),
        w.t("brand.do3"),
        positioning ? w.t("brand.doPositioning", { positioning: sentence(positioning) }) : "",
      ].filter(Boolean),
      dont: [
        ...f.avoidTone.map((word) => w.t("brand.dontSound", { word: clause(word, [], w.lowerClauses) })),
        w.t("brand.dontPromise"),
        f.avoidTopics ? w.t("brand.dontTopic", { topic: sentence(f.avoidTopics) }) : "",
      ].filter(Boolean),
    },
    palette: palette.colors.map((hex, index) => ({
      name: w.t(`color.${roles[index]}` as PhraseKey) || hex,
      hex,
      use: w.t(`color.${roles[index]}Use` as PhraseKey),
    })),
    paletteRationale: decisions.colorPalette
      ? w.t("brand.paletteChosen", { choice: clean(decisions.colorPalette) })
      : w.t("brand.palette", { mood: w.t(`mood.${palette.mood}` as PhraseKey), tone: w.list(f.tone.slice(0, 2)) }) ||
        w.t("brand.palette", {
          mood: w.t(`mood.${palette.mood}` as PhraseKey),
          tone: w.t(`mood.${palette.mood}` as PhraseKey),
        }),
    messagingPillars: [
      {
        pillar: w.t("section.problem") || "1",
        proofPoints: [f.problem, f.quote ? w.t("quoted", { quote: f.quote }) : w.fill("need.quote")],
      },
      {
        pillar: w.t("section.outcome") || "2",
        proofPoints: f.features.length ? f.features.map((feature) => sentence(feature.benefit || feature.what)) : [f.product],
      },
      {
        pillar: w.t("section.why", { brand: f.brand }) || f.brand,
        proofPoints: [f.edge ?? w.fill("need.edge"), f.story[0] ?? ""].filter(Boolean),
      },
    ],
  });
}
