import type { GrowthItem } from "@/components/growth/types";
import type { NetworkView } from "@/lib/networks/provider";

/** The provider's view of the network an item is planned for, or undefined where posts go out by hand. */
export const networkOf = (item: Pick<GrowthItem, "channel">, networks: NetworkView[]) =>
  networks.find((network) => network.channels.includes(item.channel));

/** Whether an item can have a publishing panel at all: a network Launchloop publishes to, and a draft approved or out. */
export const mayPublish = (item: Pick<GrowthItem, "channel" | "status">, networks: NetworkView[]) =>
  Boolean(networkOf(item, networks)) && (item.status === "approved" || item.status === "published");
