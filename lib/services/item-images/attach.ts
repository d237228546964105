import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db";
import { growthItemImages } from "@/lib/db/schema";
import type { EncodedImage } from "@/lib/images/reencode-upload";
import type { ImageSource } from "@/lib/schemas/item-images";
import { storage } from "@/lib/storage";
import { countItemImages, refuseImageOver } from "./load";
import { lockItemForImages } from "./lock-item";

/**
 * Attaches an image to a growth item as its last one: an upload (drawn anew already) or a
 * rendered card, by the same path. The bytes are stored first under a new key; the row is
 * written under a lock on the item, which counts its images there, so uploads at once never
 * make a fifth. A refused or failed write removes the stored object.
 */
export async function attachItemImage(
  db: Database,
  input: { accountId: string; itemId: string; image: EncodedImage; alt?: string; source: ImageSource; now: Date },
) {
  const { accountId, itemId, image } = input;
  const storageKey = `accounts/${accountId}/items/${itemId}/image-${randomUUID()}`;
  await storage().put(storageKey, image.bytes, image.contentType);
  try {
    return await db.transaction(async (tx) => {
      const item = await lockItemForImages(tx, { accountId, itemId });
      const count = await countItemImages(tx, { accountId, itemId });
      refuseImageOver(count);
      const [row] = await tx
        .insert(growthItemImages)
        .values({
          accountId,
          projectId: item.projectId,
          itemId,
          position: count + 1,
          source: input.source,
          alt: input.alt ?? "",
          storageKey,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          size: image.bytes.length,
          createdAt: input.now,
          updatedAt: input.now,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    await storage()
      .remove([storageKey])
      .catch(() => {});
    throw error;
  }
}
