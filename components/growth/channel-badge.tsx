import { Badge } from "@/components/ui";
import { channelRules } from "@/lib/channels/rules";
import type { Channel } from "@/lib/schemas/growth";

export const channelLabel = (channel: Channel) => channelRules[channel]?.label ?? channel;

export function ChannelBadge({ channel }: { channel: Channel }) {
  return <Badge tone="accent">{channelLabel(channel)}</Badge>;
}

export const statusTone = {
  planned: "neutral",
  draft: "warning",
  approved: "accent",
  published: "success",
  skipped: "neutral",
} as const;
