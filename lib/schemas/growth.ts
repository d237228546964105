import { z } from "zod";
import { text, timestamp, uuid } from "./common";

export const channels = [
  "x",
  "linkedin",
  "instagram",
  "threads",
  "bluesky",
  "pinterest",
  "tiktok",
  "instagram-reels",
  "youtube-shorts",
  "reddit",
  "discord",
  "facebook-group",
  "blog",
  "thought-leadership",
  "newsletter",
] as const;
export const channelSchema = z.enum(channels);
export type Channel = z.infer<typeof channelSchema>;

export const itemStatuses = ["planned", "draft", "approved", "skipped", "published"] as const;
export const itemStatusSchema = z.enum(itemStatuses);
export const taskStatusSchema = z.enum(["open", "done", "skipped"]);
export const cycleStatusSchema = z.enum(["planned", "approved", "closed"]);

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
  result: z.enum(["published", "skipped"]),
  note: z.string().max(500).optional(),
  grade: z.enum(["great", "ok", "quiet"]).optional(),
});

export const retroRequest = z
  .strictObject({
    overall: z.string().max(3000),
    items: z.array(retroEntrySchema).max(50).default([]),
  })
  .meta({ id: "RetroRequest" });

export const itemReviewRequest = z
  .strictObject({ status: itemStatusSchema, resultNote: z.string().max(1000).optional() })
  .meta({ id: "ItemReviewRequest" });

export const itemGenerateRequest = z
  .strictObject({ feedback: z.string().max(1000).optional().describe("e.g. 'shorter', 'more casual'") })
  .meta({ id: "ItemGenerateRequest" });

export const taskUpdateRequest = z.strictObject({ status: taskStatusSchema }).meta({ id: "TaskUpdateRequest" });

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
    draft: z.record(z.string(), z.unknown()).nullable().describe("The current channel-ready draft: title, body, thread parts, hashtags, length and limit"),
    previousDrafts: z.array(z.record(z.string(), z.unknown())).describe("Earlier drafts, oldest first"),
    result: z.enum(["published", "skipped"]).nullable().describe("Recorded by the retro"),
    grade: z.enum(["great", "ok", "quiet"]).nullable().describe("Recorded by the retro"),
    resultNote: z.string().nullable(),
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
    plan: z.record(z.string(), z.unknown()),
    items: z.array(growthItemSchema),
    tasks: z.array(taskSchema),
    retro: z.record(z.string(), z.unknown()).nullable(),
    usage: z.record(z.string(), z.unknown()).nullable().describe("Tokens and model of the planner"),
    createdAt: timestamp,
    approvedAt: timestamp.nullable(),
    closedAt: timestamp.nullable(),
  })
  .meta({ id: "GrowthCycle" });

export const cycleParams = z.strictObject({ cycleId: uuid.describe("Growth cycle id") });
export const growthItemParams = z.strictObject({ itemId: uuid.describe("Growth item id") });
export const taskParams = z.strictObject({ taskId: uuid.describe("Founder task id") });

export const cycleResponse = z.object({ cycle: cycleSchema }).meta({ id: "CycleResponse" });
export const cycleListResponse = z.object({ cycles: z.array(cycleSchema).describe("Newest first") }).meta({ id: "CycleList" });
export const growthItemResponse = z.object({ item: growthItemSchema }).meta({ id: "GrowthItemResponse" });
export const taskResponse = z.object({ task: taskSchema }).meta({ id: "TaskResponse" });
