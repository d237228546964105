import path from "node:path";
import { z } from "zod";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const environment = z.object({
  PORT: positiveInt(3000),
  APP_URL: optionalText,
  DATA_DIR: z.string().default(".data"),
  MAIL_DIR: optionalText,
  DATABASE_URL: optionalText,
  DATABASE_PREPARED_STATEMENTS: z.enum(["auto", "on", "off"]).default("auto"),
  APP_SECRET: optionalText,
  SIGNUP_MODE: z.enum(["open", "invite", "closed"]).default("open"),
  INVITE_CODES: z.string().default(""),
  SIGNUP_LIMIT_PER_HOUR: positiveInt(10),
  RATE_LIMIT_PER_MINUTE: positiveInt(120),
  WRITE_LIMIT_PER_HOUR: positiveInt(60),
  REVIEW_LIMIT_PER_HOUR: positiveInt(120),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default("Launchloop <no-reply@launchloop.local>"),
  ALTCHA_HMAC_KEY: optionalText,
  // "local": the test-mode checkout even on a server database (a staging deployment); unset: only on the embedded one.
  BILLING: optionalText.pipe(z.enum(["local"]).optional()),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_PRO: optionalText,
  STRIPE_PRICE_STUDIO: optionalText,
  STRIPE_API_URL: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: optionalText,
  AI_MODEL: z.string().default("gpt-4.1-mini"),
  AI_MODEL_DRAFTS: optionalText,
  MODEL_TIMEOUT_SECONDS: positiveInt(240),
  SUPABASE_URL: optionalText,
  SUPABASE_ANON_KEY: optionalText,
  SUPABASE_SERVICE_ROLE_KEY: optionalText,
  SUPABASE_STORAGE_BUCKET: z.string().default("launchloop"),
  UPSTASH_REDIS_REST_URL: optionalText,
  UPSTASH_REDIS_REST_TOKEN: optionalText,
  // How many proxies in front of the server append to X-Forwarded-For ("true" = one); unset: none are trusted.
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((value) => (/^(true|yes)$/i.test(value.trim()) ? 1 : /^\d+$/.test(value.trim()) ? Number(value.trim()) : 0)),
  VERCEL: optionalText,
  // Development and tests only: lets outbound fetches (client metadata documents, publishing) use http and
  // private addresses ("1"), or http and this machine's loopback addresses only ("loopback").
  OUTBOUND_ALLOW_HTTP: z.string().default(""),
  // Private-use redirect schemes of known assistants that predate RFC 8252's reverse-domain form (comma-separated).
  OAUTH_APP_SCHEMES: z.string().default("cursor"),
  // Jobs: the embedded ticker's period, a claim's lease, the first retry's wait (doubling after).
  SCHEDULER_TICK_S: positiveInt(15),
  JOB_LEASE_S: positiveInt(120),
  JOB_RETRY_BASE_S: positiveInt(30),
  // The job pool: jobs run at once per process (or per QStash call), of them at most JOBS_PER_ACCOUNT for one
  // founder's account, and how long one job may work before it stops at its next network call and is retried.
  JOBS_POOL_SIZE: positiveInt(10),
  JOBS_PER_ACCOUNT: positiveInt(2),
  JOB_DEADLINE_S: positiveInt(120),
  QSTASH_TOKEN: optionalText,
  QSTASH_URL: optionalText,
  QSTASH_CURRENT_SIGNING_KEY: optionalText,
  QSTASH_NEXT_SIGNING_KEY: optionalText,
  CRON_SECRET: optionalText,
  // "off": tracked links redirect without the `ll_click` click id (no conversion attribution).
  LINK_CLICK_ID: z.enum(["on", "off"]).default("on"),
  // Connections: the key sealing their secrets (base64 or hex of 32 bytes, or any long passphrase); embedded: generated into DATA_DIR.
  CONNECTIONS_KEY: optionalText,
  LINKEDIN_CLIENT_ID: optionalText,
  LINKEDIN_CLIENT_SECRET: optionalText,
  X_CLIENT_ID: optionalText,
  X_CLIENT_SECRET: optionalText,
  // Where LinkedIn and X answer (tests point these at fakes): the OAuth pages, and the token and API hosts.
  LINKEDIN_AUTH_URL: z.string().default("https://www.linkedin.com"),
  LINKEDIN_API_URL: z.string().default("https://api.linkedin.com"),
  LINKEDIN_API_VERSION: z.string().default("202610"),
  X_AUTH_URL: z.string().default("https://x.com"),
  X_API_URL: z.string().default("https://api.x.com"),
  // Threads (Meta): the Threads app's id and secret; where the authorization window and the Graph API answer.
  THREADS_CLIENT_ID: optionalText,
  THREADS_CLIENT_SECRET: optionalText,
  THREADS_AUTH_URL: z.string().default("https://threads.net"),
  THREADS_API_URL: z.string().default("https://graph.threads.net"),
  // Reddit: a "web app" client; the OAuth pages and token endpoint, the API, and the User-Agent Reddit requires.
  REDDIT_CLIENT_ID: optionalText,
  REDDIT_CLIENT_SECRET: optionalText,
  REDDIT_AUTH_URL: z.string().default("https://www.reddit.com"),
  REDDIT_API_URL: z.string().default("https://oauth.reddit.com"),
  REDDIT_USER_AGENT: optionalText,
  // Where Discord's webhooks and Buttondown's API answer (tests point these at fakes). A pasted webhook URL is
  // still accepted only on discord.com or discordapp.com: this names where its calls go, not what a founder may paste.
  DISCORD_API_URL: z.string().default("https://discord.com"),
  BUTTONDOWN_API_URL: z.string().default("https://api.buttondown.com"),
});

