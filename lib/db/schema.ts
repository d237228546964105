import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { alertKinds, alertSubjects } from "../schemas/alerts";
// Relative imports: drizzle-kit loads this file without the `@/` alias.
import { paidPlans, plans } from "../schemas/common";
import {
  type CycleRetro,
  cycleStatuses,
  type ItemDraft,
  type ItemUsage,
  itemGrades,
  itemResults,
  itemStatuses,
  taskStatuses,
  type WeeklyPlan,
} from "../schemas/growth";
import { imageSources, type UploadedImageRef } from "../schemas/item-images";
import { clickKinds, conversionSources, ingestKeyKinds, type LinkUtm } from "../schemas/links";
import { packImageKinds } from "../schemas/pack-images";
import type { Learning } from "../schemas/playbook";
import { type Decisions, type ModelUsage, type Onboarding, projectStatuses, runStatuses } from "../schemas/project";
import {
  connectionStatuses,
  jobKinds,
  jobStatuses,
  networks,
  type PostMetrics,
  type PublishedPart,
  type PublishOptions,
  publicationStatuses,
} from "../schemas/publishing";
import { itemReviewActions } from "../schemas/reviews";
import type { WebhookEventType } from "../schemas/webhook-event-types";
import { type WebhookDeliveryStatus, webhookDeliveryStatuses } from "../schemas/webhooks";

// Every table has row level security enabled with no policies: on Supabase only the
// service's own connection (which bypasses RLS) can see the data, never the public REST API.
// Every tenant table carries `account_id`, and every statement on it names the account.

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const accounts = pgTable("accounts", {
  id: id(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash"),
  /** Which signup door the account came through: it decides what cancellation falls back to. */
  signupDoor: text("signup_door", { enum: ["browser", "api"] }).notNull(),
  plan: text("plan", { enum: plans }).notNull().default("free"),
  activated: boolean("activated").notNull().default(false),
  emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
  /** The Supabase Auth user behind the account, when Supabase Auth is in use. */
  supabaseUserId: uuid("supabase_user_id").unique(),
  /**
   * Counts the times everything that spoke for the account was revoked (first confirmation,
   * password reset): a caller authenticated before the latest may no longer create access.
   */
  accessGeneration: integer("access_generation").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}).enableRLS();

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("api_keys_account_idx").on(table.accountId)],
).enableRLS();

export const authTokens = pgTable(
  "auth_tokens",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["email_confirmation", "password_reset"] }).notNull(),
    /** SHA-256 of the token_hash carried by the e-mail link; the link itself is never stored. */
    tokenDigest: text("token_digest").notNull().unique(),
    /**
     * A confirmation token carries its sign-up's password hash and door: the first
     * confirmation gives the account the ones of the token that is used, never those of
     * an earlier sign-up of the same unconfirmed address.
     */
    passwordHash: text("password_hash"),
    signupDoor: text("signup_door", { enum: ["browser", "api"] }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("auth_tokens_account_idx").on(table.accountId)],
).enableRLS();

/** Signed-in browsers (embedded auth): the cookie's token is stored only as its SHA-256. */
export const browserSessions = pgTable(
  "browser_sessions",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    tokenDigest: text("token_digest").notNull().unique(),
    createdAt: createdAt(),
    /** Moves forward as the session is used; a session idle past its window has expired. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("browser_sessions_account_idx").on(table.accountId)],
).enableRLS();

/** The response of a key bootstrap, kept encrypted for byte-identical replays of the same request. */
export const bootstrapReplays = pgTable("bootstrap_replays", {
  tokenDigest: text("token_digest").primaryKey(),
  requestDigest: text("request_digest").notNull(),
  sealedResponse: text("sealed_response").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
}).enableRLS();

/** Solved captcha challenges, remembered until they expire so a solution works once. */
export const usedCaptchas = pgTable("used_captchas", {
  signature: text("signature").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
}).enableRLS();

/** Fixed-window counters for rate and write limits (the embedded limiter backend). */
export const limitCounters = pgTable(
  "limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
).enableRLS();

/** Runs counted against the daily cap: one row per account (and project, for per-project plans) per UTC day. */
export const dailyRunUsage = pgTable(
  "daily_run_usage",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").notNull(),
    day: date("day").notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.projectId, table.day] })],
).enableRLS();

