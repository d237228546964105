import { launchesOnProductHunt, projectChannels } from "@/lib/channels";
import { readFeedback } from "@/lib/i18n/feedback";
import { wordsFor } from "@/lib/i18n/phrasebook";
import { bullets, isFillIn, sentence } from "@/lib/i18n/text";
import type { AgentInput } from "@/lib/schemas/agent-inputs";
import type { LaunchAssets } from "@/lib/schemas/agent-outputs";
import { callToAction, writeChannelDraft } from "./channel-drafts";
import { factsOf } from "./facts";
import { applyDirectives } from "./finish";

/** The offline draft of the LaunchAssets step, from the founder's own answers. */
export function offlineLaunchAssets(input: AgentInput): LaunchAssets {
  const w = wordsFor(input.language);
  const f = factsOf(input.onboarding, input.decisions, input.language);
  const directives = readFeedback(input.feedback);
  const message =
    input.decisions.valueProposition?.statement ?? input.approved["market-strategist"]?.valuePropositions[0]?.statement ?? null;
  const tagline = input.decisions.tagline ?? input.approved["brand-architect"]?.taglineOptions[0];
  const cta = callToAction({ facts: f, words: w, cta: null });
  const output: LaunchAssets = {
    channelPosts: projectChannels(input.onboarding).map((channel) => {
      const draft = writeChannelDraft({
        channel,
        facts: f,
        words: w,
        angle: "launch",
        variant: input.rejections,
        message,
        cta: null,
      });
      return {
        channel,
        title: draft.title,
        parts: draft.parts,
        hashtags: directives.hashtags === "none" ? [] : draft.hashtags,
        script: draft.script,
      };
    }),
    announcementEmail: {
      subject: w.t("email.subject", { brand: f.brand }),
      previewText: message ? sentence(message) : f.product,
      body: [
        w.t("email.hello"),
        [w.t("email.today", { brand: f.brand }), f.audience ? w.t("web.for", { audience: f.audience }) : ""]
          .filter(Boolean)
          .join(" "),
        f.problem,
        f.productFull,
        f.features.length ? bullets(f.features.map((feature) => sentence(feature.benefit || feature.what))) : "",
        cta,
        w.t("email.reply"),
      ]
        .filter(Boolean)
        .join("\n\n"),
    },
    productHunt: launchesOnProductHunt(input.onboarding, input.feedback)
      ? {
          name: f.brand,
          // A tagline still to be written stays a whole fill-in: the listing's 60 characters would cut a long one.
          tagline: isFillIn(tagline)
            ? w.fill("need.shortTagline")
            : (tagline ? sentence(tagline) : f.features[0]?.benefit ? sentence(f.features[0].benefit) : f.brand).replace(
                /\.$/,
                "",
              ),
          description: [f.product, f.audience ? w.t("web.for", { audience: f.audience }) : ""].filter(Boolean).join(" "),
          firstComment: [w.t("ph.hello", { brand: f.brand }), f.story.length ? f.story.join(" ") : f.problem, w.t("ph.ask")]
            .filter(Boolean)
            .join("\n\n"),
        }
      : null,
    pressBlurb: [
      w.t("press.launched", { brand: f.brand }),
      f.productFull,
      f.audience ? w.t("web.for", { audience: f.audience }) : "",
      f.edge ?? "",
    ]
      .filter(Boolean)
      .join(" "),
  };
  // The agent's normalize fits every post to its channel, as it does a model's answer.
  return applyDirectives(output, directives, input.language);
}
