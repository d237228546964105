import { z } from "zod";
import { nextCursor, text, timestamp, uuid } from "./common";
import { channels, itemStatuses } from "./growth-lists";
import { itemImageSummarySchema } from "./item-images";
import { postMetricsSchema, publicationSchema, publishOptionsSchema } from "./publishing";

export { channels, itemStatuses };

export const channelSchema = z.enum(channels);
export type Channel = z.infer<typeof channelSchema>;

export const itemStatusSchema = z.enum(itemStatuses);
export const taskStatuses = ["open", "done", "skipped"] as const;
export const taskStatusSchema = z.enum(taskStatuses);
export const cycleStatuses = ["planned", "approved", "closed"] as const;
export const cycleStatusSchema = z.enum(cycleStatuses);
export const itemResults = ["published", "skipped"] as const;
export const itemGrades = ["great", "ok", "quiet"] as const;

export const plannedItemSchema = z
  .strictObject({
    slug: z.string().max(200),
    title: text(1, 200),
    angle: z.string().max(1000),
    keyMessage: z.string().max(1000),
    cta: z.string().max(200).optional(),
    suggestedDay: z.string().max(20),
    notes: z.string().max(1000).optional(),
  })
  .meta({ id: "PlannedItem" });

export const contentPlanEntrySchema = z
  .strictObject({
    channel: channelSchema,
    audienceRationale: z.string().max(1000).optional(),
    count: z.number().int().min(0).max(10),
    items: z.array(plannedItemSchema).max(10),
  })
  .meta({ id: "ContentPlanEntry" });

export const founderTaskSchema = z
  .strictObject({
    title: text(1, 200),
    description: z.string().max(1000),
    category: z.string().max(50),
    effort: z.string().max(20),
    suggestedDay: z.string().max(20).optional(),
  })
  .meta({ id: "FounderTask" });

export const skippedEntrySchema = z.strictObject({ what: z.string().max(200), why: z.string().max(1000) });

export const weeklyPlanSchema = z
  .strictObject({
    weekTheme: text(1, 200),
    rationale: z.string().max(3000),
    contentPlan: z.array(contentPlanEntrySchema).max(15),
    founderTasks: z.array(founderTaskSchema).max(10),
    skipped: z.array(skippedEntrySchema).max(25).default([]),
  })
  .meta({ id: "WeeklyPlan" });
export type WeeklyPlan = z.infer<typeof weeklyPlanSchema>;

export const cycleApprovalRequest = z
  .strictObject({ plan: weeklyPlanSchema.optional().describe("Replaces the proposed plan when present") })
  .meta({ id: "CycleApprovalRequest" });

export const retroEntrySchema = z.strictObject({
  itemId: uuid,
  result: z.enum(itemResults),
  note: z.string().max(500).optional(),
  grade: z.enum(itemGrades).optional(),
});

export const retroRequest = z
  .strictObject({
    overall: z.string().max(3000),
    items: z.array(retroEntrySchema).max(50).default([]),
  })
  .meta({ id: "RetroRequest" });

const scheduleFields = {
  scheduledAt: z.iso.datetime({ offset: true }).nullable().optional().describe("When it goes out; null unschedules"),
  connectionId: uuid.nullable().optional().describe("The connected account; null detaches"),
  publishOptions: publishOptionsSchema.optional().describe("The network's per-item choices, e.g. Reddit's subreddit"),
};

export const itemScheduleRequest = z
  .strictObject(scheduleFields)
  .refine((body) => body.scheduledAt !== undefined || body.connectionId !== undefined || body.publishOptions !== undefined, {
    message: "Send scheduledAt, connectionId or publishOptions",
  })
  // The refine, as the document says it: a closed object of optional members, at least one sent.
  .meta({ id: "ItemScheduleRequest", minProperties: 1 });

export const itemReviewRequest = z
  .strictObject({
    status: itemStatusSchema.optional(),
    resultNote: z.string().max(1000).optional(),
    ...scheduleFields,
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Send status, resultNote, scheduledAt, connectionId or publishOptions",
  })
  .meta({ id: "ItemReviewRequest", description: "Send at least one member", minProperties: 1 });

export const itemGenerateRequest = z
  .strictObject({ feedback: z.string().max(1000).optional().describe("e.g. 'shorter', 'more casual'") })
  .meta({ id: "ItemGenerateRequest" });

