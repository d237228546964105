import "server-only";
import type { z } from "zod";
import type { ServiceContext } from "@/lib/core/context";
import { AppError } from "@/lib/errors";
import { ImageRefused, reencodeUpload } from "@/lib/images/reencode-upload";
import { maxItemImageBytes } from "@/lib/schemas/item-image-limits";
import type { itemImageUploadRequest } from "@/lib/schemas/item-images";
import { getOwnedItem } from "../growth/load";
import { attachItemImage } from "./attach";
import { queueAltDraft } from "./draft-alt";
import { countItemImages, refuseImageOver } from "./load";
import { describeImage } from "./serialize";

/**
 * The founder's picture for a post: its bytes checked to be the image they claim, drawn anew
 * (EXIF gone), then attached. Without alt text, the writer drafts it after the answer when a
 * model is configured (`altDrafting`); the founder's words, given before it lands, are kept.
 */
export async function uploadItemImage(
  ctx: ServiceContext,
  { itemId, image: input }: { itemId: string; image: z.infer<typeof itemImageUploadRequest> },
) {
  const { item } = await getOwnedItem(ctx.db, { accountId: ctx.account.id, itemId });
  refuseImageOver(await countItemImages(ctx.db, { accountId: ctx.account.id, itemId: item.id }));
  const bytes = new Uint8Array(Buffer.from(input.data, "base64"));
  if (bytes.length > maxItemImageBytes)
    throw new AppError(
      "invalid_request",
      `The image is ${Math.ceil(bytes.length / 1024)} KB; the limit is ${maxItemImageBytes / 1024} KB.`,
    );
  const image = await reencodeUpload(bytes, input.contentType).catch((error: unknown) => {
    throw error instanceof ImageRefused ? new AppError("invalid_request", error.message) : error;
  });
  const row = await attachItemImage(ctx.db, {
    accountId: ctx.account.id,
    itemId: item.id,
    image,
    alt: input.alt,
    source: "upload",
    now: ctx.now,
  });
  const altDrafting = await queueAltDraft(ctx.db, { image: row, now: ctx.now });
  return { image: await describeImage(row), altDrafting };
}
