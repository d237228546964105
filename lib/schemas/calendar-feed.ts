import { z } from "zod";
import { timestamp } from "./common";

export const calendarFeedParams = z.strictObject({
  token: z
    .string()
    .regex(/^llcal_[A-Za-z0-9_-]{20,100}$/)
    .describe("The secret of a calendar subscription URL"),
});

export const calendarSubscriptionResponse = z
  .object({
    subscription: z
      .object({
        active: z.boolean(),
        createdAt: timestamp,
        lastUsedAt: timestamp.nullable().optional(),
        url: z.url().optional().describe("Only in the answer that created it: the URL is shown once"),
      })
      .nullable()
      .describe("The project's live subscription URL, or null"),
  })
  .meta({ id: "CalendarSubscription" });

export const calendarRevokeResponse = z
  .object({ revoked: z.boolean().describe("Whether a live URL was revoked") })
  .meta({ id: "CalendarSubscriptionRevoked" });
