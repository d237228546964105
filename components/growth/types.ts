import type { z } from "zod";
import type { cycleSchema, growthItemSchema, itemDraftSchema, taskSchema } from "@/lib/schemas/growth";

// The growth board's types are its response schemas' outputs.
export type Cycle = z.output<typeof cycleSchema>;
export type GrowthItem = z.output<typeof growthItemSchema>;
export type FounderTask = z.output<typeof taskSchema>;
export type Draft = z.output<typeof itemDraftSchema>;
