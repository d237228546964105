import { normalizeEmail } from "@/lib/db/accounts";
import type { LimitPolicy, LimitRule } from "@/lib/limits";
import { sha256Hex } from "@/lib/security/hashing";

const failuresPerEmail = 10;
const failuresPerAddress = 30;
const windowSeconds = 15 * 60;

/**
 * The one sign-in rule: failed sign-ins are counted, per e-mail (10) and per client address
 * (30) in 15 minutes; past either, a sign-in must bring a solved captcha instead of being
 * refused, so guessing gets slow but nobody can lock the owner out. An attempt is counted
 * as failed from the moment it starts and given back when it succeeds, so a burst of
 * guesses sent at once counts whole, and a founder's good sign-ins never count at all.
 */
export function signInLimits(email: string, clientIp: string): { perEmail: LimitRule; perClient: LimitRule } {
  return {
    perEmail: { key: `signin-failed:email:${sha256Hex(normalizeEmail(email))}`, limit: failuresPerEmail, windowSeconds },
    perClient: { key: `signin-failed:ip:${clientIp}`, limit: failuresPerAddress, windowSeconds },
  };
}

/** Reset e-mails per address per hour: nobody gets flooded with links. */
export function passwordResetLimits(email: string, clientIp: string): LimitPolicy[] {
  return [
    { key: `reset:email:${sha256Hex(normalizeEmail(email))}`, limit: 5, windowSeconds: 3600, code: "rate_limited" },
    { key: `reset:ip:${clientIp}`, limit: 20, windowSeconds: 3600, code: "rate_limited" },
  ];
}

/** Re-sent confirmation links: three an hour per address, ten per client address, so nobody becomes an e-mail cannon. */
export function confirmationResendLimits(email: string, clientIp: string): LimitPolicy[] {
  return [
    { key: `resend:email:${sha256Hex(normalizeEmail(email))}`, limit: 3, windowSeconds: 3600, code: "rate_limited" },
    { key: `resend:ip:${clientIp}`, limit: 10, windowSeconds: 3600, code: "rate_limited" },
  ];
}
