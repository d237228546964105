import { z } from "zod";
import { nextCursor, text, timestamp, uuid } from "./common";
import { exportFormats } from "./exports";
import { agentTypeSchema } from "./project";

export const contentItemSchema = z
  .object({
    id: uuid,
    projectId: uuid,
    runId: uuid,
    agentType: agentTypeSchema,
    kind: z.string().describe("What the item is, e.g. `positioning-options`, `homepage`, `post-x`"),
    title: z.string(),
    body: z.string().describe("Markdown"),
    source: z.string().describe("What wrote it: the model's name, or `offline` for the offline drafting engine"),
    awaitingReview: z.boolean().describe("True while the run that made it waits for the founder's review"),
    editedByFounder: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "ContentItem" });

export const contentEditRequest = z
  .strictObject({ body: text(1, 20000), title: text(1, 200).optional() })
  .meta({ id: "ContentEditRequest" });

export const contentItemParams = z.strictObject({ itemId: uuid.describe("Content item id") });

export const contentBlankFillRequest = z
  .strictObject({ index: z.int().min(0).max(10_000).describe("Which blank, counted from 0"), value: text(1, 2000) })
  .meta({ id: "ContentBlankFill" });
export const contentBlankFillResponse = z
  .object({ item: contentItemSchema, blanksLeft: z.int().min(0) })
  .meta({ id: "ContentBlankFillResponse" });

export const contentListResponse = z.object({ items: z.array(contentItemSchema), nextCursor }).meta({ id: "ContentList" });
export const contentItemResponse = z.object({ item: contentItemSchema }).meta({ id: "ContentItemResponse" });

export const contentVersionListResponse = z
  .object({
    versions: z.array(z.object({ id: z.string(), title: z.string(), body: z.string(), createdAt: z.string() })),
  })
  .meta({ id: "ContentVersionList" });

export const exportQuery = z
  .strictObject({
    projectId: uuid,
    format: z.enum(exportFormats).default("json"),
  })
  .meta({ id: "ExportQuery" });
