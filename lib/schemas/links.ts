import { z } from "zod";
import { safeString, timestamp, uuid } from "./common";
import { channelSchema } from "./growth";

export const clickKinds = ["counted", "repeat", "bot", "prefetch"] as const;
export type ClickKind = (typeof clickKinds)[number];
export const conversionSources = ["server", "site"] as const;
export type ConversionSource = (typeof conversionSources)[number];
export const ingestKeyKinds = ["secret", "publishable"] as const;
export type IngestKeyKind = (typeof ingestKeyKinds)[number];

export interface LinkUtm {
  source: string;
  medium: string;
  campaign: string;
  content: string;
}

/** An address a tracked link may send readers to: http or https, never another scheme. */
export const destinationUrl = safeString()
  .max(2000)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { message: "Use a full web address starting with https:// (or http://)." },
  )
  .meta({
    format: "uri",
    pattern: "^https?://",
    description: "An http or https address, e.g. https://example.com/pricing",
    examples: ["https://example.com/pricing"],
  });

export const linkUtmSchema = z
  .object({
    source: z.string().describe("utm_source: the channel"),
    medium: z.string().describe("utm_medium: the channel's format (social, email, blog, community…)"),
    campaign: z.string().describe("utm_campaign: the launch or the week"),
    content: z.string().describe("utm_content: the item"),
  })
  .meta({ id: "LinkUtm" });

