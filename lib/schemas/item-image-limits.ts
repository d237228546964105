// Kept free of zod so the dashboard's upload form checks the same limits without loading it.

/** The most images one post carries (every network that takes images takes four). */
export const maxItemImages = 4;
/** The largest upload, in bytes: its base64 fits a 1 MB request body. */
export const maxItemImageBytes = 750 * 1024;
/** Alt text as long as Mastodon takes (1,500 characters); Bluesky takes more. */
export const maxAltLength = 1500;