export const projects = pgTable(
  "projects",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** BCP 47: the language every agent writes the project's content in. */
    language: text("language").notNull().default("en"),
    status: text("status", { enum: projectStatuses }).notNull().default("onboarding"),
    onboarding: jsonb("onboarding").$type<Onboarding>().notNull(),
    decisions: jsonb("decisions").$type<Decisions>().notNull().default({}),
    /** When a founder last changed a decision after the fact: drafts made before it are out of date. */
    decisionsChangedAt: timestamp("decisions_changed_at", { withTimezone: true }),
    /** When each decision last changed after the fact (name → ISO time): only the steps that read it are out of date. */
    decisionChanges: jsonb("decision_changes").$type<Record<string, string>>().notNull().default({}),
    /** Dated learnings from retros and founder edits, read by later plans. */
    learnings: jsonb("learnings").$type<Learning[]>().notNull().default([]),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** IANA time zone the founder plans in: scheduled posts default to their day at the channel's hour there. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** Whether a post due on an unconnected channel is also sent to the founder by e-mail (the dashboard always says). */
    emailReminders: boolean("email_reminders").notNull().default(false),
    /** The founder's site: where tracked links point unless an item says otherwise. */
    siteUrl: text("site_url"),
    /** Whether posts linking to the site get a tracked short link. */
    linkTracking: boolean("link_tracking").notNull().default(true),
    /** How long after a click a conversion is still credited to it. */
    attributionWindowDays: integer("attribution_window_days").notNull().default(30),
    /** Whether a reviewer's approval (through a review link) approves the item as the founder's would. */
    reviewerApprovalSchedules: boolean("reviewer_approval_schedules").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("projects_account_idx").on(table.accountId)],
).enableRLS();

