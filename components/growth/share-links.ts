import type { Channel } from "@/lib/schemas/growth";

export interface ShareLink {
  network: string;
  href: string;
  /** What the founder still has to do by hand on that page. */
  hint?: string;
}

const firstUrl = (text: string) => /https?:\/\/[^\s)]+/.exec(text)?.[0] ?? null;
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

/**
 * The network's own compose page for a post, prefilled where the network has a share or
 * intent URL. Networks without a web composer (Instagram, TikTok, YouTube, Pinterest,
 * Discord, newsletters, blogs) get none: copy the post instead.
 */
export function shareLinkFor(channel: Channel, post: string, title: string | null): ShareLink | null {
  switch (channel) {
    case "x":
      return { network: "X", href: `https://x.com/intent/post?${query({ text: post })}` };
    case "bluesky":
      return { network: "Bluesky", href: `https://bsky.app/intent/compose?${query({ text: post })}` };
    case "mastodon":
      return {
        network: "Mastodon",
        href: `https://mastodonshare.com/?${query({ text: post })}`,
        hint: "Pick your instance on that page, or connect Mastodon in project settings to publish from here.",
      };
    case "threads":
      return { network: "Threads", href: `https://www.threads.net/intent/post?${query({ text: post })}` };
    case "linkedin":
      return { network: "LinkedIn", href: `https://www.linkedin.com/feed/?${query({ shareActive: "true", text: post })}` };
    case "reddit":
      return {
        network: "Reddit",
        href: `https://www.reddit.com/submit?${query({ type: "TEXT", title: title ?? post.split("\n")[0]!.slice(0, 300), text: post })}`,
      };
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