export const trackedLinkSchema = z
  .object({
    id: uuid,
    projectId: uuid,
    growthItemId: uuid.nullable(),
    contentItemId: uuid.nullable(),
    code: z.string(),
    shortUrl: z.string().describe("What posts carry"),
    destination: z.string(),
    targetUrl: z.string().describe("The destination with UTM parameters"),
    utm: linkUtmSchema,
    enabled: z.boolean().describe("Off: new posts carry the destination; the short link still redirects"),
    clicks: z.number().int().describe("Counted: no bots, prefetches or repeats within the hour"),
    conversions: z.number().int(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "TrackedLink" });
export type TrackedLink = z.infer<typeof trackedLinkSchema>;

export const linkListResponse = z.object({ links: z.array(trackedLinkSchema) }).meta({ id: "TrackedLinkList" });
export const linkResponse = z.object({ link: trackedLinkSchema }).meta({ id: "TrackedLinkResponse" });

export const linkParams = z.strictObject({ linkId: uuid.describe("Tracked link id") });

export const linkCreateRequest = z
  .strictObject({
    destination: destinationUrl,
    campaign: safeString().min(1).max(100).optional().describe("utm_campaign (default: the project's name)"),
    source: safeString().min(1).max(100).optional().describe("utm_source (default: launchloop)"),
  })
  .meta({ id: "TrackedLinkCreate" });

export const linkUpdateRequest = z
  .strictObject({
    destination: destinationUrl.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => body.destination !== undefined || body.enabled !== undefined, {
    message: "Send destination, enabled or both.",
  })
  .meta({ id: "TrackedLinkUpdate", minProperties: 1 });

/** An event name: lower-case letters, digits and `_.-`, e.g. `signup`, `purchase`, `trial_started`. */
export const conversionEvent = z
  .string()
  .min(1)
  .max(50)
  .regex(/^[a-z0-9][a-z0-9_.-]*$/, { message: "Use lower-case letters, digits, _ . or -, e.g. signup." })
  .meta({
    description: 'The event: "signup", "purchase" or a name of yours (lower-case letters, digits, _ . -)',
    examples: ["signup", "purchase"],
  });

export const conversionRequest = z
  .strictObject({
    clickId: safeString()
      .max(100)
      .optional()
      .describe("The `ll_click` value the landing URL carried; without it, or unknown, the conversion is unattributed"),
    event: conversionEvent,
    externalId: safeString()
      .min(1)
      .max(200)
      .describe("Your id for this event (a user or order id): the same one twice is one conversion"),
    value: z.number().min(0).max(100_000_000).optional().describe("What it was worth, in `currency` units (e.g. 24.5)"),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, { message: "Use a three-letter currency code such as USD." })
      .meta({ description: "ISO 4217 code, e.g. USD", examples: ["USD", "EUR"] })
      .optional(),
    occurredAt: timestamp.optional().describe("When it happened (default: now; a time ahead of the server's is taken as now)"),
  })
  .meta({ id: "ConversionCreate" });
export type ConversionRequest = z.infer<typeof conversionRequest>;

export const conversionSchema = z
  .object({
    id: uuid,
    projectId: uuid,
    event: z.string(),
    externalId: z.string(),
    value: z.number().nullable(),
    currency: z.string().nullable(),
    occurredAt: timestamp,
    source: z.enum(conversionSources).describe("server: an API or ingest key; site: the script on the founder's site"),
    attributed: z.boolean(),
    clickId: uuid.nullable(),
    linkId: uuid.nullable(),
    growthItemId: uuid.nullable(),
    channel: channelSchema.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "Conversion" });
export type Conversion = z.infer<typeof conversionSchema>;

export const conversionAcceptedResponse = z
  .object({
    conversion: conversionSchema,
    duplicate: z.boolean().describe("True when this externalId was already recorded: nothing new was counted"),
  })
  .meta({ id: "ConversionAccepted" });
export const conversionListResponse = z.object({ conversions: z.array(conversionSchema) }).meta({ id: "ConversionList" });

const day = z.iso.date().describe("A UTC day");
export const resultsGroupings = ["item", "channel", "angle", "week", "link"] as const;
export type ResultsGrouping = (typeof resultsGroupings)[number];

export const resultsQuery = z.strictObject({
  from: day.optional().describe("Default: 8 weeks ago"),
  to: day.optional().describe("Default: today"),
  groupBy: z.enum(resultsGroupings).optional().describe("Default: week"),
});

const resultCounts = {
  clicks: z.number().int(),
  signups: z.number().int(),
  conversions: z.number().int().describe("Attributed, any event"),
  conversionRate: z.number().nullable().describe("signups / clicks"),
};

export const resultsResponse = z
  .object({
    results: z.object({
      from: z.string(),
      to: z.string(),
      groupBy: z.enum(resultsGroupings),
      rows: z.array(
        z.object({
          key: z.string().describe("Item id, channel, angle, plan week's Monday (or outside-plan) or link id"),
          label: z.string(),
          channel: channelSchema.nullable(),
          ...resultCounts,
        }),
      ),
      totals: z.object(resultCounts),
      unattributed: z.object({
        signups: z.number().int(),
        conversions: z.number().int().describe("No click id, or an unknown or too old one"),
      }),
    }),
  })
  .meta({ id: "Results" });
export type Results = z.infer<typeof resultsResponse>["results"];

export const ingestKeySchema = z
  .object({
    id: uuid,
    projectId: uuid,
    kind: z.enum(ingestKeyKinds),
    name: z.string(),
    prefix: z.string().describe("The key's first characters, to tell keys apart"),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable(),
  })
  .meta({ id: "IngestKey" });
export const ingestKeyListResponse = z.object({ keys: z.array(ingestKeySchema) }).meta({ id: "IngestKeyList" });
export const ingestKeyCreateRequest = z
  .strictObject({
    kind: z.enum(ingestKeyKinds).describe("secret: for your server; publishable: for the script on your site"),
    name: safeString().min(1).max(80).optional(),
  })
  .meta({ id: "IngestKeyCreate" });
export const ingestKeyCreatedResponse = z
  .object({ key: z.string().describe("Shown once"), ingestKey: ingestKeySchema })
  .meta({ id: "IngestKeyCreated" });
export const ingestKeyParams = z.strictObject({ id: uuid.describe("Project id"), keyId: uuid.describe("Ingest key id") });

/** What the script on the founder's site posts (CORS, with a publishable key). */
export const siteConversionRequest = conversionRequest
  .extend({ key: z.string().min(1).max(200).describe("The project's publishable key") })
  .meta({ id: "SiteConversion" });

export const linkSettingsSchema = z
  .object({
    siteUrl: z
      .string()
      .nullable()
      .describe("Where tracked links point: the setting, else the first address of the onboarding answers"),
    siteUrlFrom: z.enum(["settings", "onboarding"]).nullable(),
    linkTracking: z.boolean().describe("Whether posts linking to the site carry a tracked short link"),
    attributionWindowDays: z.number().int().describe("How long after a click a conversion is credited to it"),
  })
  .meta({ id: "LinkSettings" });
export const linkSettingsResponse = z.object({ settings: linkSettingsSchema }).meta({ id: "LinkSettingsResponse" });
export const linkSettingsRequest = z
  .strictObject({
    siteUrl: destinationUrl.nullable().optional().describe("The founder's site; null forgets it"),
    linkTracking: z.boolean().optional(),
    attributionWindowDays: z.number().int().min(1).max(90).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Send siteUrl, linkTracking or attributionWindowDays.",
  })
  .meta({ id: "LinkSettingsUpdate", minProperties: 1 });

export const siteConversionResponse = z
  .object({
    accepted: z.literal(true),
    duplicate: z.boolean().describe("True when this event and externalId were already recorded"),
  })
  .meta({ id: "SiteConversionAccepted" });
export const ingestKeyResponse = z.object({ ingestKey: ingestKeySchema }).meta({ id: "IngestKeyResponse" });
