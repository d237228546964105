import "server-only";
import type { Database } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { limiterFor } from "@/lib/limits";
import { verifyCaptcha } from "./captcha";
import { authProvider } from "./index";
import type { RequestCookie, SignInResult } from "./provider";
import { signInLimits } from "./sign-in-limits";

/**
 * One sign-in attempt: counted as a failure against its e-mail and its client address before
 * the password is checked (a burst sent at once meets the limits too) and given back if it
 * succeeds; a solved captcha past a limit; then the provider's answer. Wrong credentials
 * answer the same for unknown and known addresses.
 */
export async function attemptSignIn(
  db: Database,
  input: { email: string; password: string; captchaToken?: string; clientIp: string; cookies: RequestCookie[]; now: Date },
) {
  const limiter = limiterFor(db);
  const rules = Object.values(signInLimits(input.email, input.clientIp));
  const hits = await Promise.all(rules.map((rule) => limiter.hit(rule, input.now)));
  const giveBack = () => Promise.all(rules.map((rule) => limiter.refund(rule, input.now)));
  let result: SignInResult;
  try {
    if (hits.some((hit) => !hit.allowed)) {
      if (!input.captchaToken || !(await verifyCaptcha(db, input.captchaToken, input.now)))
        throw new AppError("captcha_required");
    }
    result = await authProvider().signIn(db, input, input.cookies, input.now);
  } catch (error) {
    // Not a wrong password (a captcha to solve, the provider down): no failure to count.
    await giveBack();
    throw error;
  }
  if (result.kind === "invalid") {
    const captchaRequired = hits.some((hit) => hit.remaining === 0);
    throw new AppError("invalid_credentials", undefined, { details: captchaRequired ? { captchaRequired } : {} });
  }
  await giveBack();
  if (result.kind === "unconfirmed")
    throw new AppError(
      "forbidden",
      "Confirm your e-mail address first: open the link we sent you when you signed up, or have it sent again.",
      { details: { unconfirmed: true } },
    );
  return result.session;
}
