import { z } from "zod";
import { uuid } from "./common";
import { maxAltLength, maxItemImages } from "./item-image-limits";

/** Where a growth item's image came from: the founder's upload, or a brand card rendered for it. */
export const imageSources = ["upload", "card"] as const;
export type ImageSource = (typeof imageSources)[number];

/**
 * The longest alt text the writer drafts: under every limit of a network Launchloop sends
 * images to or may (Discord's attachment description takes 1,024 characters, X's alt text 1,000).
 */
export const maxDraftedAltLength = 1000;

export const itemImageContentTypes = ["image/png", "image/jpeg", "image/webp"] as const;

/** What a network account was given for an image (a blob, a media id), reused by a retry. */
export interface UploadedImageRef {
  id: string;
  data?: Record<string, unknown>;
  /** When the network forgets it if no post used it (X's media ids): then it is uploaded anew. */
  expiresAt?: string;
}

const alt = z
  .string()
  .trim()
  .max(maxAltLength)
  .describe("What the image shows, for people who cannot see it (required before the post is scheduled)");

export const itemImageUploadRequest = z.strictObject({
  contentType: z.enum(itemImageContentTypes),
  /** The image, base64-encoded (750 KB of image is 1,024,000 characters). */
  data: z
    .base64()
    .max(1_024_000)
    .describe("The image's bytes, base64-encoded (PNG, JPEG or WebP, up to 750 KB)")
    .meta({ examples: ["iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="] }),
  alt: alt.optional(),
});

export const itemCardRequest = z.strictObject({
  headline: z.string().trim().min(1).max(200).optional().describe("The card's words; the post's title when absent"),
  alt: alt.optional(),
});

export const itemImageUpdateRequest = z.strictObject({
  alt: alt.optional(),
  position: z.number().int().min(1).max(maxItemImages).optional().describe("Move the image to this place (1 is first)"),
});

export const itemImageParams = z.strictObject({
  itemId: uuid.describe("Growth item id"),
  imageId: uuid.describe("Image id"),
});

export const itemImageSummarySchema = z
  .object({
    id: uuid,
    position: z.number().int().describe("1 is first; the first image leads the post"),
    source: z.enum(imageSources),
    alt: z.string().describe("Empty until written: a post with an image without alt text is not scheduled"),
    contentType: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    size: z.number().int().describe("Bytes"),
  })
  .meta({ id: "GrowthItemImageSummary" });

export const itemImageSchema = itemImageSummarySchema
  .extend({ url: z.string().describe("Reads the image for an hour") })
  .meta({ id: "GrowthItemImage" });

export const itemImageListResponse = z.object({ images: z.array(itemImageSchema) }).meta({ id: "GrowthItemImages" });
export const itemImageResponse = z.object({ image: itemImageSchema }).meta({ id: "GrowthItemImageResponse" });
export const itemImageUploadResponse = z
  .object({
    image: itemImageSchema,
    altDrafting: z
      .boolean()
      .describe(
        "True when the image came without alt text and the configured model is describing it: the alt text lands within seconds, unless the founder writes one first (theirs is kept)",
      ),
  })
  .meta({ id: "GrowthItemImageUpload" });
