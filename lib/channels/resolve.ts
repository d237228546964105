import { type Channel, channels } from "@/lib/schemas/growth";

const aliases: Record<string, Channel> = {
  twitter: "x",
  "x (twitter)": "x",
  "twitter/x": "x",
  "x/twitter": "x",
  "x.com": "x",
  tweets: "x",
  ig: "instagram",
  insta: "instagram",
  "instagram posts": "instagram",
  reels: "instagram-reels",
  "instagram reels": "instagram-reels",
  "insta reels": "instagram-reels",
  "ig reels": "instagram-reels",
  shorts: "youtube-shorts",
  youtube: "youtube-shorts",
  "youtube shorts": "youtube-shorts",
  "yt shorts": "youtube-shorts",
  "tik tok": "tiktok",
  "linked in": "linkedin",
  facebook: "facebook-group",
  fb: "facebook-group",
  "fb group": "facebook-group",
  "facebook groups": "facebook-group",
  "facebook group": "facebook-group",
  "facebook-gruppe": "facebook-group",
  "facebook-gruppen": "facebook-group",
  "blog posts": "blog",
  "blog post": "blog",
  medium: "blog",
  substack: "newsletter",
  email: "newsletter",
  "e-mail": "newsletter",
  "email newsletter": "newsletter",
  "thought leadership": "thought-leadership",
  bsky: "bluesky",
  fediverse: "mastodon",
  toot: "mastodon",
  "bluesky social": "bluesky",
  "threads (meta)": "threads",
  subreddit: "reddit",
  subreddits: "reddit",
  "discord server": "discord",
  pin: "pinterest",
  pins: "pinterest",
};

/** The answer as a lookup key: lower case, "(formerly Twitter)"-style asides and surrounding punctuation gone. */
const keyOf = (answer: string) =>
  answer
    .trim()
    .toLowerCase()
    .replace(/\s*\((formerly|ex|früher|anciennement|antes|antigo|antigamente)[^)]*\)/g, "")
    .replace(/^[\s"'.,;:!-]+|[\s"'.,;:!-]+$/g, "")
    .replace(/\s+/g, " ");

/** The channel a founder meant by a free-text answer ("Twitter", "X (formerly Twitter)", "Insta", "Substack"...), if any. */
export function resolveChannel(answer: string): Channel | undefined {
  const key = keyOf(answer);
  if ((channels as readonly string[]).includes(key)) return key as Channel;
  return (
    aliases[key] ??
    ((channels as readonly string[]).find((channel) => key.replace(/\s+/g, "-") === channel) as Channel | undefined)
  );
}

interface ChannelAnswers {
  enabledChannels?: string[] | null;
  audiencePlatforms?: string[] | null;
}

/**
 * The project's channels and the names Launchloop has no channel for ("Hacker News"):
 * the enabled ones it named, else the ones its audience uses, else a sensible default.
 */
export function channelsOfAnswers(onboarding: ChannelAnswers): { channels: Channel[]; unknown: string[] } {
  for (const answers of [onboarding.enabledChannels, onboarding.audiencePlatforms]) {
    const named = (answers ?? []).map((answer) => answer.trim()).filter(Boolean);
    const resolved = [...new Set(named.map(resolveChannel).filter((channel): channel is Channel => Boolean(channel)))];
    if (resolved.length > 0 || (answers === onboarding.enabledChannels && named.length > 0)) {
      const unknown = [...new Set(named.filter((answer) => !resolveChannel(answer)))];
      return { channels: resolved.length ? resolved : ["x", "linkedin", "newsletter"], unknown };
    }
  }
  return { channels: ["x", "linkedin", "newsletter"], unknown: [] };
}

/** The project's channels (see `channelsOfAnswers`). */
export const projectChannels = (onboarding: ChannelAnswers): Channel[] => channelsOfAnswers(onboarding).channels;

const mentionNames: [string, Channel][] = [
  ...Object.entries(aliases),
  ...channels.map((channel) => [channel, channel] as [string, Channel]),
  ...channels.map((channel) => [channel.replace(/-/g, " "), channel] as [string, Channel]),
];

// Chinese and Japanese write a name against the words around it ("Instagram对我们没用"): the name ends where their script starts.
const cjk = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+)/gu;

/** The channels a sentence names ("LinkedIn is dead for us" names linkedin). "X" counts only as a word of its own. */
export function channelMentions(text: string): Channel[] {
  const lower = ` ${text
    .toLowerCase()
    .replace(cjk, " $1 ")
    .replace(/[^\p{L}\p{N}\s-]/gu, " ")} `;
  const found = mentionNames.filter(([name]) => lower.includes(` ${name} `)).map(([, channel]) => channel);
  return [...new Set(found)];
}