export const itemDraftEditRequest = z
  .strictObject({
    body: text(1, 40000).optional().describe("The post's new text, as one post"),
    parts: z
      .array(text(1, 40000))
      .min(1)
      .max(25)
      .optional()
      .describe("A thread's posts in order (X, Bluesky, Mastodon, Threads); each within the channel's limit"),
    title: text(0, 300).nullable().optional().describe("The draft's title, for channels that have one"),
  })
  .refine((edit) => (edit.body === undefined) !== (edit.parts === undefined), { message: "Send body or parts (not both)" })
  .meta({
    id: "ItemDraftEditRequest",
    description: "Send `body` or `parts`, not both",
    oneOf: [{ required: ["body"] }, { required: ["parts"] }],
  });

export const taskUpdateRequest = z.strictObject({ status: taskStatusSchema }).meta({ id: "TaskUpdateRequest" });

const tokens = z.number().int();

/** Tokens spent writing one item's drafts, all regenerations together. */
export const itemUsageSchema = z
  .object({ inputTokens: tokens, outputTokens: tokens, model: z.string().nullable(), calls: tokens })
  .meta({ id: "ItemUsage" });
export type ItemUsage = z.infer<typeof itemUsageSchema>;

export const cycleUsageSchema = z
  .object({
    inputTokens: tokens.nullable().describe("The planner's"),
    outputTokens: tokens.nullable().describe("The planner's"),
    model: z.string().nullable().describe("The planner's model; `offline` for the offline drafting engine"),
    items: z.object({ inputTokens: tokens, outputTokens: tokens, calls: tokens }).describe("Every draft of the cycle's items"),
    totalTokens: tokens,
  })
  .meta({ id: "CycleUsage" });

export const videoScriptSchema = z
  .object({ hook: z.string(), onScreenText: z.string(), voiceOver: z.string(), caption: z.string() })
  .meta({ id: "VideoScript", description: "A short video's script, part by part" });

export const itemDraftSchema = z
  .object({
    channel: channelSchema,
    format: z.string().describe("The channel's kind of post, e.g. `short-post`, `long-form`"),
    title: z.string().nullable(),
    body: z.string().describe("The whole post; for a thread, its parts joined by blank lines"),
    parts: z.array(z.string()).describe("A thread's posts, each within the channel's limit; one part for a single post"),
    hashtags: z.array(z.string()),
    length: z.number().int().describe("The longest part's length, counted as the channel counts"),
    limit: z.number().int(),
    unit: z.string().describe("How the channel counts: characters, graphemes or weighted"),
    feedback: z.string().nullable().describe("The founder's feedback this draft answered"),
    model: z.string().describe("`offline` for the offline drafting engine"),
    script: videoScriptSchema.nullish().describe("For short-video channels; absent elsewhere"),
    language: z.string().optional().describe("BCP 47 language the draft is written in"),
    usage: z.object({ inputTokens: tokens, outputTokens: tokens }).optional().describe("Tokens this draft took"),
    generatedAt: timestamp,
    editedAt: timestamp.optional().describe("When the founder last edited it by hand; absent on a draft as written"),
  })
  .meta({ id: "ItemDraft", description: "A channel-ready draft" });
export type ItemDraft = z.infer<typeof itemDraftSchema>;

export const cycleRetroSchema = z
  .object({ overall: z.string(), items: z.array(retroEntrySchema), submittedAt: timestamp })
  .meta({ id: "CycleRetro" });
export type CycleRetro = z.infer<typeof cycleRetroSchema>;

export const itemTrackingSchema = z
  .object({
    linkId: uuid,
    shortUrl: z.string(),
    destination: z.string(),
    enabled: z.boolean().describe("Off: the post carries the destination itself"),
    clicks: z.number().int().describe("Counted clicks (no bots, prefetches or repeats within the hour)"),
    signups: z.number().int(),
    conversions: z.number().int().describe("Attributed conversions of any event"),
  })
  .meta({ id: "ItemTracking" });
export type ItemTracking = z.infer<typeof itemTrackingSchema>;

