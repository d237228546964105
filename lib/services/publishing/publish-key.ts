/** The dedupe key of an item's publish job. */
export const publishKey = (itemId: string) => `publish:${itemId}`;
