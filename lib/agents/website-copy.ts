import { z } from "zod";
import type { Agent } from "./types";
import { audienceOf, clause, clean, featuresOf, firstSentence, primaryAction, productSentence, sentence } from "./words";

export const websiteCopySchema = z.object({
  home: z.object({
    headline: z.string().describe("Under ten words, the outcome for the audience"),
    subheadline: z.string(),
    primaryCta: z.string().describe("Button text, two to four words"),
    sections: z.array(z.object({ heading: z.string(), body: z.string() })).describe("Problem, how it works, features, proof, final call to action"),
  }),
  about: z.object({ headline: z.string(), body: z.string().describe("The founder's story and why the product exists") }),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).describe("Five to eight questions customers really ask"),
});
export type WebsiteCopy = z.infer<typeof websiteCopySchema>;

export const websiteCopy: Agent<WebsiteCopy> = {
  type: "website-copy",
  title: "Website copy",
  schema: websiteCopySchema,
  instructions:
    "You are a conversion copywriter. Write website copy in the approved brand voice, on the chosen positioning, for the " +
    "ideal customer profiles from the market strategy. Specific beats clever; every section earns the next.",
  task: () => "Write the home page (headline, subheadline, call to action, sections), the about page and the FAQ.",
  offline: ({ onboarding: o, decisions, approved }) => {
    const brand = clean(decisions.brandName) || clean(o.businessName);
    const audience = audienceOf(o);
    const problem = clause(o.problemSolved);
    const features = featuresOf(o);
    const action = primaryAction(o);
    const tagline = decisions.tagline ?? approved["brand-architect"]?.taglineOptions[0];
    const value = decisions.valueProposition?.statement ?? approved["market-strategist"]?.valuePropositions[0]?.statement;
    return {
      home: {
        headline: clean(tagline) || sentence(features[0]?.benefit || o.productDescription),
        subheadline: `${clean(value) && clean(value) !== clean(tagline) ? sentence(value) : productSentence(o, brand)} ${sentence(`Made for ${audience}`)}`,
        primaryCta: clean(action).split(/\s+/).slice(0, 4).join(" "),
        sections: [
          { heading: "The problem", body: `${sentence(o.problemSolved)} ${sentence(o.whyItMatters)}`.trim() },
          { heading: `How ${brand} works`, body: sentence(o.productDescription) },
          ...features.map((feature) => ({
            heading: sentence(feature.what).replace(/\.$/, ""),
            body: [feature.benefit && sentence(feature.benefit), feature.who && sentence(`Made for ${clause(feature.who)}`)].filter(Boolean).join(" ") || sentence(feature.what),
          })),
          o.whyChooseYou ? { heading: `Why ${brand}`, body: sentence(o.whyChooseYou) } : undefined,
          { heading: "Ready when you are", body: `It takes two minutes to see it work on your own ${clause(features[0]?.what) ? "data" : "account"}. **${clean(action)} →**` },
        ].filter((section): section is { heading: string; body: string } => Boolean(section)),
      },
      about: {
        headline: `Why we built ${brand}`,
        body: o.founderStory
          ? `${clean(o.founderStory)}\n\n${sentence(`Today ${brand} exists so that ${audience} don't have to live with this any more: ${problem}`)}`
          : `${sentence(`We built ${brand} because ${problem}`)} ${sentence(o.whyItMatters)}\n\n${sentence(`We work closely with ${audience}: tell us what you need and we will build it`)}`,
      },
      faq: [
        { question: `What is ${brand}?`, answer: sentence(o.productDescription) },
        { question: `Who is ${brand} for?`, answer: sentence(o.audienceDescription) || sentence(`${audience}`) },
        { question: "How is it different from what I use today?", answer: sentence(o.whyChooseYou) || sentence(`It does one job well: ${clause(firstSentence(o.productDescription), [brand])}`) },
        { question: "How much does it cost?", answer: o.revenueModel ? sentence(`${clean(o.revenueModel)}; see the pricing page for details`) : "See the pricing page; you can start for free." },
        { question: "How do I get started?", answer: sentence(`${clean(action)}: it takes a couple of minutes`) },
      ],
    };
  },
  toContent: (output) => [
    {
      kind: "homepage",
      title: "Home page",
      body: `# ${output.home.headline}\n\n${output.home.subheadline}\n\n**[${output.home.primaryCta}]**\n\n${output.home.sections.map((section) => `## ${section.heading}\n\n${section.body}`).join("\n\n")}`,
    },
    { kind: "about", title: "About page", body: `# ${output.about.headline}\n\n${output.about.body}` },
    { kind: "faq", title: "FAQ", body: output.faq.map((entry) => `## ${entry.question}\n\n${entry.answer}`).join("\n\n") },
  ],
};
