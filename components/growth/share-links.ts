import { maxPrefilledLinkLength, prefilledOrKept } from "@/lib/networks/compose-link";
import type { Channel } from "@/lib/schemas/growth";

export interface ShareLink {
  network: string;
  href: string;
  /** What the founder still has to do by hand on that page. */
  hint?: string;
  /** The post is too long for a link: the page opens empty, to paste it into. */
  tooLong?: true;
}

const firstUrl = (text: string) => /https?:\/\/[^\s)]+/.exec(text)?.[0] ?? null;
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

export { maxPrefilledLinkLength };
export const tooLongHint = "This post is too long to send prefilled: copy it, then paste it there.";
const mastodonHint = "Pick your instance on that page, or connect Mastodon in project settings to publish from here.";

/**
 * The compose page with the post in its query or, when that link is too long, with only
 * what `keep` names (a Reddit title, LinkedIn's share box).
 */
function compose(
  network: string,
  page: string,
  prefill: Record<string, string>,
  { keep = {}, hint }: { keep?: Record<string, string>; hint?: string } = {},
): ShareLink {
  const { href, prefilled } = prefilledOrKept(page, prefill, keep);
  if (prefilled) return { network, href, ...(hint && { hint }) };
  return { network, href, hint: hint ? `${tooLongHint} ${hint}` : tooLongHint, tooLong: true };
}

/**
 * The network's own compose page for a post, prefilled where the network has a share or
 * intent URL (a post too long for a link opens it empty). Networks without a web composer
 * (Instagram, TikTok, YouTube, Pinterest, Discord, newsletters, blogs) get none: copy the
 * post instead.
 */
export function shareLinkFor(channel: Channel, post: string, title: string | null): ShareLink | null {
  switch (channel) {
    case "x":
      return compose("X", "https://x.com/intent/post", { text: post });
    case "bluesky":
      return compose("Bluesky", "https://bsky.app/intent/compose", { text: post });
    case "mastodon":
      return compose("Mastodon", "https://mastodonshare.com/", { text: post }, { hint: mastodonHint });
    case "threads":
      return compose("Threads", "https://www.threads.net/intent/post", { text: post });
    case "linkedin": {
      const shareBox = { shareActive: "true" };
      return compose("LinkedIn", "https://www.linkedin.com/feed/", { ...shareBox, text: post }, { keep: shareBox });
    }
    case "reddit": {
      const heading = { type: "TEXT", title: title ?? post.split("\n")[0]!.slice(0, 300) };
      return compose("Reddit", "https://www.reddit.com/submit", { ...heading, text: post }, { keep: heading });
    }
    case "facebook-group": {
      const url = firstUrl(post);
      return url
        ? {
            network: "Facebook",
            href: `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}`,
            hint: "Facebook prefills only the link: paste the copied text above it.",
          }
        : {
            network: "Facebook",
            href: "https://www.facebook.com/groups/feed/",
            hint: "Facebook has no prefilled text: paste the copied post into your group.",
          };
    }
    default:
      return null;
  }
}
