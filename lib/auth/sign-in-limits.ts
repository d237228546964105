import { normalizeEmail } from "@/lib/db/accounts";
import type { LimitPolicy, LimitRule } from "@/lib/limits";
import { sha256Hex } from "@/lib/security/hashing";

const attemptsPerEmail = 10;
const attemptsPerAddress = 100;
const failuresPerAddress = 30;
const windowSeconds = 15 * 60;

/**
 * Past any limit a sign-in must bring a solved captcha instead of being refused, so
 * guessing gets slow but nobody can lock the owner out. Attempts on one e-mail are counted
 * before the password is checked (a burst sent at once counts whole; the owner rarely signs
 * in ten times in 15 minutes). Failures from one client address are counted after it, so an
 * office behind one address is not asked for captchas by its own successful sign-ins; its
 * attempts are also counted before, with room for an office, so a burst across many e-mails
 * sent at once (each failure not yet counted) meets a limit too.
 */
export function signInLimits(
  email: string,
  clientIp: string,
): { perEmail: LimitRule; attemptsPerClient: LimitRule; failuresPerClient: LimitRule } {
  return {
    perEmail: { key: `signin:email:${sha256Hex(normalizeEmail(email))}`, limit: attemptsPerEmail, windowSeconds },
    attemptsPerClient: { key: `signin:ip:${clientIp}`, limit: attemptsPerAddress, windowSeconds },
    failuresPerClient: { key: `signin-failed:ip:${clientIp}`, limit: failuresPerAddress, windowSeconds },
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
