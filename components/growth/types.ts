import type { z } from "zod";
import type { cycleSchema, growthItemSchema, taskSchema } from "@/lib/schemas/growth";

export type Cycle = z.output<typeof cycleSchema>;
export type GrowthItem = z.output<typeof growthItemSchema>;
export type FounderTask = z.output<typeof taskSchema>;

/** A draft as the growth writer stores it (lib/services/growth generateItem). */
export interface Draft {
  title: string | null;
  body: string;
  parts: string[];
  hashtags: string[];
  length?: number;
  limit?: number;
  feedback?: string | null;
  generatedAt?: string;
}

/** Reads a stored draft defensively: older or foreign shapes still render. */
export function asDraft(value: Record<string, unknown> | null | undefined): Draft | null {
  if (!value || typeof value.body !== "string") return null;
  const parts = Array.isArray(value.parts) && value.parts.every((part) => typeof part === "string") ? (value.parts as string[]) : [value.body];
  return {
    title: typeof value.title === "string" ? value.title : null,
    body: value.body,
    parts: parts.length ? parts : [value.body],
    hashtags: Array.isArray(value.hashtags) ? value.hashtags.filter((tag): tag is string => typeof tag === "string") : [],
    length: typeof value.length === "number" ? value.length : undefined,
    limit: typeof value.limit === "number" ? value.limit : undefined,
    feedback: typeof value.feedback === "string" ? value.feedback : null,
    generatedAt: typeof value.generatedAt === "string" ? value.generatedAt : undefined,
  };
}
