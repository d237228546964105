import { wordsFor } from "@/lib/i18n/phrasebook";
import { clause, sentence } from "@/lib/i18n/text";
import type { AgentInput } from "@/lib/schemas/agent-inputs";
import type { MarketStrategy } from "@/lib/schemas/agent-outputs";
import { factsOf } from "./facts";
import { finish } from "./finish";

/** The offline draft of the MarketStrategy step, from the founder's own answers. */
export function offlineMarketStrategy(input: AgentInput): MarketStrategy {
  const w = wordsFor(input.language);
  const f = factsOf(input.onboarding, input.decisions, input.language);
  const audience = f.audience ?? w.fill("need.audience");
  const quote = f.quote ? w.t("market.words", { quote: f.quote }) : w.fill("need.quote");
  // Named after the description's first sentence (no audience type given), a profile takes its head, so the description does not say its name again.
  const named = sentence(audience).replace(/\.$/, "");
  const fromDescription = f.audienceDescription?.startsWith(named) ?? false;
  const name = fromDescription ? named.split(/,\s/)[0]! : named;
  // A description that only says the name again ("Sailors" / "Sailors.") tells the founder nothing: they are asked for one.
  const describes =
    Boolean(f.audienceDescription) && f.audienceDescription!.replace(/\.$/, "").toLowerCase() !== name.toLowerCase();
  const profiles: MarketStrategy["idealCustomerProfiles"] = [
    {
      name,
      description: describes ? f.audienceDescription! : w.fill("need.audienceDescription"),
      painPoints: [f.problem, f.quote ? w.t("quoted", { quote: f.quote }) : w.fill("need.quote")],
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
    { name: w.t("market.pos2"), statement: w.labelled(f.brand, outcome), whyItWorks: w.t("market.pos2Why") },
    {
      name: w.t("market.pos3"),
      statement: w.labelled(f.brand, f.edge ?? w.fill("need.edge")),
      whyItWorks: w.t("market.pos3Why"),
    },
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
}
