import { normalizeEmail } from "@/lib/db/accounts";
import { sha256Hex } from "@/lib/security/hashing";
import type { LimitPolicy } from "@/lib/limits";

const attemptsPerEmail = 10;
const attemptsPerAddress = 30;
const windowSeconds = 15 * 60;

/**
 * Sign-in attempts allowed per e-mail and per client address in 15 minutes, so a password
 * cannot be guessed by many tries on one account or many accounts from one place.
 */
export function signInLimits(email: string, clientIp: string): LimitPolicy[] {
  return [
    { key: `signin:email:${sha256Hex(normalizeEmail(email))}`, limit: attemptsPerEmail, windowSeconds, code: "rate_limited" },
    { key: `signin:ip:${clientIp}`, limit: attemptsPerAddress, windowSeconds, code: "rate_limited" },
  ];
}

/** Reset e-mails per address per hour: nobody gets flooded with links. */
export function passwordResetLimits(email: string, clientIp: string): LimitPolicy[] {
  return [
    { key: `reset:email:${sha256Hex(normalizeEmail(email))}`, limit: 5, windowSeconds: 3600, code: "rate_limited" },
    { key: `reset:ip:${clientIp}`, limit: 20, windowSeconds: 3600, code: "rate_limited" },
  ];
}
