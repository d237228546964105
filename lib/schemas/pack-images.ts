import { z } from "zod";
import { text, timestamp, uuid } from "./common";

/** The launch pack's brand cards: Open Graph, square and portrait feed cards, Product Hunt gallery, header. */
export const packImageKinds = ["open-graph", "square", "portrait", "product-hunt", "header"] as const;
export const packImageKindSchema = z.enum(packImageKinds).describe("Which card: its size follows from it");
export type PackImageKind = (typeof packImageKinds)[number];

export const packImageParams = z.strictObject({ packImageId: uuid.describe("Pack image id") });

export const packImageSchema = z
  .object({
    id: uuid,
    projectId: uuid,
    kind: packImageKindSchema,
    headline: z.string(),
    alt: z.string().describe("Alt text, in the project's language"),
    edited: z.boolean().describe("The founder wrote the headline and alt text; a new launch assets run keeps them"),
    width: z.number().int(),
    height: z.number().int(),
    size: z.number().int().describe("PNG bytes"),
    url: z.string().nullable().describe("A short-lived URL of the PNG (one hour); null when it was never drawn"),
    error: z.string().nullable().describe("Why the last drawing failed, if it did"),
    updatedAt: timestamp,
  })
  .meta({ id: "PackImage" });

export const packImageListResponse = z.object({ images: z.array(packImageSchema) }).meta({ id: "PackImageList" });
export const packImageResponse = z.object({ image: packImageSchema }).meta({ id: "PackImageResponse" });
export const deletedPackImageResponse = z.object({ deleted: z.literal(true), id: uuid }).meta({ id: "DeletedPackImage" });

export const packImageUpdateRequest = z
  .strictObject({
    headline: text(1, 300).optional(),
    alt: text(1, 1000).optional(),
  })
  .meta({ id: "PackImageUpdateRequest", description: "Members you send replace the stored ones; the card is drawn again" });

export const packImageRenderRequest = z
  .strictObject({
    kind: packImageKindSchema.optional().describe("One card; all five when left out"),
  })
  .meta({ id: "PackImageRenderRequest" });

export const sharedImageParams = z.strictObject({
  token: z.string().min(20).max(200),
  kind: packImageKindSchema,
});
