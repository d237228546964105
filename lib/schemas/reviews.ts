import { z } from "zod";
import { text, timestamp, uuid } from "./common";
import { channelSchema, itemDraftEditRequest, itemStatusSchema } from "./growth";

export const itemReviewActions = ["approved", "changes_requested", "edited"] as const;
export const itemReviewActionSchema = z.enum(itemReviewActions);

// Control characters (but tab and line breaks) and bidi overrides have no place in a name or a comment a person reads.
const controlCharacter = /[^\P{Cc}\t\n\r]|\p{Bidi_Control}/u;
const plain = (min: number, max: number, oneLine: boolean) =>
  text(0, max + 200)
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(min)
        .max(max)
        .refine((value) => !controlCharacter.test(value) && (!oneLine || !/[\r\n\t]/.test(value)), {
          message: oneLine ? "Plain text on one line, please" : "Plain text, please",
        }),
    );

export const reviewerName = plain(1, 80, true).describe("The reviewer's name, as they typed it (plain text)");
export const reviewComment = plain(1, 2000, false).describe("What to change (plain text)");

export const reviewLinkDays = { min: 1, max: 30, default: 7 } as const;

export const reviewLinkCreateRequest = z
  .strictObject({
    label: plain(1, 80, true).optional().describe("Who the link is for, e.g. 'Sam (co-founder)'"),
    expiresInDays: z
      .number()
      .int()
      .min(reviewLinkDays.min)
      .max(reviewLinkDays.max)
      .optional()
      .describe(`Days until the link stops working (default ${reviewLinkDays.default})`),
  })
  .meta({ id: "ReviewLinkCreateRequest" });

export const reviewLinkSchema = z
  .object({
    id: uuid,
    projectId: uuid,
    cycleId: uuid,
    hint: z.string().describe("The token's first characters"),
    label: z.string().nullable(),
    expiresAt: timestamp,
    createdAt: timestamp,
    revokedAt: timestamp.nullable(),
  })
  .meta({ id: "ReviewLink" });

export const reviewLinkParams = z.strictObject({ linkId: uuid.describe("Review link id") });
export const reviewTokenParams = z.strictObject({ token: z.string().min(20).max(200) });
export const reviewItemParams = reviewTokenParams.extend({ itemId: uuid.describe("Growth item id") });

export const reviewLinkListResponse = z.object({ links: z.array(reviewLinkSchema) }).meta({ id: "ReviewLinkList" });
export const createdReviewLinkResponse = z
  .object({ link: reviewLinkSchema, url: z.url().describe("The review page's address; shown once") })
  .meta({ id: "CreatedReviewLink" });
export const reviewLinkResponse = z.object({ link: reviewLinkSchema }).meta({ id: "ReviewLinkResponse" });

export const itemReviewSchema = z
  .object({
    id: uuid,
    itemId: uuid,
    reviewLinkId: uuid,
    reviewerName: z.string(),
    action: itemReviewActionSchema,
    comment: z.string().nullable(),
    applied: z.boolean().describe('True when this review approved the item ("approved by a reviewer is enough" was on)'),
    createdAt: timestamp,
  })
  .meta({ id: "ItemReview" });
export type ItemReview = z.infer<typeof itemReviewSchema>;

export const itemReviewListResponse = z
  .object({ reviews: z.array(itemReviewSchema).describe("Oldest first") })
  .meta({ id: "ItemReviewList" });

export const reviewSettingsSchema = z
  .object({
    reviewerApprovalSchedules: z
      .boolean()
      .describe(
        "When true, a reviewer's approval approves (and schedules) the item as the founder's would; else it is only recorded",
      ),
  })
  .meta({ id: "ReviewSettings" });
export const reviewSettingsRequest = z
  .strictObject({ reviewerApprovalSchedules: z.boolean() })
  .meta({ id: "ReviewSettingsRequest" });

// The reviewer's side: what the page shows and what it sends.

export const reviewerApprovalRequest = z.strictObject({ name: reviewerName });
export const reviewerChangesRequest = z.strictObject({ name: reviewerName, comment: reviewComment });
export const reviewerEditRequest = z.strictObject({ name: reviewerName, edit: itemDraftEditRequest });

const reviewedItemSchema = z.object({
  id: uuid,
  channel: channelSchema,
  title: z.string(),
  angle: z.string(),
  keyMessage: z.string(),
  suggestedDay: z.string(),
  status: itemStatusSchema,
  draft: z
    .object({
      title: z.string().nullable(),
      body: z.string(),
      parts: z.array(z.string()),
      length: z.number().int(),
      limit: z.number().int(),
      unit: z.string(),
    })
    .nullable(),
  reviews: z.array(itemReviewSchema.omit({ reviewLinkId: true, itemId: true })),
});

export const reviewWeekResponse = z.object({
  project: z.object({ name: z.string() }),
  week: z.object({ weekNumber: z.number().int(), weekStart: z.string(), theme: z.string(), status: z.string() }),
  reviewerApprovalSchedules: z.boolean(),
  expiresAt: timestamp,
  items: z.array(reviewedItemSchema),
});

export const reviewActionResponse = z.object({
  review: itemReviewSchema.omit({ reviewLinkId: true }),
  item: reviewedItemSchema,
});
