import { z } from "zod";

export const metaResponse = z
  .object({
    product: z.object({ name: z.string(), description: z.string() }),
    apiVersion: z.literal("v1"),
    pricing: z.object({
      plans: z.array(
        z.object({
          plan: z.enum(["free", "pro", "studio"]),
          priceUsd: z.number(),
          projects: z.number().int(),
          dailyRuns: z.number().int(),
          dailyRunsScope: z.enum(["account", "project"]),
          canExport: z.boolean(),
          canGrow: z.boolean(),
        }),
      ),
      pricingUrl: z.url(),
    }),
    auth: z.object({ type: z.literal("bearer"), header: z.string(), steps: z.array(z.string()) }),
    endpoints: z.array(
      z.object({ method: z.string(), path: z.string(), auth: z.enum(["none", "key", "session"]), summary: z.string() }),
    ),
    openapi: z.url(),
    mcp: z.object({ url: z.url(), transport: z.literal("streamable-http") }),
    docs: z.url(),
  })
  .meta({ id: "Meta" });

export const openApiDocumentSchema = z.record(z.string(), z.unknown()).meta({ id: "OpenApiDocument" });
