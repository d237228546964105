import "server-only";
import type { Database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { limiterFor } from "@/lib/limits";
import { verifyCaptcha } from "./captcha";
import { authProvider } from "./index";
import type { RequestCookie } from "./provider";
import { signInLimits } from "./sign-in-limits";

/**
 * One sign-in attempt: counted against its e-mail and its client address before the
 * password is checked (a burst sent at once meets the limits too), a solved captcha past a
 * limit, then the provider's answer. Wrong credentials answer the same for unknown and
 * known addresses.
 */
export async function attemptSignIn(
  db: Database,
  input: { email: string; password: string; captchaToken?: string; clientIp: string; cookies: RequestCookie[]; now: Date },
) {
  const limiter = limiterFor(db);
  const { perEmail, attemptsPerClient, failuresPerClient } = signInLimits(input.email, input.clientIp);
  const [emailHit, clientHit, clientFailures] = await Promise.all([
    limiter.hit(perEmail, input.now),
    limiter.hit(attemptsPerClient, input.now),
    limiter.count(failuresPerClient, input.now),
  ]);
  if (!emailHit.allowed || !clientHit.allowed || clientFailures >= failuresPerClient.limit) {
    if (!input.captchaToken || !(await verifyCaptcha(db, input.captchaToken, input.now))) throw new AppError("captcha_required");
  }
  const result = await authProvider().signIn(db, input, input.cookies, input.now);
  if (result.kind === "invalid") {
    const failureHit = await limiter.hit(failuresPerClient, input.now);
    const captchaRequired = emailHit.remaining === 0 || clientHit.remaining === 0 || failureHit.remaining === 0;
    throw new AppError("invalid_credentials", undefined, { details: captchaRequired ? { captchaRequired } : {} });
  }
  if (result.kind === "unconfirmed")
    throw new AppError(
      "forbidden",
      "Confirm your e-mail address first: open the link we sent you when you signed up, or have it sent again.",
      { details: { unconfirmed: true } },
    );
  return result.session;
}
