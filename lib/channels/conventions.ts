import type { Channel } from "@/lib/schemas/growth";

/** How posts on each channel are written, as the prompts and the offline planner say it: server only (the pages need the limits alone). */
export const channelConventions: Record<Channel, string> = {
  x: "One sharp idea per post; URLs count as 23 characters; long ideas become a numbered thread.",
  bluesky: "Conversational and human; 300 graphemes; threads for longer stories.",
  mastodon:
    "Plain, community-minded and unhyped; hashtags in CamelCase help discovery and screen readers; 500 characters, threads as replies.",
  threads: "Casual, first person, one topic tag at most; 500 characters, chained posts for more.",
  linkedin: "A hook in the first two lines (before 'see more'), short paragraphs, a lesson or result, a question to close.",
  instagram:
    "The image carries the idea; the caption opens with a hook, tells the story, ends with a call to action and a few focused hashtags.",
  pinterest: "A keyword-rich title (100) and description (500) that answer what the pin helps with.",
  tiktok: "A 3-second hook, a quick demo or story, on-screen text; the caption adds context and a few hashtags.",
  "instagram-reels": "Vertical video with a hook in the first second; caption as on Instagram.",
  "youtube-shorts": "A searchable title (100), a 60-second vertical video, a description with the link.",
  reddit:
    "Give before you ask: a useful, honest post for the subreddit, no hashtags, no hard sell; read the subreddit's rules first.",
  discord: "Short, friendly messages for the community; 2,000 characters; no hashtags.",
  "facebook-group": "Helpful and personal, written for the group's members; ask a question to start a conversation.",
  blog: "A searchable title, an outline of H2 sections, and a body that teaches something concrete.",
  "thought-leadership": "A clear point of view from the founder's experience, argued in sections, with a takeaway.",
  newsletter: "A subject line that earns the open, one main story, a short list of updates, one call to action.",
};
