import { z } from "zod";
import type { Agent } from "./types";
import { answersOr, audienceOf, bullets, clause, clean, featuresOf, joinList, productSentence, sentence } from "./words";

export const marketStrategySchema = z.object({
  marketSummary: z.string().describe("Two or three paragraphs: the problem, who has it, why now"),
  audienceAnalysis: z.string().describe("What the audience wants, fears and already tries"),
  idealCustomerProfiles: z
    .array(
      z.object({
        name: z.string().describe("A short, memorable label for the profile"),
        description: z.string(),
        painPoints: z.array(z.string()),
        whereTheyAre: z.array(z.string()).describe("Places and channels where they can be reached"),
        buyingTriggers: z.array(z.string()).describe("Moments that make them look for a solution"),
      }),
    )
    .describe("Two or three ideal customer profiles"),
  competitorAngles: z
    .array(z.object({ alternative: z.string(), theirAngle: z.string(), ourOpening: z.string() }))
    .describe("What people use today and where this product wins"),
  positioningOptions: z
    .array(z.object({ name: z.string(), statement: z.string(), whyItWorks: z.string() }))
    .describe("Three distinct positioning options for the founder to choose from"),
  valuePropositions: z.array(z.object({ angle: z.string(), statement: z.string() })).describe("Three value propositions"),
  risks: z.array(z.string()).describe("Market risks and open questions to validate"),
});
export type MarketStrategy = z.infer<typeof marketStrategySchema>;

