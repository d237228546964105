import { z } from "zod";
import { type ErrorCode, errorCodes } from "@/lib/errors";
import { checkoutPointer } from "./account";

const errorCodeSchema = z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]);

export const errorEnvelope = z
  .object({
    error: z.string().describe("Human-readable message"),
    code: errorCodeSchema.describe("Machine-readable discriminator"),
    retryable: z.boolean().describe("Whether an identical retry could later succeed"),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe("With `invalid_request`: what is wrong, field by field"),
  })
  .meta({ id: "Error" });

export const upgradeError = z
  .object({
    error: z.string(),
    code: z.literal("upgrade_required"),
    retryable: z.boolean(),
    feature: z.enum(["exports", "growth", "projects", "runs"]),
    upgrade: z.object({
      plans: z.array(z.enum(["pro", "studio"])).describe("Plans that lift the lock"),
      checkout: checkoutPointer,
      pricingUrl: z.url(),
      docsUrl: z.url(),
    }),
  })
  .meta({ id: "UpgradeError" });
