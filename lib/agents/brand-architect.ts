import { wordsFor } from "@/lib/i18n/phrasebook";
import { bullets } from "@/lib/i18n/text";
import { type BrandSystem, brandSystemSchema } from "@/lib/schemas/agent-outputs";
import { pipelinePrompt } from "./prompt";
import type { Agent } from "./types";

export const brandArchitect: Agent<BrandSystem> = {
  type: "brand-architect",
  name: "brand_architect",
  title: "Brand system",
  useCase: "strategy",
  schema: brandSystemSchema,
  prompt: (input) =>
    pipelinePrompt(
      input,
      "Act as a brand strategist. Build a brand the founder can use tomorrow: names that are short and ownable, taglines a customer would repeat, a voice with concrete rules, an accessible palette with roles.",
      "Propose brand name options, taglines, the voice (traits, do and don't), a color palette with roles, and three messaging pillars.",
    ),
  toContent: (output, input) => {
    const w = wordsFor(input.language);
    return [
      {
        kind: "brand-names",
        title: w.t("title.brand-names"),
        body: output.brandNameOptions.map((option) => `## ${option.name}\n\n${option.rationale}`).join("\n\n"),
      },
      { kind: "taglines", title: w.t("title.taglines"), body: bullets(output.taglineOptions) },
      {
        kind: "voice",
        title: w.t("title.voice"),
        body: `${output.voice.description}\n\n**${w.label(w.t("title.traits"))}** ${output.voice.traits.join(", ")}\n\n## ${w.t("title.do")}\n\n${bullets(output.voice.do)}\n\n## ${w.t("title.dont")}\n\n${bullets(output.voice.dont)}`,
      },
      {
        kind: "palette",
        title: w.t("title.palette"),
        body: `| ${w.t("title.color")} | Hex | ${w.t("title.use")} |\n|---|---|---|\n${output.palette.map((color) => `| ${color.name} | ${color.hex} | ${color.use} |`).join("\n")}\n\n${output.paletteRationale}`,
      },
      {
        kind: "messaging-pillars",
        title: w.t("title.messaging-pillars"),
        body: output.messagingPillars.map((pillar) => `## ${pillar.pillar}\n\n${bullets(pillar.proofPoints)}`).join("\n\n"),
      },
    ];
  },
};
