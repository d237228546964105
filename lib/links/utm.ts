import { channelRules } from "@/lib/channels";
import type { Channel } from "@/lib/schemas/growth";
import type { LinkUtm } from "@/lib/schemas/links";

/** utm_medium by the channel's format: what analytics tools group by. */
export function mediumOf(channel: Channel): string {
  const format = channelRules[channel].format;
  if (format === "long-form") return channel === "newsletter" ? "email" : "article";
  if (format === "community") return "community";
  if (format === "video") return "video";
  return "social";
}

/** A slug for a campaign or content value: lower case, ASCII letters and digits joined by dashes. */
export function utmSlug(text: string, fallback: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || fallback;
}

/** The UTM parameters of a growth item's link: its channel, its format, its week and itself. */
export function growthItemUtm(item: { channel: Channel; slug: string; weekNumber: number }): LinkUtm {
  return {
    source: item.channel,
    medium: mediumOf(item.channel),
    campaign: `week-${item.weekNumber}`,
    content: utmSlug(item.slug, "post"),
  };
}

/** The UTM parameters of a launch-pack post's link: its channel (when it has one) and the launch. */
export function launchPostUtm(post: { channel: Channel | null; kind: string }): LinkUtm {
  return {
    source: post.channel ?? "launchloop",
    medium: post.channel ? mediumOf(post.channel) : "referral",
    campaign: "launch",
    content: utmSlug(post.kind, "post"),
  };
}
