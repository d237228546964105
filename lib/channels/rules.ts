import type { Channel } from "@/lib/schemas/growth";

export type CountingUnit = "weighted" | "graphemes" | "characters";
export type ChannelFormat = "short-post" | "post" | "visual" | "video" | "community" | "long-form";

export interface ChannelRule {
  label: string;
  format: ChannelFormat;
  /** The body's limit, counted the way the channel counts. */
  bodyLimit: number;
  unit: CountingUnit;
  /** Whether an over-long draft can become a thread of posts. */
  threads: boolean;
  /** The title's limit, for channels whose posts have a title. */
  titleLimit?: number;
  /** How many hashtags fit the channel's conventions. */
  hashtagBudget: number;
  /** How posts on this channel are written. */
  conventions: string;
}

/**
 * The 16 channels: their real limits and conventions. "characters" counts UTF-16 code
 * units, which is never fewer than what any of these channels counts, so a draft that
 * fits here fits there.
 */
export const channelRules: Record<Channel, ChannelRule> = {
  x: {
    label: "X",
    format: "short-post",
    bodyLimit: 280,
    unit: "weighted",
    threads: true,
    hashtagBudget: 2,
    conventions: "One sharp idea per post; URLs count as 23 characters; long ideas become a numbered thread.",
  },
  bluesky: {
    label: "Bluesky",
    format: "short-post",
    bodyLimit: 300,
    unit: "graphemes",
    threads: true,
    hashtagBudget: 2,
    conventions: "Conversational and human; 300 graphemes; threads for longer stories.",
  },
  mastodon: {
    label: "Mastodon",
    format: "short-post",
    bodyLimit: 500,
    unit: "characters",
    threads: true,
    hashtagBudget: 3,
    conventions:
      "Plain, community-minded and unhyped; hashtags in CamelCase help discovery and screen readers; 500 characters, threads as replies.",
  },
  threads: {
    label: "Threads",
    format: "short-post",
    bodyLimit: 500,
    unit: "characters",
    threads: true,
    hashtagBudget: 1,
    conventions: "Casual, first person, one topic tag at most; 500 characters, chained posts for more.",
  },
  linkedin: {
    label: "LinkedIn",
    format: "post",
    bodyLimit: 3000,
    unit: "characters",
    threads: false,
    hashtagBudget: 3,
    conventions: "A hook in the first two lines (before 'see more'), short paragraphs, a lesson or result, a question to close.",
  },
  instagram: {
    label: "Instagram",
    format: "visual",
    bodyLimit: 2200,
    unit: "characters",
    threads: false,
    hashtagBudget: 5,
    conventions:
      "The image carries the idea; the caption opens with a hook, tells the story, ends with a call to action and a few focused hashtags.",
  },
  pinterest: {
    label: "Pinterest",
    format: "visual",
    bodyLimit: 500,
    unit: "characters",
    threads: false,
    titleLimit: 100,
    hashtagBudget: 0,
    conventions: "A keyword-rich title (100) and description (500) that answer what the pin helps with.",
  },
  tiktok: {
    label: "TikTok",
    format: "video",
    bodyLimit: 2200,
    unit: "characters",
    threads: false,
    titleLimit: 100,
    hashtagBudget: 4,
    conventions: "A 3-second hook, a quick demo or story, on-screen text; the caption adds context and a few hashtags.",
  },
  "instagram-reels": {
    label: "Instagram Reels",
    format: "video",
    bodyLimit: 2200,
    unit: "characters",
    threads: false,
    hashtagBudget: 5,
    conventions: "Vertical video with a hook in the first second; caption as on Instagram.",
  },
  "youtube-shorts": {
    label: "YouTube Shorts",
    format: "video",
    bodyLimit: 5000,
    unit: "characters",
    threads: false,
    titleLimit: 100,
    hashtagBudget: 3,
    conventions: "A searchable title (100), a 60-second vertical video, a description with the link.",
  },
  reddit: {
    label: "Reddit",
    format: "community",
    bodyLimit: 40000,
    unit: "characters",
    threads: false,
    titleLimit: 300,
    hashtagBudget: 0,
    conventions:
      "Give before you ask: a useful, honest post for the subreddit, no hashtags, no hard sell; read the subreddit's rules first.",
  },
  discord: {
    label: "Discord",
    format: "community",
    bodyLimit: 2000,
    unit: "characters",
    threads: false,
    hashtagBudget: 0,
    conventions: "Short, friendly messages for the community; 2,000 characters; no hashtags.",
  },
  "facebook-group": {
    label: "Facebook group",
    format: "community",
    bodyLimit: 5000,
    unit: "characters",
    threads: false,
    hashtagBudget: 0,
    conventions: "Helpful and personal, written for the group's members; ask a question to start a conversation.",
  },
  blog: {
    label: "Blog",
    format: "long-form",
    bodyLimit: 20000,
    unit: "characters",
    threads: false,
    titleLimit: 120,
    hashtagBudget: 0,
    conventions: "A searchable title, an outline of H2 sections, and a body that teaches something concrete.",
  },
  "thought-leadership": {
    label: "Thought leadership",
    format: "long-form",
    bodyLimit: 20000,
    unit: "characters",
    threads: false,
    titleLimit: 120,
    hashtagBudget: 0,
    conventions: "A clear point of view from the founder's experience, argued in sections, with a takeaway.",
  },
  newsletter: {
    label: "Newsletter",
    format: "long-form",
    bodyLimit: 20000,
    unit: "characters",
    threads: false,
    titleLimit: 120,
    hashtagBudget: 0,
    conventions: "A subject line that earns the open, one main story, a short list of updates, one call to action.",
  },
};