export const agentRuns = pgTable(
  "agent_runs",
  {
    id: id(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    agentType: text("agent_type").notNull(),
    status: text("status", { enum: runStatuses }).notNull().default("running"),
    feedback: text("feedback"),
    output: jsonb("output"),
    error: text("error"),
    inputTokens: integer("input_tokens"),
    outputTokens: integer("output_tokens"),
    model: text("model"),
    /** Whether this run counted against the daily cap (given back when it fails through our fault). */
    countedDay: date("counted_day"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (table) => [
    index("agent_runs_project_idx").on(table.projectId, table.startedAt),
    // One running agent per project, enforced by the database across every instance.
    uniqueIndex("agent_runs_one_running_per_project").on(table.projectId).where(sql`status = 'running'`),
  ],
).enableRLS();

export const contentItems = pgTable(
  "content_items",
  {
    id: id(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    runId: uuid("run_id")
      .notNull()
      .references(() => agentRuns.id, { onDelete: "cascade" }),
    agentType: text("agent_type").notNull(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    position: integer("position").notNull().default(0),
    /** What wrote it: the model's name, or `offline` for the offline drafting engine. */
    source: text("source").notNull().default("offline"),
    editedByFounderAt: timestamp("edited_by_founder_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("content_items_project_idx").on(table.projectId)],
).enableRLS();

/** Earlier states of a pack item: each founder edit keeps what it replaced. */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: id(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => contentItems.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("content_versions_item_idx").on(table.itemId, table.createdAt)],
).enableRLS();

export const growthCycles = pgTable(
  "growth_cycles",
  {
    id: id(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    weekNumber: integer("week_number").notNull(),
    status: text("status", { enum: cycleStatuses }).notNull().default("planned"),
    weekStart: date("week_start").notNull(),
    plan: jsonb("plan").$type<WeeklyPlan>().notNull(),
    retro: jsonb("retro").$type<CycleRetro>(),
    usage: jsonb("usage").$type<ModelUsage>(),
    createdAt: createdAt(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("growth_cycles_project_week").on(table.projectId, table.weekNumber),
    // At most one open (planned or approved) cycle per project.
    uniqueIndex("growth_cycles_one_open_per_project").on(table.projectId).where(sql`status in ('planned', 'approved')`),
  ],
).enableRLS();

export const growthItems = pgTable(
  "growth_items",
  {
    id: id(),
    cycleId: uuid("cycle_id")
      .notNull()
      .references(() => growthCycles.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    angle: text("angle").notNull(),
    keyMessage: text("key_message").notNull(),
    cta: text("cta"),
    suggestedDay: text("suggested_day").notNull(),
    notes: text("notes"),
    status: text("status", { enum: itemStatuses }).notNull().default("planned"),
    draft: jsonb("draft").$type<ItemDraft>(),
    draftHistory: jsonb("draft_history").$type<ItemDraft[]>().notNull().default([]),
    /** Tokens spent writing this item's drafts, all regenerations together. */
    usage: jsonb("usage").$type<ItemUsage>(),
    result: text("result", { enum: itemResults }),
    grade: text("grade", { enum: itemGrades }),
    resultNote: text("result_note"),
    position: integer("position").notNull().default(0),
    /** Publishing: the account it goes out on and when; null `scheduled_at` means only "Publish now". */
    connectionId: uuid("connection_id"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    publicationStatus: text("publication_status", { enum: publicationStatuses }),
    /** One key per part (Bluesky TIDs, Mastodon Idempotency-Keys), chosen before the first call. */
    publicationKeys: jsonb("publication_keys").$type<string[]>(),
    /** The choices its network's provider takes per item (a subreddit, a title, draft or publish), checked by the provider's schema. */
    publishOptions: jsonb("publish_options").$type<PublishOptions>(),
    /** The parts already posted (a thread reconciled part by part). */
    publishedParts: jsonb("published_parts").$type<PublishedPart[]>(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    postUrl: text("post_url"),
    postId: text("post_id"),
    publicationError: text("publication_error"),
    metrics: jsonb("metrics").$type<PostMetrics>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("growth_items_cycle_idx").on(table.cycleId), index("growth_items_due_idx").on(table.scheduledAt)],
).enableRLS();

export const growthTasks = pgTable(
  "growth_tasks",
  {
    id: id(),
    cycleId: uuid("cycle_id")
      .notNull()
      .references(() => growthCycles.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    effort: text("effort").notNull(),
    suggestedDay: text("suggested_day"),
    status: text("status", { enum: taskStatuses }).notNull().default("open"),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("growth_tasks_cycle_idx").on(table.cycleId)],
).enableRLS();

/**
 * Secret calendar subscription URLs of a project's growth calendar. The token is shown once
 * and stored as its SHA-256; revoking sets `revoked_at`, and at most one is live per project.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("calendar_feeds_one_live_per_project").on(table.projectId).where(sql`revoked_at is null`)],
).enableRLS();

export const subscriptions = pgTable("subscriptions", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  provider: text("provider", { enum: ["stripe", "local"] }).notNull(),
  plan: text("plan", { enum: paidPlans }).notNull(),
  status: text("status").notNull(),
  stripeCustomerId: text("stripe_customer_id"),
  stripeSubscriptionId: text("stripe_subscription_id").unique(),
  /** An upgrade's subscription whose payment is still pending: it takes over once paid, and its failure changes nothing. */
  pendingStripeSubscriptionId: text("pending_stripe_subscription_id"),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  updatedAt: updatedAt(),
}).enableRLS();

/** Checkout sessions of the local test-mode checkout (Stripe keeps its own). */
export const checkoutSessions = pgTable("checkout_sessions", {
  id: id(),
  accountId: uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  plan: text("plan", { enum: paidPlans }).notNull(),
  status: text("status", { enum: ["open", "completed"] })
    .notNull()
    .default("open"),
  createdAt: createdAt(),
  completedAt: timestamp("completed_at", { withTimezone: true }),
}).enableRLS();

/** Stripe webhook events already handled, so a replayed event changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
}).enableRLS();

/** The dashboard's onboarding wizard answers so far: one draft per account, kept until the project is created. */
export const onboardingDrafts = pgTable("onboarding_drafts", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** The wizard step the founder reached. */
  step: integer("step").notNull().default(0),
  /** `{name, onboarding}` with the answers of the steps done so far. */
  answers: jsonb("answers").notNull().default({}),
  updatedAt: updatedAt(),
}).enableRLS();

/** Read-only links to a project's launch pack; the token is stored as a SHA-256 hash, shown once. */
export const shareLinks = pgTable(
  "share_links",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** The token's first characters, so the founder can tell links apart. */
    hint: text("hint").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("share_links_project_idx").on(table.projectId)],
).enableRLS();

/** A project's brand logo: the bytes live in storage, this row says where and what they are. */
export const projectLogos = pgTable("project_logos", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  accountId: uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  storageKey: text("storage_key").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  updatedAt: updatedAt(),
}).enableRLS();

/**
 * OAuth clients of the embedded authorization server: registered ones (RFC 7591, id made
 * here) and Client ID Metadata Documents (the id is the document's https URL; the row is
 * the validated document, cached until `expires_at`).
 */
export const oauthClients = pgTable("oauth_clients", {
  id: text("id").primaryKey(),
  kind: text("kind", { enum: ["registered", "metadata_document"] }).notNull(),
  name: text("name").notNull(),
  redirectUris: jsonb("redirect_uris").$type<string[]>().notNull(),
  createdAt: createdAt(),
  /** When a metadata document must be fetched again; null for registered clients. */
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  /** When a founder first allowed the client anything: a registered one never allowed is forgotten after a month. */
  firstGrantedAt: timestamp("first_granted_at", { withTimezone: true }),
}).enableRLS();

/** What a founder allowed a client to do: revoking the grant ends every token issued under it. */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    clientName: text("client_name").notNull(),
    redirectUri: text("redirect_uri").notNull(),
    scopes: text("scopes").array().notNull(),
    /** The protected resource (RFC 8707) its tokens are for. */
    resource: text("resource").notNull(),
    createdAt: createdAt(),
    /** Set when the authorization code is exchanged; a grant whose code never was is not listed. */
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("oauth_grants_account_idx").on(table.accountId)],
).enableRLS();

/** Authorization codes, access and refresh tokens: only their SHA-256 is stored. */
export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind", { enum: ["code", "access", "refresh"] }).notNull(),
    grantId: uuid("grant_id")
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    scopes: text("scopes").array().notNull(),
    /** Codes only: the PKCE S256 challenge. */
    codeChallenge: text("code_challenge"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Codes and refresh tokens work once: set when used; a second use revokes the grant. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("oauth_tokens_grant_idx").on(table.grantId)],
).enableRLS();

/**
 * A founder's account on a social network, connected for publishing. Its secrets (app
 * password, session and access tokens, a Mastodon app's client secret) are one sealed
 * JSON document (AES-256-GCM, lib/networks/secrets), opened only by the network modules.
 */
export const connections = pgTable(
  "connections",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    network: text("network", { enum: networks }).notNull(),
    /** `pending` while an OAuth authorization is under way; `disconnected` only after the network refused our credentials. */
    status: text("status", { enum: connectionStatuses }).notNull().default("connected"),
    /** The PDS (Bluesky) or instance (Mastodon) the account lives on. */
    serviceUrl: text("service_url").notNull(),
    handle: text("handle"),
    /** The account's id on the network (a DID, a Mastodon account id). */
    externalAccountId: text("external_account_id"),
    sealedSecrets: text("sealed_secrets").notNull(),
    /** SHA-256 of the OAuth `state` while `pending`. */
    stateDigest: text("state_digest").unique(),
    statusReason: text("status_reason"),
    /** Counts the times the founder connected this account: a job writes back only to the connection it loaded. */
    generation: integer("generation").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("connections_project_idx").on(table.projectId),
    // One row per network account and project: connecting it again replaces its tokens. The
    // service is part of an account's identity: Mastodon ids are only unique on their instance.
    uniqueIndex("connections_one_per_network_account")
      .on(table.projectId, table.network, table.serviceUrl, table.externalAccountId)
      .where(sql`external_account_id is not null and network <> 'bluesky'`),
    // A DID names one Bluesky account wherever it signs in (bsky.social or its own PDS). One
    // index per row: an upsert can name only one, and a race on another would fail instead.
    uniqueIndex("connections_one_per_bluesky_did")
      .on(table.projectId, table.externalAccountId)
      .where(sql`network = 'bluesky' and external_account_id is not null`),
  ],
).enableRLS();

/**
 * Deferred and long work (publications, metric pulls, plans and drafts a request writes):
 * recorded before it starts, claimed by one worker at a time (`claimed_until` is the lease),
 * retried with backoff, settled.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: jobKinds }).notNull(),
    /** The row the job works on (a growth item). */
    subjectId: uuid("subject_id").notNull(),
    /** At most one queued or running job per key (e.g. `publish:<item>`). */
    dedupeKey: text("dedupe_key").notNull(),
    status: text("status", { enum: jobStatuses }).notNull().default("queued"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(5),
    claimedBy: text("claimed_by"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastError: text("last_error"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("jobs_one_active_per_key").on(table.dedupeKey).where(sql`status in ('queued', 'running')`),
    index("jobs_due_idx").on(table.status, table.runAt),
    index("jobs_project_idx").on(table.projectId, table.createdAt),
  ],
).enableRLS();

/**
 * A tracked short link (`/r/{code}`): one per growth item or launch-pack post that links to
 * the founder's site, or made by hand for any URL. `destination` is the founder's URL; the
 * redirect adds `utm` and the click id.
 */
export const trackedLinks = pgTable(
  "tracked_links",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    growthItemId: uuid("growth_item_id").references(() => growthItems.id, { onDelete: "cascade" }),
    contentItemId: uuid("content_item_id").references(() => contentItems.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    destination: text("destination").notNull(),
    utm: jsonb("utm").$type<LinkUtm>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("tracked_links_project_idx").on(table.projectId, table.createdAt),
    uniqueIndex("tracked_links_one_per_growth_item").on(table.growthItemId).where(sql`growth_item_id is not null`),
    uniqueIndex("tracked_links_one_per_content_item").on(table.contentItemId).where(sql`content_item_id is not null`),
  ],
).enableRLS();

/**
 * Every request of a tracked link, kept 90 days (the daily rollup below keeps the counts for
 * good). The id is the click id handed to the destination (`ll_click`). `visitor` is a hash
 * of address and user agent under a salt that changes daily; `hour` buckets it so a visitor
 * counts once per link per hour.
 */
export const linkClicks = pgTable(
  "link_clicks",
  {
    id: uuid("id").primaryKey(),
    linkId: uuid("link_id")
      .notNull()
      .references(() => trackedLinks.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    hour: integer("hour").notNull(),
    visitor: text("visitor").notNull(),
    kind: text("kind", { enum: clickKinds }).notNull(),
    country: text("country"),
    referrerHost: text("referrer_host"),
  },
  (table) => [
    index("link_clicks_link_idx").on(table.linkId, table.at),
    index("link_clicks_at_idx").on(table.at),
    uniqueIndex("link_clicks_one_counted_per_visitor_hour")
      .on(table.linkId, table.visitor, table.hour)
      .where(sql`kind = 'counted'`),
  ],
).enableRLS();

/** Clicks per link and UTC day, kept for good: what results read. */
export const linkClickDays = pgTable(
  "link_click_days",
  {
    linkId: uuid("link_id")
      .notNull()
      .references(() => trackedLinks.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    counted: integer("counted").notNull().default(0),
    repeats: integer("repeats").notNull().default(0),
    bots: integer("bots").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.linkId, table.day] }),
    index("link_click_days_project_idx").on(table.projectId, table.day),
  ],
).enableRLS();

/**
 * A sign-up, purchase or other event of the founder's, reported by their server or their
 * site. One per project, event and `external_id`. Attributed to the click it names when that
 * click is this project's and within the attribution window; else kept unattributed.
 */
export const conversions = pgTable(
  "conversions",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    externalId: text("external_id").notNull(),
    value: integer("value_cents"),
    currency: text("currency"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The click id as sent, when it named a click of this project. */
    clickId: uuid("click_id"),
    linkId: uuid("link_id").references(() => trackedLinks.id, { onDelete: "set null" }),
    source: text("source", { enum: conversionSources }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("conversions_one_per_external_id").on(table.projectId, table.event, table.externalId),
    index("conversions_project_idx").on(table.projectId, table.occurredAt),
    index("conversions_link_idx").on(table.linkId),
  ],
).enableRLS();

/**
 * Keys that can only report conversions for one project: `secret` ones for the founder's
 * server, `publishable` ones for the script on their site. Stored as SHA-256, shown once.
 */
export const ingestKeys = pgTable(
  "ingest_keys",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ingestKeyKinds }).notNull(),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("ingest_keys_project_idx").on(table.projectId)],
).enableRLS();

/**
 * An `Idempotency-Key` an account's caller sent with a write (REST header or MCP tool
 * argument): claimed `running` with a lease before the operation runs, then `completed`
 * with its answer, sealed (an answer may hold a secret shown once), for 24 hours. `caller`
 * keeps the account's own callers (its keys and connected apps: `account`) apart from a
 * project's conversion keys (`ingest:<id>`).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    caller: text("caller").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the method, path, query and canonical body: the same key must come with the same request. */
    fingerprint: text("fingerprint").notNull(),
    /** Whose claim it is: only that request settles or releases it. */
    claimId: uuid("claim_id").notNull(),
    state: text("state", { enum: ["running", "completed"] }).notNull(),
    /** A `running` claim past its lease was left by a dead request: the key may be claimed again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
    /** `{status, body}` of the answer, sealed; null while running. */
    sealedAnswer: text("sealed_answer"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.caller, table.key] }),
    index("idempotency_keys_expires_idx").on(table.expiresAt),
  ],
).enableRLS();

