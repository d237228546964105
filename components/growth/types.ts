import type { z } from "zod";
import type { cycleSchema, growthItemSchema, itemDraftSchema, taskSchema } from "@/lib/schemas/growth";

// The growth board's types are its response schemas' outputs, narrowed to what the board shows:
// the page sends only these fields (every other one would travel in its data for nothing).
export type Cycle = z.output<typeof cycleSchema>;
export type FounderTask = z.output<typeof taskSchema>;
export type Draft = Pick<z.output<typeof itemDraftSchema>, "title" | "body" | "parts" | "hashtags" | "length">;
export const boardDraftFields = ["title", "body", "parts", "hashtags", "length"] as const satisfies readonly (keyof Draft)[];

/** An item as the board holds it (its earlier drafts are read when its history is opened). */
export type GrowthItem = Pick<
  z.output<typeof growthItemSchema>,
  | "id"
  | "channel"
  | "title"
  | "angle"
  | "cta"
  | "suggestedDay"
  | "status"
  | "publication"
  | "metrics"
  | "result"
  | "grade"
  | "resultNote"
> & { draft: Draft | null };
export const boardItemFields = [
  "id",
  "channel",
  "title",
  "angle",
  "cta",
  "suggestedDay",
  "status",
  "publication",
  "metrics",
  "result",
  "grade",
  "resultNote",
] as const satisfies readonly (keyof GrowthItem)[];

/** What the approved week's board is sent: the cycle without its plan (the theme is enough), its items as above. */
export type BoardCycle = Omit<Cycle, "plan" | "items"> & { theme: string; items: GrowthItem[] };

/** Of earlier weeks' items, what the retro's grade suggestion compares. */
export type MeasuredItem = Pick<GrowthItem, "id" | "channel" | "metrics">;
