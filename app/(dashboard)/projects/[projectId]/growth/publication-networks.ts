import type { GrowthItem } from "@/components/growth/types";

export const networkLabels: Record<string, string> = {
  bluesky: "Bluesky",
  mastodon: "Mastodon",
  x: "X",
  linkedin: "LinkedIn",
  threads: "Threads",
  reddit: "Reddit",
};
/** Connected only where the server has their OAuth client: without an account they keep Open in … and Copy alone. */
export const optional = new Set(["x", "linkedin", "threads", "reddit"]);

/** Whether an item can have a publishing panel at all: a network Launchloop publishes to, and a draft approved or out. */
export const mayPublish = (item: Pick<GrowthItem, "channel" | "status">) =>
  Boolean(networkLabels[item.channel]) && (item.status === "approved" || item.status === "published");
