import { z } from "zod";
import { safeString, text, timestamp, uuid } from "./common";
import { isPostLink } from "./post-link";

export const networks = [
  "bluesky",
  "mastodon",
  "linkedin",
  "x",
  "threads",
  "reddit",
  // Connected with a form: a channel webhook, a site's application password, a newsletter's API key.
  "discord",
  "wordpress",
  "buttondown",
] as const;
export const networkSchema = z.enum(networks);
export type Network = z.infer<typeof networkSchema>;

export const connectionStatuses = ["pending", "connected", "disconnected"] as const;
export const jobKinds = [
  "publish",
  "remind",
  "metrics",
  "plan",
  "draft",
  "agent_run",
  "send_alerts",
  "webhook_delivery",
  "draft_image_alt",
] as const;
export type JobKind = (typeof jobKinds)[number];
export const jobStatuses = ["queued", "running", "succeeded", "failed", "cancelled"] as const;

export const jobProgressSchema = z
  .object({
    step: z.number().int().describe("Steps done so far"),
    steps: z.number().int(),
    message: z.string().describe('What the job is doing now, e.g. "Reading last week\'s results"'),
  })
  .meta({ id: "JobProgress" });
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** A job as the event stream and the dashboard see it: plans and drafts a request writes, publications, metric pulls. */
export const jobStateSchema = z
  .object({
    id: uuid,
    kind: z.enum(jobKinds),
    subjectId: uuid.describe(
      "What it works on: the project (plan), the growth item (draft, publish, metrics) or its image (draft_image_alt)",
    ),
    status: z.enum(jobStatuses),
    attempts: z.number().int(),
    runAt: timestamp,
    lastError: z.string().nullable(),
    settledAt: timestamp.nullable(),
    progress: jobProgressSchema.nullable(),
  })
  .meta({ id: "JobState" });
export type JobState = z.infer<typeof jobStateSchema>;
export const activeJobsResponse = z.object({ jobs: z.array(jobStateSchema) }).meta({ id: "ActiveJobs" });
/**
 * `unconfirmed`: the post was sent to a network with no idempotency key (X, LinkedIn) and its answer was lost: the founder checks and confirms.
 * `due`: its time came on a channel with no connected account: the founder was reminded to post it by hand and says "I posted it" with the link.
 */
export const publicationStatuses = ["scheduled", "publishing", "published", "failed", "unconfirmed", "due"] as const;

/** A part of a published thread as the network knows it (Bluesky: at-uri and cid; Mastodon: status id). */
export interface PublishedPart {
  id: string;
  cid?: string;
  url: string;
}

export const postMetricsSchema = z
  .object({
    likes: z.number().int(),
    reposts: z.number().int().describe("Reposts (Bluesky) or boosts (Mastodon)"),
    replies: z.number().int(),
    quotes: z.number().int().nullable().describe("Null where the network does not count them"),
    views: z.number().int().optional().describe("Where the network counts them (Threads)"),
    opens: z.number().int().nullable().optional().describe("A newsletter's unique opens (Buttondown); absent elsewhere"),
    clicks: z.number().int().nullable().optional().describe("A newsletter's unique link clicks (Buttondown); absent elsewhere"),
    collectedAt: timestamp,
  })
  .meta({ id: "PostMetrics" });
export type PostMetrics = z.infer<typeof postMetricsSchema>;

/** An item's choices for its network (a subreddit, a title, draft or publish): which ones depends on the network. */
export const publishOptionsSchema = z.record(
  z.string().max(64),
  z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]),
);
export type PublishOptions = z.infer<typeof publishOptionsSchema>;

export const publicationSchema = z
  .object({
    status: z.enum(publicationStatuses),
    connectionId: uuid.nullable(),
    scheduledAt: timestamp.nullable(),
    publishedAt: timestamp.nullable(),
    url: z.string().nullable().describe("The live post"),
    externalId: z.string().nullable().describe("The post's id on the network (an at-uri, a status id)"),
    error: z.string().nullable().describe("Why the last attempt failed, as the network said it"),
    options: publishOptionsSchema.nullable(),
  })
  .meta({ id: "Publication" });

export const connectionSchema = z
  .object({
    id: uuid,
    projectId: uuid,
    network: networkSchema,
    status: z.enum(connectionStatuses),
    handle: z.string().nullable(),
    serviceUrl: z.string(),
    statusReason: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: "Connection" });

export const connectionParams = z.strictObject({ connectionId: uuid.describe("Connection id") });
export const connectionListResponse = z.object({ connections: z.array(connectionSchema) }).meta({ id: "ConnectionList" });
export const connectionResponse = z.object({ connection: connectionSchema }).meta({ id: "ConnectionResponse" });

const serviceUrl = safeString().max(300).url();