/**
 * A growth item's images (at most four, in `position` order): the founder's uploads, drawn
 * anew, or a brand card rendered for it (`source`). `uploads` keeps what each network account
 * was given for it (a blob, a media id), by connection id, so a retry reuses it.
 */
export const growthItemImages = pgTable(
  "growth_item_images",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => growthItems.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    source: text("source", { enum: imageSources }).notNull(),
    alt: text("alt").notNull().default(""),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    size: integer("size").notNull(),
    uploads: jsonb("uploads").$type<Record<string, UploadedImageRef>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("growth_item_images_item_idx").on(table.itemId, table.position)],
).enableRLS();

/**
 * What a founder is told of (lib/services/alerts): a dashboard notice until dismissed, and one
 * line of the account's next alert e-mail (`emailed_at` once sent). One open alert per kind and
 * subject: the same failure noticed twice is one alert.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: alertKinds }).notNull(),
    subjectType: text("subject_type", { enum: alertSubjects }).notNull(),
    subjectId: uuid("subject_id").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    /** When what it told of was fixed (reconnected, the week approved, the post out): it is no longer shown or e-mailed. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("alerts_one_open_per_subject")
      .on(table.accountId, table.kind, table.subjectId)
      .where(sql`dismissed_at is null and resolved_at is null`),
    index("alerts_account_idx").on(table.accountId, table.createdAt),
  ],
).enableRLS();

/** The alert kinds an account turned off (neither e-mail nor notice); absent: all on. */
export const alertPreferences = pgTable("alert_preferences", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  off: text("off", { enum: alertKinds }).array().notNull().default(sql`'{}'::text[]`),
  updatedAt: updatedAt(),
}).enableRLS();

