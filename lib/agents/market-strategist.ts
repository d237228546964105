import { wordsFor } from "@/lib/i18n/phrasebook";
import { type MarketStrategy, marketStrategySchema } from "@/lib/schemas/agent-outputs";
import { finish } from "./offline";
import { pipelinePrompt } from "./prompt";
import type { Agent } from "./types";
import { bullets, clause, factsOf, sentence } from "./words";

export const marketStrategist: Agent<MarketStrategy> = {
  type: "market-strategist",
  name: "market_strategist",
  title: "Market strategy",
  useCase: "strategy",
  schema: marketStrategySchema,
  prompt: (input) =>
    pipelinePrompt(
      input,
      "Act as a senior market strategist for early-stage founders. Ground every claim in the brief; where you infer, say so. Be specific (who, where, when), never generic.",
      "Analyse the market: summary, audience analysis, one to three ideal customer profiles, competitor angles (only alternatives the brief names), three positioning options, three value propositions, and the risks to validate.",
    ),
  offline: (input) => {
    const w = wordsFor(input.language);
    const f = factsOf(input.onboarding, input.decisions);
    const audience = f.audience ?? w.fill("need.audience");
    const quote = f.quote ? w.t("market.words", { quote: f.quote }) : w.fill("need.quote");
    const profiles: MarketStrategy["idealCustomerProfiles"] = [
      {
        name: sentence(audience).replace(/\.$/, ""),
        description: f.audienceDescription ?? w.fill("need.audienceDescription"),
        painPoints: [f.problem, f.quote ? `"${f.quote}"` : w.fill("need.quote")],
        whereTheyAre: f.platforms.length ? f.platforms : [w.fill("need.platforms")],
        buyingTriggers: [
          w.t("market.trigger", { problem: clause(f.problem, [f.brand], w.lowerClauses) }),
          w.fill("need.trigger"),
        ].filter(Boolean),
      },
    ];
    // More profiles only where the founder named who a feature is for.
    const byWho = [
      ...new Map(
        f.features
          .filter((feature) => feature.who && feature.who !== f.audience)
          .map((feature) => [feature.who.toLowerCase(), feature]),
      ).values(),
    ];
    for (const feature of byWho.slice(0, 2)) {
      profiles.push({
        name: sentence(feature.who).replace(/\.$/, ""),
        description: w.t("market.needs", { need: clause(feature.what, [f.brand], w.lowerClauses) }) || sentence(feature.what),
        painPoints: [f.problem],
        whereTheyAre: f.platforms.length ? f.platforms : [w.fill("need.platforms")],
        buyingTriggers: [feature.benefit ? sentence(feature.benefit) : w.fill("need.trigger")],
      });
    }
    const outcome = f.features[0]?.benefit ? sentence(f.features[0].benefit) : (f.why ?? w.fill("need.outcome"));
    const positioningOptions = [
      {
        name: w.t("market.pos1"),
        statement: w.t("market.for", { audience: f.audience, text: f.product }) || f.product,
        whyItWorks: w.t("market.pos1Why"),
      },
      { name: w.t("market.pos2"), statement: `${f.brand}: ${outcome}`, whyItWorks: w.t("market.pos2Why") },
      { name: w.t("market.pos3"), statement: `${f.brand}: ${f.edge ?? w.fill("need.edge")}`, whyItWorks: w.t("market.pos3Why") },
    ];
    const valuePropositions = f.features.length
      ? f.features
          .slice(0, 3)
          .map((feature) => ({ angle: feature.what, statement: sentence(feature.benefit) || sentence(feature.what) }))
      : [
          { angle: w.t("section.outcome"), statement: f.product },
          { angle: w.t("section.why", { brand: f.brand }), statement: f.edge ?? w.fill("need.edge") },
        ];
    return finish(input, {
      marketSummary: [
        f.productFull,
        [w.t("market.problem", { problem: f.problem }), f.why ? w.t("market.why", { why: f.why }) : ""].filter(Boolean).join(" "),
        [
          w.t("market.first", { audience: sentence(audience) }),
          f.geo ? w.t("market.geo", { geo: sentence(f.geo) }) : "",
          f.platforms.length ? w.t("market.where", { platforms: sentence(w.list(f.platforms)) }) : "",
        ]
          .filter(Boolean)
          .join(" "),
      ]
        .filter(Boolean)
        .join("\n\n"),
      audienceAnalysis: [
        f.audienceDescription ?? w.fill("need.audienceDescription"),
        quote,
        f.research ? w.t("market.research", { research: f.research }) : w.t("market.nextResearch"),
      ]
        .filter(Boolean)
        .join("\n\n"),
      idealCustomerProfiles: profiles,
      competitorAngles: [
        {
          alternative: w.fill("need.alternative"),
          theirAngle: w.fill("need.alternativeAngle"),
          ourOpening: f.edge ?? w.fill("need.edge"),
        },
      ],
      positioningOptions,
      valuePropositions,
      risks: [
        w.t("market.riskUrgency", { audience: f.audience ? clause(f.audience, [f.brand], w.lowerClauses) : null }) ||
          w.t("market.riskChannel"),
        f.price ? w.t("market.riskPrice", { price: f.price }) : w.t("market.riskPriceUnknown"),
        w.t("market.riskChannel"),
      ].filter((risk, index, all) => risk && all.indexOf(risk) === index),
    });
  },
  toContent: (output, input) => {
    const w = wordsFor(input.language);
    return [
      {
        kind: "market-summary",
        title: w.t("title.market-summary"),
        body: `${output.marketSummary}\n\n## ${w.t("title.audience")}\n\n${output.audienceAnalysis}`,
      },
      {
        kind: "ideal-customer-profiles",
        title: w.t("title.ideal-customer-profiles"),
        body: output.idealCustomerProfiles
          .map(
            (profile) =>
              `## ${profile.name}\n\n${profile.description}\n\n**${w.t("title.painPoints")}**\n${bullets(profile.painPoints)}\n\n**${w.t("title.whereTheyAre")}**\n${bullets(profile.whereTheyAre)}\n\n**${w.t("title.buyingTriggers")}**\n${bullets(profile.buyingTriggers)}`,
          )
          .join("\n\n"),
      },
      {
        kind: "competitor-angles",
        title: w.t("title.competitor-angles"),
        body: output.competitorAngles
          .map(
            (angle) =>
              `## ${angle.alternative}\n\n- ${w.t("title.theirAngle")}: ${angle.theirAngle}\n- ${w.t("title.ourOpening")}: ${angle.ourOpening}`,
          )
          .join("\n\n"),
      },
      {
        kind: "positioning-options",
        title: w.t("title.positioning-options"),
        body: output.positioningOptions
          .map((option) => `## ${option.name}\n\n> ${option.statement}\n\n${option.whyItWorks}`)
          .join("\n\n"),
      },
      {
        kind: "value-propositions",
        title: w.t("title.value-propositions"),
        body: `${output.valuePropositions.map((value) => `- **${value.angle}:** ${value.statement}`).join("\n")}\n\n## ${w.t("title.risks")}\n\n${bullets(output.risks)}`,
      },
    ];
  },
};
