/** The dedupe key of an item's publish job. */
export const publishKey = (itemId: string) => `publish:${itemId}`;

/** The dedupe key of an item's reminder job (a channel with no connected account: posted by hand). */
export const remindKey = (itemId: string) => `remind:${itemId}`;
