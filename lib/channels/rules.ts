import type { Channel } from "@/lib/schemas/growth";

/** How a channel counts a post: X's weights, graphemes, graphemes with every link as 23 (Mastodon), or UTF-16 units. */
export type CountingUnit = "weighted" | "graphemes" | "graphemes-links-23" | "characters";
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
}

/**
 * The 16 channels: their real limits (how posts on each are written is in `conventions.ts`,
 * which only the drafting code reads). "characters" counts UTF-16 code
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
  },
  bluesky: {
    label: "Bluesky",
    format: "short-post",
    bodyLimit: 300,
    unit: "graphemes",
    threads: true,
    hashtagBudget: 2,
  },
  mastodon: {
    label: "Mastodon",
    format: "short-post",
    bodyLimit: 500,
    unit: "graphemes-links-23",
    threads: true,
    hashtagBudget: 3,
  },
  threads: {
    label: "Threads",
    format: "short-post",
    bodyLimit: 500,
    unit: "characters",
    threads: true,
    hashtagBudget: 1,
  },
  linkedin: {
    label: "LinkedIn",
    format: "post",
    bodyLimit: 3000,
    unit: "characters",
    threads: false,
    hashtagBudget: 3,
  },
  instagram: {
    label: "Instagram",
    format: "visual",
    bodyLimit: 2200,
    unit: "characters",
    threads: false,
    hashtagBudget: 5,
  },
  pinterest: {
    label: "Pinterest",
    format: "visual",
    bodyLimit: 500,
    unit: "characters",
    threads: false,
    titleLimit: 100,
    hashtagBudget: 0,
  },
  tiktok: {
    label: "TikTok",
    format: "video",
    bodyLimit: 2200,
    unit: "characters",
    threads: false,
    titleLimit: 100,
    hashtagBudget: 4,
  },
  "instagram-reels": {
    label: "Instagram Reels",
    format: "video",
    bodyLimit: 2200,
    unit: "characters",
    threads: false,
    hashtagBudget: 5,
  },
  "youtube-shorts": {
    label: "YouTube Shorts",
    format: "video",
    bodyLimit: 5000,
    unit: "characters",
    threads: false,
    titleLimit: 100,
    hashtagBudget: 3,
  },
  reddit: {
    label: "Reddit",
    format: "community",
    bodyLimit: 40000,
    unit: "characters",
    threads: false,
    titleLimit: 300,
    hashtagBudget: 0,
  },
  discord: {
    label: "Discord",
    format: "community",
    bodyLimit: 2000,
    unit: "characters",
    threads: false,
    hashtagBudget: 0,
  },
  "facebook-group": {
    label: "Facebook group",
    format: "community",
    bodyLimit: 5000,
    unit: "characters",
    threads: false,
    hashtagBudget: 0,
  },
  blog: {
    label: "Blog",
    format: "long-form",
    bodyLimit: 20000,
    unit: "characters",
    threads: false,
    titleLimit: 120,
    hashtagBudget: 0,
  },
  "thought-leadership": {
    label: "Thought leadership",
    format: "long-form",
    bodyLimit: 20000,
    unit: "characters",
    threads: false,
    titleLimit: 120,
    hashtagBudget: 0,
  },
  newsletter: {
    label: "Newsletter",
    format: "long-form",
    bodyLimit: 20000,
    unit: "characters",
    threads: false,
    titleLimit: 120,
    hashtagBudget: 0,
  },
};