export const marketStrategist: Agent<MarketStrategy> = {
  type: "market-strategist",
  title: "Market strategy",
  schema: marketStrategySchema,
  instructions:
    "You are a senior market strategist for early-stage founders. Ground every claim in the founder's answers; " +
    "where you infer, say so. Be specific (who, where, when), never generic. Write plain, confident English.",
  task: () =>
    "Analyse the market for this product: summary, audience analysis, two or three ideal customer profiles, competitor angles, " +
    "three positioning options, three value propositions, and the risks to validate.",
  offline: ({ onboarding: o }) => {
    const audience = audienceOf(o);
    const business = clean(o.businessName);
    const problem = clause(o.problemSolved);
    const features = featuresOf(o);
    const platforms = answersOr(o.audiencePlatforms, ["communities where they ask peers for advice", "search"]);
    const strongestFeature = clause(features[0]?.what) || clause(o.productDescription, [business]);
    const edge = clean(o.whyChooseYou) || "Built with them, for this one job.";
    const generations = answersOr(o.audienceGenerations, []);

    const profiles = [
      {
        name: `${sentence(audience).replace(/\.$/, "")} who feel it every week`,
        description: sentence(o.audienceDescription) || sentence(`${audience} who know this problem well: ${problem}`),
        painPoints: [sentence(o.problemSolved), ...answersOr(o.audienceFeedback ? [o.audienceFeedback] : [], [])].filter(Boolean),
        whereTheyAre: platforms,
        buyingTriggers: [
          "The week the problem bites again: a late payment, a lost evening, a missed deadline.",
          "A peer shows them how they stopped dealing with it by hand.",
        ],
      },
      {
        name: `The early adopter looking for an edge`,
        description: sentence(
          `${generations.length ? joinList(generations) + " " : ""}${audience} who try new tools early and share what works`,
        ),
        painPoints: [sentence(`Current tools feel heavy or generic for ${audience}`)],
        whereTheyAre: platforms.slice(0, 3),
        buyingTriggers: [sentence(`Seeing ${strongestFeature} solve the problem in minutes`)],
      },
    ];

    const alternatives = [
      { alternative: "Doing it by hand", theirAngle: "Free and familiar", ourOpening: sentence(`${business} does the repeated work: ${clause(features[0]?.benefit) || clause(o.productDescription, [business])}`) },
      { alternative: "General-purpose tools", theirAngle: "Do a bit of everything", ourOpening: sentence(`${business} is made for ${audience}, not for everyone`) },
      { alternative: "Hiring help", theirAngle: "Someone else handles it", ourOpening: sentence(`${business} costs less and works whenever ${audience} need it`) },
    ];

    const positioning = [
      { name: "The specialist", statement: `${sentence(`For ${audience}, ${business} is the specialist answer to one problem: ${problem}`)} ${sentence(edge)}`, whyItWorks: "Owning one painful problem is easier to remember than a list of features." },
      { name: "The time saver", statement: sentence(`${business} gives ${audience} back the time this problem takes from them every week`), whyItWorks: "Time is the cost every profile mentions; it makes the value concrete." },
      { name: "The calm choice", statement: sentence(`With ${business}, ${audience} stop thinking about it: ${clause(features[0]?.benefit) || clause(o.productDescription, [business])}`), whyItWorks: "Peace of mind sells well to people who are tired of the problem." },
    ];

    const valuePropositions = [
      { angle: "Outcome", statement: sentence(features[0]?.benefit || o.productDescription) },
      { angle: "Ease", statement: sentence(`${features[1]?.what || "It works"} without a learning curve`) },
      { angle: "Fit", statement: sentence(`Built for ${audience}${o.whyItMatters ? `: ${clause(o.whyItMatters)}` : ", around their real workflow"}`) },
    ];

    return {
      marketSummary: [
        productSentence(o, business),
        sentence(`It exists because ${problem}`) + (o.whyItMatters ? ` ${sentence(o.whyItMatters)}` : ""),
        sentence(
          `The first market is ${audience}${o.geographicFocus ? ` in ${clean(o.geographicFocus)}` : ""}, reachable through ${joinList(platforms.slice(0, 3))}`,
        ),
      ].join("\n\n"),
      audienceAnalysis: [
        sentence(o.audienceDescription) || sentence(`${audience} live with this problem: ${problem}`),
        o.audienceFeedback ? `What they said: "${clean(o.audienceFeedback)}"` : "",
        o.talkedToAudience ? sentence(`Research so far: ${clause(o.talkedToAudience)}`) : "Next step: talk to five people from this audience before the launch and note the words they use.",
      ]
        .filter(Boolean)
        .join("\n\n"),
      idealCustomerProfiles: profiles,
      competitorAngles: alternatives,
      positioningOptions: positioning,
      valuePropositions,
      risks: [
        sentence(`Whether ${audience} feel the problem (${problem}) is urgent enough to switch`),
        o.revenueModel ? sentence(`Whether the pricing (${clause(o.revenueModel)}) matches how they like to pay`) : "Which pricing model they expect.",
        "Which channel brings the first ten customers fastest: test two, keep one.",
      ],
    };
  },
  toContent: (output) => [
    { kind: "market-summary", title: "Market summary", body: `${output.marketSummary}\n\n## Audience\n\n${output.audienceAnalysis}` },
    {
      kind: "ideal-customer-profiles",
      title: "Ideal customer profiles",
      body: output.idealCustomerProfiles
        .map(
          (profile) =>
            `## ${profile.name}\n\n${profile.description}\n\n**Pain points**\n${bullets(profile.painPoints)}\n\n**Where they are**\n${bullets(profile.whereTheyAre)}\n\n**Buying triggers**\n${bullets(profile.buyingTriggers)}`,
        )
        .join("\n\n"),
    },
    {
      kind: "competitor-angles",
      title: "Competitor angles",
      body: output.competitorAngles.map((angle) => `## ${angle.alternative}\n\n- Their angle: ${angle.theirAngle}\n- Our opening: ${angle.ourOpening}`).join("\n\n"),
    },
    {
      kind: "positioning-options",
      title: "Positioning options",
      body: output.positioningOptions.map((option) => `## ${option.name}\n\n> ${option.statement}\n\n${option.whyItWorks}`).join("\n\n"),
    },
    {
      kind: "value-propositions",
      title: "Value propositions",
      body: `${output.valuePropositions.map((value) => `- **${value.angle}:** ${value.statement}`).join("\n")}\n\n## Risks to validate\n\n${bullets(output.risks)}`,
    },
  ],
};
