import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { growthItemImages } from "@/lib/db/schema";
import { fitBytes } from "@/lib/images/fit-bytes";
import { verifyMediaUrl } from "@/lib/images/media-url";
import { storage } from "@/lib/storage";

/**
 * The image a signed media address names (lib/images/media-url.ts), as a network fetching it
 * gets it: its stored bytes, or, where they are larger or of another type than the address
 * grants, the same picture recompressed as the publishing service measured it (`fitBytes` is
 * deterministic). Null for an address that is invalid or expired, or an image since removed.
 * No session: the signature is the proof, so the image is found by its id alone, like a
 * share link by its token.
 */
export async function readSignedMedia(
  db: Database,
  { file, query, now }: { file: string; query: URLSearchParams; now: Date },
): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  const grant = verifyMediaUrl(file, query, now);
  if (!grant) return null;
  const [image] = await db.select().from(growthItemImages).where(eq(growthItemImages.id, grant.imageId)).limit(1);
  const stored = image ? await storage().get(image.storageKey) : null;
  if (!image || !stored) return null;
  const fitted = await fitBytes(
    { bytes: stored.body, contentType: image.contentType },
    { maxBytes: grant.maxBytes, types: [grant.contentType] },
  );
  if (fitted.contentType !== grant.contentType) return null;
  return { bytes: fitted.bytes, contentType: fitted.contentType };
}
