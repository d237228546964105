import { z } from "zod";
import { channelRules, fitToChannel, projectChannels, resolveChannel, shortenToFit, type ChannelDraft } from "@/lib/channels";
import { writeChannelDraft, type DraftFacts } from "./channel-drafts";
import type { Agent, AgentInput } from "./types";
import { audienceOf, clause, clean, featuresOf, primaryAction, productSentence, sentence, topicWords } from "./words";

export const launchAssetsSchema = z.object({
  channelPosts: z
    .array(
      z.object({
        channel: z.string().describe("One of the project's channels, e.g. x, linkedin, instagram, reddit, newsletter"),
        title: z.string().nullable().describe("For channels whose posts have a title (Reddit, Pinterest, YouTube Shorts, long-form)"),
        body: z.string().describe("The post as it will be published, within the channel's limit"),
        hashtags: z.array(z.string()),
      }),
    )
    .describe("One launch post per channel of the project"),
  announcementEmail: z.object({ subject: z.string(), previewText: z.string(), body: z.string() }),
  productHunt: z.object({
    name: z.string(),
    tagline: z.string().describe("At most 60 characters"),
    description: z.string().describe("At most 260 characters"),
    firstComment: z.string().describe("The maker's first comment: the story and an ask"),
  }),
  pressBlurb: z.string().describe("A short third-person paragraph a journalist can paste"),
});
export type LaunchAssets = z.infer<typeof launchAssetsSchema>;

/** The facts every launch draft is written from: the approved work first, then the answers. */
export function launchFacts({ onboarding: o, decisions, approved }: AgentInput): DraftFacts {
  const brand = clean(decisions.brandName) || clean(o.businessName);
  return {
    brand,
    audience: audienceOf(o),
    problem: clause(o.problemSolved),
    message:
      decisions.valueProposition?.statement ??
      approved["market-strategist"]?.valuePropositions[0]?.statement ??
      productSentence(o, brand),
    angle: `Launching today: ${decisions.tagline ?? approved["brand-architect"]?.taglineOptions[0] ?? brand}`,
    cta: primaryAction(o),
    url: clean(o.assetUrls).match(/https?:\/\/\S+/)?.[0] ?? null,
    story: o.founderStory ?? null,
    features: featuresOf(o).map(({ what, benefit }) => ({ what, benefit })),
    topics: topicWords(o.audienceType ?? o.audienceDescription),
  };
}

const fitPost = (post: LaunchAssets["channelPosts"][number]): ChannelDraft | undefined => {
  const channel = resolveChannel(post.channel);
  return channel ? fitToChannel(channel, post) : undefined;
};

export const launchAssets: Agent<LaunchAssets> = {
  type: "launch-assets",
  title: "Launch assets",
  schema: launchAssetsSchema,
  instructions:
    "You are a launch copywriter. Write assets ready to publish: one post per channel written the way that channel is written " +
    "(threads on X, a story on LinkedIn, a script for video, an honest post for communities), within each channel's limits, " +
    "in the approved brand voice, pointing to the founder's main call to action.",
  task: ({ onboarding }) =>
    `Write the launch posts for these channels: ${projectChannels(onboarding)
      .map((channel) => `${channel} (${channelRules[channel].conventions} Limit: ${channelRules[channel].bodyLimit})`)
      .join("; ")}. Then the announcement email, the Product Hunt listing and a press blurb.`,
  offline: (input) => {
    const facts = launchFacts(input);
    const { onboarding: o } = input;
    const action = primaryAction(o);
    return {
      channelPosts: projectChannels(o).map((channel) => {
        const draft = writeChannelDraft(channel, facts);
        return { channel, title: draft.title, body: draft.body, hashtags: draft.hashtags };
      }),
      announcementEmail: {
        subject: `${facts.brand} is live`,
        previewText: sentence(facts.message),
        body: [
          "Hi there,",
          sentence(`Today we are launching ${facts.brand}, for ${facts.audience}. The problem it solves: ${facts.problem}`),
          sentence(facts.message),
          facts.features.length ? facts.features.map((feature) => `- ${sentence(feature.benefit || feature.what)}`).join("\n") : "",
          `${sentence(action).replace(/\.$/, "")}${facts.url ? `: ${facts.url}` : "."}`,
          "Reply to this email: I read every answer.",
        ]
          .filter(Boolean)
          .join("\n\n"),
      },
      productHunt: {
        name: facts.brand,
        tagline: shortenToFit(sentence(decisionsTagline(input) ?? facts.features[0]?.benefit ?? facts.brand).replace(/\.$/, ""), (text) => text.length <= 60),
        description: shortenToFit(`${sentence(o.productDescription)} ${sentence(`Made for ${facts.audience}`)}`, (text) => text.length <= 260),
        firstComment: [
          `Hi Product Hunt! I'm the maker of ${facts.brand}.`,
          o.founderStory ? clean(o.founderStory) : sentence(`I built it because ${facts.problem}`),
          "What would make it more useful for you? I'm here all day to answer.",
        ].join("\n\n"),
      },
      pressBlurb: `${facts.brand} launched today. ${sentence(o.productDescription)} ${sentence(`It is built for ${facts.audience}`)} ${o.whyChooseYou ? sentence(o.whyChooseYou) : ""}`.trim(),
    };
  },
  toContent: (output) => [
    ...output.channelPosts.map((post) => {
      const fitted = fitPost(post);
      const label = fitted ? channelRules[fitted.channel].label : post.channel;
      const parts = fitted && fitted.parts.length > 1 ? fitted.parts.map((part, index) => `**${index + 1}.** ${part}`).join("\n\n") : (fitted?.body ?? post.body);
      return {
        kind: `post-${fitted?.channel ?? post.channel}`,
        title: `${label} launch post`,
        body: `${fitted?.title ? `**${fitted.title}**\n\n` : ""}${parts}`,
      };
    }),
    {
      kind: "announcement-email",
      title: "Announcement email",
      body: `**Subject:** ${output.announcementEmail.subject}\n\n**Preview:** ${output.announcementEmail.previewText}\n\n${output.announcementEmail.body}`,
    },
    {
      kind: "product-hunt",
      title: "Product Hunt listing",
      body: `**Name:** ${output.productHunt.name}\n\n**Tagline:** ${output.productHunt.tagline}\n\n**Description:** ${output.productHunt.description}\n\n## First comment\n\n${output.productHunt.firstComment}`,
    },
    { kind: "press-blurb", title: "Press blurb", body: output.pressBlurb },
  ],
};

function decisionsTagline(input: AgentInput): string | undefined {
  return input.decisions.tagline ?? input.approved["brand-architect"]?.taglineOptions[0];
}
