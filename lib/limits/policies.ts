import { config } from "@/lib/config";
import type { ErrorCode } from "@/lib/errors";
import { AppError } from "@/lib/errors";
import type { LimitResult, LimitRule } from "./limiter";

export interface LimitPolicy extends LimitRule {
  code: Extract<ErrorCode, "rate_limited" | "write_limit" | "daily_run_limit">;
  /** A fixed `Retry-After` instead of the time left in the window. */
  retryAfterSeconds?: number;
}

export interface Caller {
  clientIp: string;
  accountId?: string;
  /** The principal a signed-in call counts against, e.g. `key:<id>` or `session:<id>`. */
  subject?: string;
}

/** The general limit: per API key (or session), or per client address for unauthenticated calls. */
export function generalLimit(caller: Caller): LimitPolicy {
  const subject = caller.subject ?? `ip:${caller.clientIp}`;
  return { key: `rate:${subject}`, limit: config().rateLimitPerMinute, windowSeconds: 60, code: "rate_limited" };
}

/** Named limits an operation can ask for on top of the general one. */
export const limitPolicies = {
  signup: (caller: Caller): LimitPolicy => ({
    key: `signup:ip:${caller.clientIp}`,
    limit: config().signupLimitPerHour,
    windowSeconds: 3600,
    code: "rate_limited",
  }),
  write: (caller: Caller): LimitPolicy => ({
    key: `write:account:${caller.accountId}`,
    limit: config().writeLimitPerHour,
    windowSeconds: 3600,
    code: "write_limit",
    // The specification promises one hour: waiting that long always succeeds.
    retryAfterSeconds: 3600,
  }),
  /** What a review link's holder does (approve, ask for changes, edit): per client address. */
  review: (caller: Caller): LimitPolicy => ({
    key: `review:ip:${caller.clientIp}`,
    limit: config().reviewLimitPerHour,
    windowSeconds: 3600,
    code: "rate_limited",
  }),
};
export type LimitPolicyName = keyof typeof limitPolicies;

/** OAuth clients anyone may make the server fetch or store: this many an hour per counter. */
const oauthClientsPerHour = 30;

/**
 * Limits on what makes the authorization server store (or fetch) a client: a registration
 * (RFC 7591) per client address; a client metadata document fetched for a `client_id` URL
 * not in the cache, per signed-in account and per client address.
 */
export const oauthClientLimits = {
  registration: (clientIp: string): LimitPolicy => ({
    key: `oauth-register:ip:${clientIp}`,
    limit: oauthClientsPerHour,
    windowSeconds: 3600,
    code: "rate_limited",
  }),
  documentFetch: ({ accountId, clientIp }: { accountId: string; clientIp: string }): LimitPolicy[] => [
    { key: `oauth-client-fetch:account:${accountId}`, limit: oauthClientsPerHour, windowSeconds: 3600, code: "rate_limited" },
    { key: `oauth-client-fetch:ip:${clientIp}`, limit: oauthClientsPerHour, windowSeconds: 3600, code: "rate_limited" },
  ],
};

export function rateLimitHeaders(result: Pick<LimitResult, "limit" | "remaining">): Record<string, string> {
  return { "X-RateLimit-Limit": String(result.limit), "X-RateLimit-Remaining": String(result.remaining) };
}

/** The 429 for a limit that was hit, with whole-second `Retry-After`. */
export function limitExceeded(policy: LimitPolicy, result: LimitResult, now: Date): AppError {
  const retryAfter = policy.retryAfterSeconds ?? Math.max(1, Math.ceil((result.resetAt.getTime() - now.getTime()) / 1000));
  return new AppError(policy.code, undefined, {
    headers: { "Retry-After": String(retryAfter), ...rateLimitHeaders(result) },
  });
}