/**
 * Where a founder's outside systems hear of events (Standard Webhooks). The signing secret is
 * sealed (lib/security/secret); after a rotation the previous one also signs until it expires.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: jsonb("events").$type<WebhookEventType[]>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    sealedSecret: text("sealed_secret").notNull(),
    sealedPreviousSecret: text("sealed_previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    secretRotatedAt: timestamp("secret_rotated_at", { withTimezone: true }),
    /** The first failed attempt since the last success: 5 days of failures turn the endpoint off. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("webhook_endpoints_account_idx").on(table.accountId)],
).enableRLS();

/** The outbox: one row per event an endpoint subscribed to, written in the transaction of what happened. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    type: text("type").$type<WebhookEventType>().notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("webhook_events_account_idx").on(table.accountId, table.createdAt)],
).enableRLS();

/** One event for one endpoint: sent by a `webhook_delivery` job, its attempts recorded beside it. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    status: text("status", { enum: webhookDeliveryStatuses }).$type<WebhookDeliveryStatus>().notNull().default("pending"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_one_per_event").on(table.endpointId, table.eventId),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt),
  ],
).enableRLS();

/** Each try of a delivery: what the endpoint answered, never what was signed with. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
  },
  (table) => [index("webhook_attempts_delivery_idx").on(table.deliveryId, table.at)],
).enableRLS();

/** Links a founder gives a co-founder or adviser to review one week: the token is stored as a SHA-256 hash, shown once. */
export const reviewLinks = pgTable(
  "review_links",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    cycleId: uuid("cycle_id")
      .notNull()
      .references(() => growthCycles.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** The token's first characters, so the founder can tell links apart. */
    hint: text("hint").notNull(),
    /** Who the founder made it for, as they typed it. */
    label: text("label"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("review_links_cycle_idx").on(table.cycleId)],
).enableRLS();

/** What a reviewer did to an item through a review link, under the name they typed. */
export const itemReviews = pgTable(
  "item_reviews",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => growthItems.id, { onDelete: "cascade" }),
    reviewLinkId: uuid("review_link_id")
      .notNull()
      .references(() => reviewLinks.id, { onDelete: "cascade" }),
    reviewerName: text("reviewer_name").notNull(),
    action: text("action", { enum: itemReviewActions }).notNull(),
    comment: text("comment"),
    /** Whether this review moved the item (an approval under "approved by a reviewer is enough"). */
    applied: boolean("applied").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index("item_reviews_item_idx").on(table.itemId, table.createdAt)],
).enableRLS();

/**
 * The launch pack's brand cards, one per kind and project: drawn when the launch assets
 * step completes and again when the founder edits one. `error` says why the last drawing
 * failed (the PNG in storage, if any, is the one before).
 */
export const packImages = pgTable(
  "pack_images",
  {
    id: id(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: packImageKinds }).notNull(),
    headline: text("headline").notNull(),
    alt: text("alt").notNull(),
    /** Whether the founder wrote the headline and alt text: a new launch assets run keeps them. */
    edited: boolean("edited").notNull().default(false),
    storageKey: text("storage_key"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    size: integer("size").notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("pack_images_one_per_kind").on(table.projectId, table.kind)],
).enableRLS();
