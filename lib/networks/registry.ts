import "server-only";
import type { Channel } from "@/lib/schemas/growth";
import { type Network, networks } from "@/lib/schemas/publishing";
import { bluesky } from "./bluesky";
import { buttondown } from "./buttondown";
import { discord } from "./discord";
import { linkedin } from "./linkedin";
import { mastodon } from "./mastodon";
import type { NetworkProvider, NetworkView } from "./provider";
import { reddit } from "./reddit";
import { threads } from "./threads";
import { wordpress } from "./wordpress";
import { x } from "./x";

/** Every network Launchloop publishes to: one line each. */
const registry: Record<Network, NetworkProvider> = {
  bluesky,
  mastodon,
  linkedin,
  x,
  threads,
  reddit,
  // Connected with a form.
  discord,
  wordpress,
  buttondown,
};

export const providerFor = (network: Network): NetworkProvider => registry[network];

/** The provider of a channel an item is planned for, or null where Launchloop does not publish to it. */
export const providerOfChannel = (channel: string): NetworkProvider | null =>
  Object.hasOwn(registry, channel)
    ? registry[channel as Network]
    : (providers().find((provider) => provider.channels?.includes(channel as Channel)) ?? null);

export const providers = (): NetworkProvider[] => networks.map((network) => registry[network]);

/** The networks a founder can connect on this server (an OAuth network only with its client keys). */
export const connectableNetworks = (): Network[] =>
  providers()
    .filter((provider) => provider.connect.kind === "form" || provider.connect.configured())
    .map((provider) => provider.network);

/** A provider as the dashboard's client components may see it (plain data). */
export function networkView(provider: NetworkProvider): NetworkView {
  const { connect } = provider;
  return {
    network: provider.network,
    label: provider.label,
    limits: provider.limits,
    opensIn: provider.opensIn ?? null,
    connect: {
      kind: connect.kind,
      configured: connect.kind === "form" || connect.configured(),
      fields: connect.kind === "form" ? connect.fields : (connect.instanceStep?.fields ?? []),
    },
    itemOptions: provider.itemOptions?.fields ?? [],
    metrics: Boolean(provider.metrics),
    channels: [provider.network, ...(provider.channels ?? [])],
  };
}

export const networkViews = (): NetworkView[] => providers().map(networkView);
