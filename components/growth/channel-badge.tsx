import { channelLabel } from "@/components/labels";
import { Badge } from "@/components/ui";
import type { Channel } from "@/lib/schemas/growth";

export { channelLabel };

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
