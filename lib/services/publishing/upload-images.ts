import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db";
import { growthItemImages } from "@/lib/db/schema";
import { fitBytes } from "@/lib/images/fit-bytes";
import { isMediaType, signedMediaUrl } from "@/lib/images/media-url";
import { GiveUp } from "@/lib/jobs/outcome";
import type { ConnectedAccount, NetworkProvider, PostMedia } from "@/lib/networks/provider";
import type { ConnectionSecrets } from "@/lib/networks/secrets";
import type { UploadedImageRef } from "@/lib/schemas/item-images";
import { storage } from "@/lib/storage";
import type { ItemImageRecord } from "../item-images/serialize";

/** How long a network may take to fetch an image from its signed address (`byUrl`). */
const mediaUrlMs = 60 * 60_000;

/**
 * The post's images on the network, in order: each uploaded once per network account. What
 * the network gave for it (a blob, a media id) is written on the image's row, under the
 * connection's id, before the next one goes up and before the post, so a retry (after a
 * lost answer, a crash, a rate limit) reuses it and never uploads it again, unless the network
 * has forgotten it by then (`expiresAt`: X's media ids last a day). An image larger than the
 * network takes, or of a type it does not, is recompressed until it fits. A network that takes
 * the images with the post (`withPost`) gets their bytes; one that fetches them (`byUrl`) gets a
 * signed address that serves that very fit, made anew on every attempt.
 */
export async function uploadItemImages(
  db: Database,
  input: {
    provider: NetworkProvider;
    account: ConnectedAccount;
    connectionId: string;
    images: ItemImageRecord[];
    now: Date;
    signal?: AbortSignal;
    onSecrets(secrets: ConnectionSecrets): Promise<void>;
  },
): Promise<PostMedia[]> {
  const { provider, images } = input;
  const limits = provider.limits.images;
  if (images.length === 0) return [];
  if (!limits || (!provider.uploadMedia && !limits.withPost && !limits.byUrl))
    throw new GiveUp(`${provider.label} does not take images from Launchloop yet.`);
  const media: PostMedia[] = [];
  for (const image of images) {
    // Sent with the post itself (Discord): nothing to keep, the post's own once-only rules cover it.
    if (limits.withPost) {
      const fitted = await fitBytes(await storedBytes(image), limits);
      media.push({
        media: { id: String(image.position) },
        alt: image.alt,
        width: fitted.width,
        height: fitted.height,
        mimeType: fitted.contentType,
        bytes: fitted.bytes,
      });
      continue;
    }
    // Fetched by the network (Threads): a fresh address each attempt, so a retry reuses nothing that expired.
    if (limits.byUrl) {
      const fitted = await fitBytes(await storedBytes(image), limits);
      if (!isMediaType(fitted.contentType)) throw new GiveUp(`Image ${image.position} is of a type Launchloop cannot serve.`);
      const url = signedMediaUrl({
        imageId: image.id,
        contentType: fitted.contentType,
        maxBytes: limits.maxBytes,
        expiresAt: new Date(input.now.getTime() + mediaUrlMs),
      });
      media.push({
        media: { id: image.id },
        url,
        alt: image.alt,
        width: fitted.width,
        height: fitted.height,
        mimeType: fitted.contentType,
      });
      continue;
    }
    const known = image.uploads[input.connectionId];
    if (known && !expired(known, input.now)) {
      media.push({ media: known, alt: image.alt, width: image.width, height: image.height, mimeType: image.contentType });
      continue;
    }
    if (!provider.uploadMedia) throw new GiveUp(`${provider.label} does not take images from Launchloop yet.`);
    const fitted = await fitBytes(await storedBytes(image), limits);
    input.signal?.throwIfAborted();
    const uploaded = await provider.uploadMedia(
      input.account,
      {
        bytes: fitted.bytes,
        mimeType: fitted.contentType,
        alt: image.alt,
        width: fitted.width,
        height: fitted.height,
        signal: input.signal,
      },
      { now: input.now, onSecrets: input.onSecrets },
    );
    const ref = {
      id: uploaded.id,
      ...(uploaded.data && { data: uploaded.data }),
      ...(uploaded.expiresAt && { expiresAt: uploaded.expiresAt }),
    };
    await db
      .update(growthItemImages)
      .set({
        uploads: sql`${growthItemImages.uploads} || jsonb_build_object(${input.connectionId}::text, ${JSON.stringify(ref)}::jsonb)`,
      })
      .where(and(eq(growthItemImages.id, image.id), eq(growthItemImages.accountId, image.accountId)));
    media.push({ media: ref, alt: image.alt, width: fitted.width, height: fitted.height, mimeType: fitted.contentType });
  }
  return media;
}

/** An upload the network forgets unused (X's media ids, after a day), within ten minutes of it: uploaded anew. */
const expired = (ref: UploadedImageRef, now: Date) =>
  ref.expiresAt !== undefined && Date.parse(ref.expiresAt) - 10 * 60_000 <= now.getTime();

async function storedBytes(image: ItemImageRecord) {
  const stored = await storage().get(image.storageKey);
  if (!stored) throw new GiveUp(`Image ${image.position}'s file is missing: remove it and upload it again.`);
  return { bytes: stored.body, contentType: image.contentType };
}
