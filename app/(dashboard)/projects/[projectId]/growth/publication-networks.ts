import type { GrowthItem } from "@/components/growth/types";

export const networkLabels: Record<string, string> = {
  bluesky: "Bluesky",
  mastodon: "Mastodon",
  x: "X",
  linkedin: "LinkedIn",
  // Channels whose network has another name.
  discord: "Discord",
  blog: "WordPress",
  newsletter: "Buttondown",
};
/** The network a channel's items go out on, where its name is not the channel's. */
export const networkOfChannel = (channel: string) => ({ blog: "wordpress", newsletter: "buttondown" })[channel] ?? channel;
/** Channels whose network gives no numbers, and where the founder reads them instead. */
export const withoutNumbers: Record<string, string> = {
  discord: "Discord gives webhooks no numbers: read the reactions and replies in the channel.",
  blog: "WordPress shares no views through its API: read them in your site's statistics.",
};
/** Connected only where the server has their OAuth client: without an account they keep Open in … and Copy alone. */
export const optional = new Set(["x", "linkedin"]);

/** Whether an item can have a publishing panel at all: a network Launchloop publishes to, and a draft approved or out. */
export const mayPublish = (item: Pick<GrowthItem, "channel" | "status">) =>
  Boolean(networkLabels[item.channel]) && (item.status === "approved" || item.status === "published");
