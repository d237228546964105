import { channelOfKind } from "@/components/project/post-measures";

const channelPrefix =
  /^(X|LinkedIn|Reddit|Bluesky|Threads|Mastodon|Facebook|Instagram|TikTok|YouTube|Product Hunt|Hacker News|Indie Hackers|Newsletter|E-mail)\s*:\s*/i;

/** An item's title without a channel prefix ("X: How-to" → "How-to"): the channel shows as a badge instead. */
export function displayTitle(item: { title: string; kind: string }): string {
  if (!channelOfKind(item.kind)) return item.title;
  let title = item.title;
  while (channelPrefix.test(title)) title = title.replace(channelPrefix, "");
  return title || item.title;
}
