import { z } from "zod";
import { callToAction, factsOf, scriptBody } from "@/lib/ai/offline";
import {
  channelConventions,
  channelRules,
  fitToChannel,
  launchesOnProductHunt,
  projectChannels,
  shortenToFit,
} from "@/lib/channels";
import { asLabelValue } from "@/lib/i18n/labels-of";
import { channelLabel, wordsFor } from "@/lib/i18n/phrasebook";
import { assetsSchema, type LaunchAssets, launchAssetsSchema, productHuntLimits } from "@/lib/schemas/agent-outputs";
import type { Channel } from "@/lib/schemas/growth";
import { pipelinePrompt } from "./prompt";
import type { Agent, AgentInput } from "./types";

const fitsIn = (limit: number) => (text: string) => text.length <= limit;

/** Every post fitted to its channel (threads as parts, the call to action kept), Product Hunt within its limits. */
function normalizeAssets(output: LaunchAssets, input: AgentInput): LaunchAssets {
  const w = wordsFor(input.language);
  const cta = callToAction({ facts: factsOf(input.onboarding, input.decisions, input.language), words: w, cta: null });
  return {
    ...output,
    channelPosts: output.channelPosts.map((post) => {
      const body = post.script ? scriptBody(post.script, w) : post.parts.join("\n\n");
      const fitted = fitToChannel(post.channel, {
        title: post.title,
        body,
        hashtags: post.hashtags,
        tail: body.includes(cta) ? cta : undefined,
      });
      return { channel: post.channel, title: fitted.title, parts: fitted.parts, hashtags: fitted.hashtags, script: post.script };
    }),
    productHunt: output.productHunt && {
      ...output.productHunt,
      tagline: shortenToFit(output.productHunt.tagline, fitsIn(productHuntLimits.tagline)),
      description: shortenToFit(output.productHunt.description, fitsIn(productHuntLimits.description)),
    },
  };
}

export const launchAssets: Agent<LaunchAssets> = {
  type: "launch-assets",
  name: "launch_assets",
  title: "Launch assets",
  useCase: "drafts",
  schema: launchAssetsSchema,
  schemaFor: (input) => {
    const channels = projectChannels(input.onboarding);
    const productHunt = launchesOnProductHunt(input.onboarding, input.feedback) ? "listing" : "none";
    return assetsSchema(z.enum(channels as [Channel, ...Channel[]]), productHunt) as unknown as z.ZodType<LaunchAssets>;
  },
  prompt: (input) =>
    pipelinePrompt(
      input,
      "Act as a launch copywriter. Write assets ready to publish, each channel the way it is written, in the approved brand voice, pointing to the founder's main call to action with its link at the end.",
      `Write one launch post for each of these channels: ${projectChannels(input.onboarding)
        .map(
          (channel) =>
            `${channel} (${channelConventions[channel]} Limit: ${channelRules[channel].bodyLimit}${channelRules[channel].threads ? " per part; a thread as parts" : ""})`,
        )
        .join("; ")}. Short-video channels get a script (hook, on-screen text, voice-over, caption). ` +
        (launchesOnProductHunt(input.onboarding, input.feedback)
          ? `Then the announcement email, the Product Hunt listing (tagline at most ${productHuntLimits.tagline} characters, description at most ${productHuntLimits.description}) and a press blurb.`
          : "Then the announcement email and a press blurb; no Product Hunt listing (productHunt: null), this business does not launch there."),
    ),
  normalize: normalizeAssets,
  toContent: (output, input) => {
    const w = wordsFor(input.language);
    return [
      ...output.channelPosts.map((post) => {
        const label = channelLabel(post.channel, channelRules[post.channel]?.label ?? post.channel, w);
        const parts =
          post.parts.length > 1
            ? post.parts.map((part, index) => `**${index + 1}.** ${part}`).join("\n\n")
            : (post.parts[0] ?? "");
        return {
          kind: `post-${post.channel}`,
          title: w.t("title.post", { channel: label }),
          body: `${post.title ? `**${post.title}**\n\n` : ""}${parts}`,
        };
      }),
      {
        kind: "announcement-email",
        title: w.t("title.announcement-email"),
        body: `**${w.label(w.t("title.subject"))}** ${asLabelValue(output.announcementEmail.subject)}\n\n**${w.label(w.t("title.preview"))}** ${asLabelValue(output.announcementEmail.previewText)}\n\n${output.announcementEmail.body}`,
      },
      ...(output.productHunt
        ? [
            {
              kind: "product-hunt",
              title: w.t("title.product-hunt"),
              body: `**${w.label(w.t("title.name"))}** ${output.productHunt.name}\n\n**${w.label(w.t("title.tagline"))}** ${asLabelValue(output.productHunt.tagline)}\n\n**${w.label(w.t("title.description"))}** ${asLabelValue(output.productHunt.description)}\n\n## ${w.t("title.firstComment")}\n\n${output.productHunt.firstComment}`,
            },
          ]
        : []),
      { kind: "press-blurb", title: w.t("title.press-blurb"), body: output.pressBlurb },
    ];
  },
};
