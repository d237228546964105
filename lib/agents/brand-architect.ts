import { z } from "zod";
import type { Agent } from "./types";
import { answersOr, audienceOf, bullets, clause, clean, featuresOf, pick, sentence, toneOf } from "./words";

export const brandSystemSchema = z.object({
  brandNameOptions: z.array(z.object({ name: z.string(), rationale: z.string() })).describe("Three name options, the current name first"),
  taglineOptions: z.array(z.string()).describe("Three to five taglines, each under ten words"),
  voice: z.object({
    description: z.string().describe("How the brand sounds, in two sentences"),
    traits: z.array(z.string()),
    do: z.array(z.string()).describe("Concrete writing rules to follow"),
    dont: z.array(z.string()).describe("Concrete writing rules to avoid"),
  }),
  palette: z
    .array(z.object({ name: z.string(), hex: z.string().describe("#RRGGBB"), use: z.string() }))
    .describe("Four or five colors with their roles"),
  paletteRationale: z.string(),
  messagingPillars: z.array(z.object({ pillar: z.string(), proofPoints: z.array(z.string()) })).describe("Three messaging pillars"),
});
export type BrandSystem = z.infer<typeof brandSystemSchema>;

// Each palette in the order of `roles`: text, primary, highlight, accent, background.
const palettes = [
  { mood: "calm", colors: [["Deep ink", "#1F2A44"], ["Calm blue", "#3B6EF5"], ["Soft sky", "#E8EEFF"], ["Warm accent", "#F5A524"], ["Paper", "#FAFAF7"]] },
  { mood: "bold", colors: [["Night", "#14121F"], ["Electric violet", "#6D4AFF"], ["Mist", "#F1EEFF"], ["Signal coral", "#FF6B5B"], ["White", "#FFFFFF"]] },
  { mood: "friendly", colors: [["Forest", "#1E3B33"], ["Fresh green", "#2FB67C"], ["Mint", "#E3F6EC"], ["Sunny", "#FFD166"], ["Cream", "#FFF8EC"]] },
  { mood: "premium", colors: [["Graphite", "#1B1B1F"], ["Slate", "#5B6472"], ["Stone", "#E9E4DA"], ["Brass", "#B48A4A"], ["Ivory", "#FBF9F4"]] },
] as const;

function paletteFor(tone: string[], seed: string) {
  const words = tone.join(" ").toLowerCase();
  if (/bold|playful|energetic|fun|loud/.test(words)) return palettes[1];
  if (/friendly|warm|human|approachable|kind/.test(words)) return palettes[2];
  if (/premium|luxur|elegant|expert|serious/.test(words)) return palettes[3];
  if (/calm|clear|trust|simple|honest/.test(words)) return palettes[0];
  return pick([...palettes], seed);
}

const roles = ["Text and headings", "Primary actions and links", "Highlighted sections", "Accents and badges", "Page background"];

export const brandArchitect: Agent<BrandSystem> = {
  type: "brand-architect",
  title: "Brand system",
  schema: brandSystemSchema,
  instructions:
    "You are a brand strategist. Build a brand the founder can use tomorrow: names that are short and ownable, taglines a " +
    "customer would repeat, a voice with concrete rules, an accessible palette with roles. Follow decisions the founder already made.",
  task: () => "Propose brand name options, taglines, the voice (traits, do and don't), a color palette with roles, and three messaging pillars.",
  offline: ({ onboarding: o, decisions, approved }) => {
    const business = clean(decisions.brandName) || clean(o.businessName);
    const audience = audienceOf(o);
    const problem = clause(o.problemSolved);
    const tone = toneOf(o);
    const avoid = answersOr(o.avoidToneWords, ["hype", "jargon"]);
    const features = featuresOf(o);
    const positioning = decisions.positioning?.statement ?? approved["market-strategist"]?.positioningOptions[0]?.statement;
    const root = business.split(/\s+/)[0]!.replace(/[^\p{L}\p{N}]/gu, "") || business;
    const palette = paletteFor(tone, business);

    return {
      brandNameOptions: [
        { name: business, rationale: "The name you chose: keep it if customers can spell it after hearing it once." },
        { name: `${root} HQ`, rationale: "Signals a home base for the job; easy to claim as a handle." },
        { name: `Get${root}`, rationale: "A common pattern for the domain and social handles when the plain name is taken." },
      ],
      taglineOptions: [
        decisions.tagline ?? sentence(features[0]?.benefit || "Less busywork, more of your week back"),
        sentence(features[1]?.benefit || `The ${tone[0] ?? "simple"} way to get it done`),
        sentence(`Made for ${audience}`),
        "Less busywork, more of your week back.",
      ],
      voice: {
        description: `${business} sounds ${tone.slice(0, 3).join(", ")}. It talks to ${audience} like a peer who has solved the problem, never like a salesperson.`,
        traits: tone.slice(0, 5),
        do: [
          "Lead with the customer's problem, then the outcome, then the feature.",
          "Use the words the audience uses about their problem.",
          "Keep sentences short; one idea per paragraph.",
          positioning ? `Stay on the positioning: ${clause(positioning, [business])}.` : "Name the specific audience in headlines.",
        ],
        dont: [...avoid.map((word) => sentence(`Don't sound ${clause(word)}`)), "Don't promise what the product does not do yet.", o.avoidTopics ? sentence(`Avoid: ${clause(o.avoidTopics)}`) : ""].filter(Boolean),
      },
      palette: palette.colors.map(([name, hex], index) => ({ name, hex, use: roles[index]! })),
      paletteRationale: decisions.colorPalette
        ? `Built around your choice (${clean(decisions.colorPalette)}), with neutral text and background colors for legibility.`
        : `A ${palette.mood} palette to match a ${tone.slice(0, 2).join(" and ")} voice; text and background pass WCAG AA contrast.`,
      messagingPillars: [
        { pillar: "The problem we solve", proofPoints: [sentence(o.problemSolved), o.audienceFeedback ? `In their words: "${clean(o.audienceFeedback)}"` : "Quote a customer in their own words."] },
        { pillar: "The outcome", proofPoints: features.length ? features.map((f) => sentence(f.benefit || f.what)) : [sentence(o.productDescription)] },
        { pillar: "Why us", proofPoints: [sentence(o.whyChooseYou) || "Show how the product was built with its users.", o.founderStory ? sentence(clean(o.founderStory).split(/(?<=[.!?])\s/)[0]) : ""].filter(Boolean) },
      ],
    };
  },
  toContent: (output) => [
    { kind: "brand-names", title: "Brand name options", body: output.brandNameOptions.map((option) => `## ${option.name}\n\n${option.rationale}`).join("\n\n") },
    { kind: "taglines", title: "Tagline options", body: bullets(output.taglineOptions) },
    {
      kind: "voice",
      title: "Voice and tone guide",
      body: `${output.voice.description}\n\n**Traits:** ${output.voice.traits.join(", ")}\n\n## Do\n\n${bullets(output.voice.do)}\n\n## Don't\n\n${bullets(output.voice.dont)}`,
    },
    {
      kind: "palette",
      title: "Color palette",
      body: `| Color | Hex | Use |\n|---|---|---|\n${output.palette.map((color) => `| ${color.name} | ${color.hex} | ${color.use} |`).join("\n")}\n\n${output.paletteRationale}`,
    },
    {
      kind: "messaging-pillars",
      title: "Messaging pillars",
      body: output.messagingPillars.map((pillar) => `## ${pillar.pillar}\n\n${bullets(pillar.proofPoints)}`).join("\n\n"),
    },
  ],
};
