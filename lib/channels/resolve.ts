import { channels, type Channel } from "@/lib/schemas/growth";

const aliases: Record<string, Channel> = {
  twitter: "x",
  "x (twitter)": "x",
  "twitter/x": "x",
  "x/twitter": "x",
  ig: "instagram",
  reels: "instagram-reels",
  "instagram reels": "instagram-reels",
  shorts: "youtube-shorts",
  youtube: "youtube-shorts",
  "youtube shorts": "youtube-shorts",
  facebook: "facebook-group",
  "facebook groups": "facebook-group",
  "facebook group": "facebook-group",
  "blog posts": "blog",
  substack: "newsletter",
  email: "newsletter",
  "e-mail": "newsletter",
  "thought leadership": "thought-leadership",
  bsky: "bluesky",
};

/** The channel a founder meant by a free-text answer ("Twitter", "LinkedIn", "Substack"...), if any. */
export function resolveChannel(answer: string): Channel | undefined {
  const key = answer.trim().toLowerCase();
  if ((channels as readonly string[]).includes(key)) return key as Channel;
  return aliases[key] ?? (channels as readonly string[]).find((channel) => key.replace(/\s+/g, "-") === channel) as Channel | undefined;
}

/**
 * The project's channels: the enabled ones it named, else the ones its audience uses,
 * else a sensible default for a founder starting out.
 */
export function projectChannels(onboarding: { enabledChannels?: string[] | null; audiencePlatforms?: string[] | null }): Channel[] {
  for (const answers of [onboarding.enabledChannels, onboarding.audiencePlatforms]) {
    const resolved = [...new Set((answers ?? []).map(resolveChannel).filter((channel): channel is Channel => Boolean(channel)))];
    if (resolved.length > 0) return resolved;
  }
  return ["x", "linkedin", "newsletter"];
}
