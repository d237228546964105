// Kept free of zod so client components can list channels and statuses without the API schemas.
export const channels = [
  "x",
  "linkedin",
  "instagram",
  "threads",
  "bluesky",
  "mastodon",
  "pinterest",
  "tiktok",
  "instagram-reels",
  "youtube-shorts",
  "reddit",
  "discord",
  "facebook-group",
  "blog",
  "thought-leadership",
  "newsletter",
] as const;

export const itemStatuses = ["planned", "draft", "approved", "skipped", "published"] as const;