export const blueskyConnectRequest = z
  .strictObject({
    projectId: uuid,
    handle: text(3, 253).describe("e.g. founder.bsky.social"),
    appPassword: text(4, 100).describe("An app password (Settings → Privacy and security → App passwords)"),
    serviceUrl: serviceUrl.optional().describe("Your hosting provider (PDS); default https://bsky.social"),
  })
  .meta({ id: "BlueskyConnectRequest" });

/** A form network's connect fields as the founder typed them: the network's provider parses them (a refusal names `fields.<name>`). */
export const formConnectRequest = z
  .strictObject({
    projectId: uuid,
    network: networkSchema.describe("A network connected with a form: discord, wordpress, buttondown (or bluesky)"),
    fields: z
      .record(z.string().max(64), safeString().max(2000))
      .describe('The network\'s connect form, e.g. {"webhookUrl": "https://discord.com/api/webhooks/…"}'),
  })
  .meta({ id: "FormConnectRequest" });

export const mastodonConnectRequest = z
  .strictObject({ projectId: uuid, instanceUrl: serviceUrl.describe("e.g. https://mastodon.social") })
  .meta({ id: "MastodonConnectRequest" });
export const mastodonConnectResponse = z
  .object({ authorizeUrl: z.string(), connection: connectionSchema })
  .meta({ id: "MastodonConnectStart" });
export const mastodonCallbackRequest = z
  .strictObject({ state: text(10, 200), code: text(1, 2000) })
  .meta({ id: "MastodonCallback" });

export const oauthNetworkSchema = z.enum(["linkedin", "x", "threads", "reddit"]);
export const oauthConnectRequest = z
  .strictObject({ projectId: uuid, network: oauthNetworkSchema })
  .meta({ id: "OAuthConnectRequest" });
export const oauthConnectResponse = z
  .object({ authorizeUrl: z.string(), connection: connectionSchema })
  .meta({ id: "OAuthConnectStart" });
export const oauthCallbackRequest = z
  .strictObject({ network: oauthNetworkSchema, state: text(10, 200), code: text(1, 2000) })
  .meta({ id: "OAuthCallback" });

/** The shape of an IANA time zone name: `UTC`, `Europe/Berlin`, `America/Argentina/Buenos_Aires`, `Etc/GMT+5`. */
export const timeZonePattern = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9][A-Za-z0-9_+-]*){0,2}$/;

export const timeZoneSchema = safeString()
  .max(64)
  .regex(timeZonePattern, "Not an IANA time zone, e.g. Europe/Berlin")
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "Not an IANA time zone, e.g. Europe/Berlin")
  .meta({
    description:
      "An IANA time zone name (e.g. Europe/Berlin, America/New_York, UTC); one the server's time zone database does not know is refused",
    examples: ["Europe/Berlin", "UTC"],
  });

/** The founder's answer for a post that may have gone out (`publication.status` `unconfirmed`). */
/** The founder's answer about an unconfirmed post: it went out (with its link), or it did not (post it again). */
export const publicationConfirmRequest = z
  .strictObject({
    outcome: z
      .enum(["posted", "not_posted"])
      .describe("`posted`: it is on the network (give its `url`); `not_posted`: it is not, post it again now"),
    url: safeString()
      .max(2000)
      .url()
      .regex(/^https:\/\//, { message: "an https link" })
      .refine(isPostLink, { message: "the post's https address, as the browser shows it" })
      .meta({
        description: "The live post's link: required with `posted`, absent with `not_posted`",
        examples: ["https://x.com/founder/status/1"],
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.outcome === "posted" && !value.url)
      ctx.addIssue({ code: "custom", path: ["url"], message: "the post's link is required with posted" });
    if (value.outcome === "not_posted" && value.url)
      ctx.addIssue({ code: "custom", path: ["url"], message: "a link goes only with posted" });
  })
  .meta({
    id: "PublicationConfirm",
    // The rule above, as the document says it.
    oneOf: [
      { properties: { outcome: { const: "posted" } }, required: ["url"] },
      { properties: { outcome: { const: "not_posted" } }, not: { required: ["url"] } },
    ],
  });

export const publishingSettingsRequest = z
  .strictObject({
    timeZone: timeZoneSchema.optional(),
    emailReminders: z
      .boolean()
      .optional()
      .describe("Also e-mail the founder a post due on a channel with no connected account (the dashboard always shows it)"),
  })
  .refine((body) => body.timeZone !== undefined || body.emailReminders !== undefined, {
    message: "Send timeZone or emailReminders",
  })
  .meta({ id: "PublishingSettings", minProperties: 1 });
export const publishingSettingsResponse = z
  .object({ timeZone: z.string(), emailReminders: z.boolean() })
  .meta({ id: "PublishingSettingsResponse" });
export const publishingSettingsReadResponse = publishingSettingsResponse
  .extend({
    connectable: z
      .array(networkSchema)
      .describe("The networks an account can be connected to here (LinkedIn and X only where the server has their OAuth client)"),
  })
  .meta({ id: "PublishingSettingsRead" });