export const growthItemSchema = z
  .object({
    id: uuid,
    cycleId: uuid,
    channel: channelSchema,
    slug: z.string(),
    title: z.string(),
    angle: z.string(),
    keyMessage: z.string(),
    cta: z.string().nullable(),
    suggestedDay: z.string(),
    notes: z.string().nullable(),
    status: itemStatusSchema,
    draft: itemDraftSchema.nullable().describe("The current channel-ready draft"),
    previousDrafts: z.array(itemDraftSchema).describe("Earlier drafts, oldest first"),
    result: z.enum(itemResults).nullable().describe("Recorded by the retro"),
    grade: z.enum(itemGrades).nullable().describe("Recorded by the retro"),
    resultNote: z.string().nullable(),
    usage: itemUsageSchema.nullable().describe("Tokens spent on this item's drafts, all regenerations together"),
    publication: publicationSchema.nullable().describe("Null until scheduled"),
    metrics: postMetricsSchema.nullable().describe("Pulled 1 h, 24 h and 7 d after publishing"),
    tracking: itemTrackingSchema
      .nullable()
      .optional()
      .describe("On week reads: the post's tracked link and the clicks and conversions it brought (null without a link)"),
    images: z
      .array(itemImageSummarySchema)
      .optional()
      .describe("On week reads: the post's images in order (their URLs: GET /api/v1/growth/items/{itemId}/images)"),
  })
  .meta({ id: "GrowthItem" });

export const taskSchema = z
  .object({
    id: uuid,
    cycleId: uuid,
    title: z.string(),
    description: z.string(),
    category: z.string(),
    effort: z.string(),
    suggestedDay: z.string().nullable(),
    status: taskStatusSchema,
  })
  .meta({ id: "FounderTaskItem" });

export const cycleSchema = z
  .object({
    id: uuid,
    projectId: uuid,
    weekNumber: z.number().int(),
    status: cycleStatusSchema,
    weekStart: z.string().describe("ISO date of the week's Monday"),
    plan: weeklyPlanSchema,
    items: z.array(growthItemSchema),
    tasks: z.array(taskSchema),
    retro: cycleRetroSchema.nullable().describe("Present once the cycle is closed"),
    usage: cycleUsageSchema.describe("Tokens of the planner, of the drafts (all regenerations) and of the whole cycle"),
    createdAt: timestamp,
    approvedAt: timestamp.nullable(),
    closedAt: timestamp.nullable(),
  })
  .meta({ id: "GrowthCycle" });

export const cycleParams = z.strictObject({ cycleId: uuid.describe("Growth cycle id") });
export const growthItemParams = z.strictObject({ itemId: uuid.describe("Growth item id") });
export const itemDraftListResponse = z
  .object({ versions: z.array(itemDraftSchema).describe("Earlier drafts, oldest first") })
  .meta({ id: "GrowthItemDrafts" });
export const taskParams = z.strictObject({ taskId: uuid.describe("Founder task id") });

export const cycleResponse = z.object({ cycle: cycleSchema }).meta({ id: "CycleResponse" });
export const cycleListResponse = z
  .object({ cycles: z.array(cycleSchema).describe("Newest first"), nextCursor })
  .meta({ id: "CycleList" });
export const growthItemResponse = z.object({ item: growthItemSchema }).meta({ id: "GrowthItemResponse" });
export const taskResponse = z.object({ task: taskSchema }).meta({ id: "TaskResponse" });

export const itemImportRequest = z
  .strictObject({
    csv: text(1, 200_000)
      .describe("CSV text whose first line names the columns channel, day, title, text, link (up to 100 rows)")
      .meta({ examples: ["channel,day,title,text,link\nx,Tue,Launch day,We are live today.,https://example.com/\n"] }),
  })
  .meta({ id: "ItemImportRequest" });

export const importRowSchema = z
  .object({
    line: z.number().int().describe("The row's line in the CSV (the header is line 1)"),
    channel: channelSchema.nullable(),
    day: z.string().nullable().describe("Mon to Sun, of this week"),
    title: z.string(),
    text: z.string().describe("The post as it would be saved (the link on its own line when the text has none)"),
    link: z.string().nullable(),
    problems: z.array(z.string()).describe("Why the row cannot be saved; empty when it can"),
  })
  .meta({ id: "ItemImportRow" });

export const itemImportPreviewResponse = z
  .object({ rows: z.array(importRowSchema), valid: z.number().int(), invalid: z.number().int() })
  .meta({ id: "ItemImportPreview" });

export const itemImportResponse = itemImportPreviewResponse
  .extend({ imported: z.number().int(), items: z.array(growthItemSchema).describe("The items added, as drafts") })
  .meta({ id: "ItemImportResult" });
