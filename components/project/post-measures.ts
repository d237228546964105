import type { countAs } from "@/lib/channels/count";
import { type ChannelRule, channelRules } from "@/lib/channels/rules";
import type { Channel } from "@/lib/schemas/growth";
import { channels } from "@/lib/schemas/growth-lists";

/** The channel a launch-pack item is a post for (`post-x` → `x`), if it is one. */
export function channelOfKind(kind: string): Channel | undefined {
  const channel = kind.startsWith("post-") ? kind.slice(5) : "";
  return (channels as readonly string[]).includes(channel) ? (channel as Channel) : undefined;
}

export interface Measure {
  label: string;
  count: number;
  limit: number;
}

const partPattern = /^\*\*(\d+)\.\*\* /;
const titlePattern = /^\*\*([^*\n]+)\*\*\n\n/;

/**
 * A post's lengths as its channel counts them (X's weighted count, graphemes, or UTF-16
 * characters): the title when the channel has one, then the body, or each post of a
 * thread (`**1.** …` parts) on its own. `count` is lib/channels/count's countAs, which clients
 * load only when they need it (it brings twitter-text).
 */
export function measurePostWith(count: typeof countAs, channel: Channel, body: string): Measure[] {
  const rule: ChannelRule = channelRules[channel];
  const measures: Measure[] = [];
  let rest = body;
  const title = rule.titleLimit ? titlePattern.exec(rest) : null;
  if (title && rule.titleLimit) {
    measures.push({ label: "Title", count: count(rule.unit, title[1]!), limit: rule.titleLimit });
    rest = rest.slice(title[0].length);
  }
  const blocks = rest.split(/\n{2,}/);
  const parts: string[] = [];
  for (const block of blocks) {
    if (partPattern.test(block)) parts.push(block.replace(partPattern, ""));
    else if (parts.length) parts[parts.length - 1] += `\n\n${block}`;
  }
  if (rule.threads && parts.length > 1 && partPattern.test(rest)) {
    for (const [index, part] of parts.entries()) {
      measures.push({
        label: `Post ${index + 1} of ${parts.length}`,
        count: count(rule.unit, part.trim()),
        limit: rule.bodyLimit,
      });
    }
  } else {
    measures.push({ label: "Post", count: count(rule.unit, rest.trim()), limit: rule.bodyLimit });
  }
  return measures;
}
