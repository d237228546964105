import { wordsFor } from "@/lib/i18n/phrasebook";
import { bullets } from "@/lib/i18n/text";
import { type MarketStrategy, marketStrategySchema } from "@/lib/schemas/agent-outputs";
import { pipelinePrompt } from "./prompt";
import type { Agent } from "./types";

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
              `## ${angle.alternative}\n\n- ${w.label(w.t("title.theirAngle"))} ${angle.theirAngle}\n- ${w.label(w.t("title.ourOpening"))} ${angle.ourOpening}`,
          )
          .join("\n\n"),
      },
      {
        kind: "positioning-options",
        title: w.t("title.positioning-options"),
        body: output.positioningOptions
          // A worksheet has no names or reasons for its options: no empty heading, no empty paragraph.
          .map((option) =>
            [option.name && `## ${option.name}`, `> ${option.statement}`, option.whyItWorks].filter(Boolean).join("\n\n"),
          )
          .join("\n\n"),
      },
      {
        kind: "value-propositions",
        title: w.t("title.value-propositions"),
        body: `${output.valuePropositions.map((value) => `- ${w.labelled(value.angle, value.statement, true)}`).join("\n")}\n\n## ${w.t("title.risks")}\n\n${bullets(output.risks)}`,
      },
    ];
  },
};
