import { z } from "zod";
import { email, paidPlanSchema, planSchema, text, timestamp, uuid } from "./common";
import { returnPathSchema } from "./return-path";

export const signupRequest = z
  .strictObject({
    email,
    password: text(8, 200),
    acceptTerms: z.literal(true, { message: "You must accept the terms" }),
    captchaToken: text(1, 4096).optional().describe("Solved ALTCHA payload (base64); browser signups only"),
    inviteCode: text(1, 200).optional(),
  })
  .meta({ id: "SignupRequest" });

export const signupResponse = z.object({ status: z.literal("confirmation_required") }).meta({ id: "SignupResponse" });

export const resendConfirmationRequest = z
  .strictObject({ email: email.describe("The address signed up with") })
  .meta({ id: "ResendConfirmationRequest" });

export const resendConfirmationResponse = z
  .object({ status: z.literal("resend_requested") })
  .meta({ id: "ResendConfirmationResponse" });

export const bootstrapRequest = z
  .strictObject({
    tokenHash: text(1, 512).describe("The token_hash of the confirmation e-mail link"),
    name: text(1, 80).optional().describe("Label of the key (default `bootstrap`)"),
    password: text(8, 200)
      .optional()
      .describe(
        "The password chosen at sign-up. Without it, an address that was signed up more than once is confirmed without a password (set one by resetting it)",
      ),
  })
  .meta({ id: "KeyBootstrapRequest" });

export const apiKeySchema = z
  .object({ id: uuid, name: z.string(), prefix: z.string(), createdAt: timestamp })
  .meta({ id: "ApiKey" });

export const bootstrapResponse = z
  .object({
    key: z.string().describe("The API key secret. Shown once: store it now."),
    apiKey: apiKeySchema,
  })
  .meta({ id: "KeyBootstrapResponse" });

export const checkoutPointer = z
  .object({
    method: z.literal("POST"),
    path: z.literal("/api/v1/billing/checkout"),
    body: z.object({ plan: paidPlanSchema }),
  })
  .meta({ id: "CheckoutPointer", description: "The request that returns a checkout link" });

export const billingSchema = z
  .object({
    plan: planSchema,
    status: z
      .string()
      .describe("`none` without a subscription, otherwise the subscription status (active, past_due, canceled...)"),
    activated: z.boolean(),
    provider: z.enum(["stripe", "local"]),
    currentPeriodEnd: timestamp.nullable(),
    cancelAtPeriodEnd: z.boolean(),
  })
  .meta({ id: "Billing" });

export const billingResponse = z.object({ billing: billingSchema }).meta({ id: "BillingResponse" });

export const limitsSchema = z
  .object({
    projects: z.number().int(),
    dailyRuns: z.number().int(),
    dailyRunsScope: z.enum(["account", "project"]),
    canExport: z.boolean(),
    canGrow: z.boolean(),
  })
  .meta({ id: "Limits" });

export const meResponse = z
  .object({
    account: z.object({ id: uuid, email: z.string(), plan: planSchema, activated: z.boolean(), createdAt: timestamp }),
    limits: limitsSchema,
    usage: z.object({
      projects: z.number().int(),
      runsToday: z.number().int(),
      runsTodayByProject: z.record(z.string(), z.number().int()),
    }),
    billing: billingSchema,
    activation: z
      .object({ checkout: checkoutPointer })
      .optional()
      .describe("Present only while the account is unactivated: send this request to get a checkout link"),
  })
  .meta({ id: "MeResponse" });

export const checkoutRequest = z
  .strictObject({
    plan: paidPlanSchema,
    returnTo: returnPathSchema.optional().describe("Path on this site to return to once paid"),
  })
  .meta({ id: "CheckoutRequest" });

export const checkoutResponse = z
  .object({ url: z.url().describe("Hosted checkout page"), plan: paidPlanSchema })
  .meta({ id: "CheckoutResponse" });
