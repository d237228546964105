import "server-only";
import type { growthItemImages } from "@/lib/db/schema";
import type { ImageSource } from "@/lib/schemas/item-images";
import { storage } from "@/lib/storage";

export type ItemImageRecord = typeof growthItemImages.$inferSelect;

/** How long an image's URL reads it. */
const signedUrlSeconds = 60 * 60;

/** An image as every read shows it (no URL: week reads stay one query). */
export const summaryOf = (row: ItemImageRecord) => ({
  id: row.id,
  position: row.position,
  source: row.source as ImageSource,
  alt: row.alt,
  contentType: row.contentType,
  width: row.width,
  height: row.height,
  size: row.size,
});

/** An image with a short-lived URL that reads it. */
export const describeImage = async (row: ItemImageRecord) => ({
  ...summaryOf(row),
  url: await storage().signedUrl(row.storageKey, signedUrlSeconds),
});
