import { wordsFor } from "@/lib/i18n/phrasebook";
import { clean, sentence } from "@/lib/i18n/text";
import type { AgentInput } from "@/lib/schemas/agent-inputs";
import type { WebsiteCopy } from "@/lib/schemas/agent-outputs";
import { factsOf } from "./facts";
import { finish } from "./finish";

/** The offline draft of the WebsiteCopy step, from the founder's own answers. */
export function offlineWebsiteCopy(input: AgentInput): WebsiteCopy {
  const { decisions, approved } = input;
  const w = wordsFor(input.language);
  const f = factsOf(input.onboarding, decisions, input.language);
  const tagline = clean(decisions.tagline ?? approved["brand-architect"]?.taglineOptions[0]);
  const value = clean(decisions.valueProposition?.statement ?? approved["market-strategist"]?.valuePropositions[0]?.statement);
  const audienceLine = f.audience ? w.t("web.for", { audience: f.audience }) : "";
  const sections: WebsiteCopy["home"]["sections"] = [
    { heading: w.t("section.problem"), body: [f.problem, f.why ?? ""].filter(Boolean).join(" ") },
    { heading: w.t("section.how", { brand: f.brand }), body: f.productFull },
    ...f.features.map((feature) => ({
      heading: sentence(feature.what).replace(/\.$/, ""),
      body: sentence(feature.benefit) || sentence(feature.what),
    })),
    { heading: w.t("section.why", { brand: f.brand }), body: f.edge ?? w.fill("need.edge") },
    { heading: w.t("section.start"), body: f.cta ? `**${w.t("web.ready", { cta: f.cta })}**` : w.fill("need.cta") },
  ];
  const headline =
    tagline && !tagline.startsWith("[") ? tagline : f.features[0]?.benefit ? sentence(f.features[0].benefit) : f.product;
  const lead = value && value !== tagline ? sentence(value) : f.product;
  return finish(input, {
    home: {
      headline,
      // Under a headline that is already the product's sentence, the subheadline goes on from it.
      subheadline: [lead.startsWith(headline.replace(/\.$/, "")) ? "" : lead, audienceLine].filter(Boolean).join(" ") || lead,
      primaryCta: f.cta ? f.cta.split(/\s+/).slice(0, 4).join(" ") : w.fill("need.cta"),
      sections: sections.filter((section) => section.body),
    },
    about: {
      headline: w.t("web.aboutHeadline", { brand: f.brand }),
      body: [f.story.length ? f.story.join(" ") : w.fill("need.story"), f.problem].join("\n\n"),
    },
    faq: [
      { question: w.t("web.qWhat", { brand: f.brand }), answer: f.productFull },
      {
        question: w.t("web.qWho", { brand: f.brand }),
        answer: f.audienceDescription ?? (f.audience ? sentence(f.audience) : w.fill("need.audience")),
      },
      { question: w.t("web.qDifferent"), answer: f.edge ?? w.fill("need.edge") },
      { question: w.t("web.qPrice"), answer: f.price ? sentence(f.price) : w.fill("need.price") },
      {
        question: w.t("web.qStart"),
        answer: f.cta ? [sentence(f.cta), f.url ?? ""].filter(Boolean).join(" ") : w.fill("need.cta"),
      },
    ].filter((entry) => entry.question),
  });
}