export type Config = ReturnType<typeof readConfig>;

function readConfig(env: NodeJS.ProcessEnv) {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(/*turbopackIgnore: true*/ values.DATA_DIR);
  return {
    port: values.PORT,
    appUrl: (values.APP_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ""),
    dataDir,
    mailDir: path.resolve(/*turbopackIgnore: true*/ values.MAIL_DIR ?? path.join(dataDir, "mail")),
    databaseUrl: values.DATABASE_URL,
    databasePreparedStatements: values.DATABASE_PREPARED_STATEMENTS,
    appSecret: values.APP_SECRET,
    signupMode: values.SIGNUP_MODE,
    inviteCodes: values.INVITE_CODES.split(",")
      .map((code) => code.trim())
      .filter(Boolean),
    signupLimitPerHour: values.SIGNUP_LIMIT_PER_HOUR,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    writeLimitPerHour: values.WRITE_LIMIT_PER_HOUR,
    reviewLimitPerHour: values.REVIEW_LIMIT_PER_HOUR,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    altchaHmacKey: values.ALTCHA_HMAC_KEY,
    stripe: values.STRIPE_SECRET_KEY
      ? {
          secretKey: values.STRIPE_SECRET_KEY,
          webhookSecret: values.STRIPE_WEBHOOK_SECRET,
          prices: { pro: values.STRIPE_PRICE_PRO, studio: values.STRIPE_PRICE_STUDIO },
          apiUrl: values.STRIPE_API_URL,
        }
      : undefined,
    /** Who sells plans: Stripe when configured, else the local test-mode checkout where that is the embedded default, else nobody (fail closed). */
    billing: (values.STRIPE_SECRET_KEY
      ? "stripe"
      : !values.DATABASE_URL || values.BILLING === "local"
        ? "local"
        : "unavailable") as "stripe" | "local" | "unavailable",
    model: {
      openai: values.OPENAI_API_KEY ? { apiKey: values.OPENAI_API_KEY, baseUrl: values.OPENAI_BASE_URL } : undefined,
      name: values.AI_MODEL,
      /** The model table: strategy (market, brand, launch plan, weekly plan) and drafts (website, launch assets, weekly posts). */
      models: { strategy: values.AI_MODEL, drafts: values.AI_MODEL_DRAFTS ?? values.AI_MODEL },
      timeoutMs: values.MODEL_TIMEOUT_SECONDS * 1000,
    },
    trustedProxyHops: values.TRUST_PROXY,
    onVercel: values.VERCEL === "1",
    outboundAllowHttp: values.OUTBOUND_ALLOW_HTTP === "1" || values.OUTBOUND_ALLOW_HTTP === "loopback",
    /** Which non-public addresses outbound fetches may reach: none, loopback only, or every private one. */
    outboundAllowAddresses: (values.OUTBOUND_ALLOW_HTTP === "1"
      ? "private"
      : values.OUTBOUND_ALLOW_HTTP === "loopback"
        ? "loopback"
        : "none") as "none" | "loopback" | "private",
    links: { clickId: values.LINK_CLICK_ID === "on" },
    oauthAppSchemes: values.OAUTH_APP_SCHEMES.split(",")
      .map((scheme) => scheme.trim().toLowerCase().replace(/:$/, ""))
      .filter(Boolean),
    jobs: {
      tickMs: values.SCHEDULER_TICK_S * 1000,
      leaseMs: values.JOB_LEASE_S * 1000,
      retryBaseMs: values.JOB_RETRY_BASE_S * 1000,
      poolSize: values.JOBS_POOL_SIZE,
      perAccount: values.JOBS_PER_ACCOUNT,
      deadlineMs: values.JOB_DEADLINE_S * 1000,
      qstash: values.QSTASH_TOKEN
        ? {
            token: values.QSTASH_TOKEN,
            baseUrl: values.QSTASH_URL,
            currentSigningKey: values.QSTASH_CURRENT_SIGNING_KEY,
            nextSigningKey: values.QSTASH_NEXT_SIGNING_KEY,
          }
        : undefined,
      cronSecret: values.CRON_SECRET,
    },
    connectionsKey: values.CONNECTIONS_KEY,
    oauthNetworks: {
      linkedin:
        values.LINKEDIN_CLIENT_ID && values.LINKEDIN_CLIENT_SECRET
          ? {
              clientId: values.LINKEDIN_CLIENT_ID,
              clientSecret: values.LINKEDIN_CLIENT_SECRET,
              authUrl: values.LINKEDIN_AUTH_URL.replace(/\/+$/, ""),
              apiUrl: values.LINKEDIN_API_URL.replace(/\/+$/, ""),
              apiVersion: values.LINKEDIN_API_VERSION,
            }
          : undefined,
      x:
        values.X_CLIENT_ID && values.X_CLIENT_SECRET
          ? {
              clientId: values.X_CLIENT_ID,
              clientSecret: values.X_CLIENT_SECRET,
              authUrl: values.X_AUTH_URL.replace(/\/+$/, ""),
              apiUrl: values.X_API_URL.replace(/\/+$/, ""),
            }
          : undefined,
      threads:
        values.THREADS_CLIENT_ID && values.THREADS_CLIENT_SECRET
          ? {
              clientId: values.THREADS_CLIENT_ID,
              clientSecret: values.THREADS_CLIENT_SECRET,
              authUrl: values.THREADS_AUTH_URL.replace(/\/+$/, ""),
              apiUrl: values.THREADS_API_URL.replace(/\/+$/, ""),
            }
          : undefined,
      reddit:
        values.REDDIT_CLIENT_ID && values.REDDIT_CLIENT_SECRET
          ? {
              clientId: values.REDDIT_CLIENT_ID,
              clientSecret: values.REDDIT_CLIENT_SECRET,
              authUrl: values.REDDIT_AUTH_URL.replace(/\/+$/, ""),
              apiUrl: values.REDDIT_API_URL.replace(/\/+$/, ""),
              // Reddit's rule: <platform>:<app id>:<version> (by /u/<the app's owner>).
              userAgent: values.REDDIT_USER_AGENT ?? `web:${values.REDDIT_CLIENT_ID}:1.0 (Launchloop publishing)`,
            }
          : undefined,
    },
    discordApiUrl: values.DISCORD_API_URL.replace(/\/+$/, ""),
    buttondownApiUrl: values.BUTTONDOWN_API_URL.replace(/\/+$/, ""),
    supabase:
      values.SUPABASE_URL && values.SUPABASE_ANON_KEY && values.SUPABASE_SERVICE_ROLE_KEY
        ? {
            url: values.SUPABASE_URL.replace(/\/+$/, ""),
            anonKey: values.SUPABASE_ANON_KEY,
            serviceRoleKey: values.SUPABASE_SERVICE_ROLE_KEY,
            bucket: values.SUPABASE_STORAGE_BUCKET,
          }
        : undefined,
    upstash:
      values.UPSTASH_REDIS_REST_URL && values.UPSTASH_REDIS_REST_TOKEN
        ? { url: values.UPSTASH_REDIS_REST_URL, token: values.UPSTASH_REDIS_REST_TOKEN }
        : undefined,
  };
}

let cached: Config | undefined;

/** The service configuration, read from the environment once. */
export function config(): Config {
  cached ??= readConfig(process.env);
  return cached;
}

/** Forget the cached configuration so the next call reads the environment again (tests, CLIs). */
export function reloadConfig(): Config {
  cached = undefined;
  return config();
}
