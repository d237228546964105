import "server-only";
import type { z } from "zod";
import { authProvider } from "@/lib/auth";
import { verifyCaptcha } from "@/lib/auth/captcha";
import { confirmationResendLimits } from "@/lib/auth/sign-in-limits";
import { config } from "@/lib/config";
import type { RequestContext } from "@/lib/core/context";
import { AppError } from "@/lib/errors";
import { enforceLimit } from "@/lib/limits";
import { sendAfterResponse } from "@/lib/mail";
import type { resendConfirmationRequest, signupRequest } from "@/lib/schemas/account";

/**
 * Signs up through one of two doors: with a solved captcha (a browser) the account gets
 * the free tier; without (an API client) it starts unactivated. Either way the answer is
 * the same and says nothing about whether the e-mail was already known.
 */
export async function signUp(ctx: RequestContext, input: z.infer<typeof signupRequest>) {
  const { signupMode, inviteCodes } = config();
  if (signupMode === "closed") throw new AppError("signups_closed");
  if (signupMode === "invite" || input.inviteCode !== undefined) {
    if (!input.inviteCode || !inviteCodes.includes(input.inviteCode)) throw new AppError("invalid_invite");
  }
  if (input.captchaToken !== undefined && !(await verifyCaptcha(ctx.db, input.captchaToken, ctx.now))) {
    throw new AppError("invalid_captcha");
  }
  const deliver = await authProvider().requestConfirmation(
    ctx.db,
    { email: input.email, password: input.password, door: input.captchaToken ? "browser" : "api" },
    ctx.now,
  );
  // After the answer: a known address must answer as fast as a new one, whatever the mail server does.
  sendAfterResponse(deliver, ctx.waitUntil, "signup confirmation e-mail");
  return { status: "confirmation_required" as const };
}

/**
 * Sends the newest pending sign-up's confirmation link of an address again (with that
 * sign-up's own password inside). Limited per address and per client address; the answer is
 * the same for an unknown, confirmed or pending address, and the e-mail goes after it.
 */
export async function resendConfirmation(ctx: RequestContext, input: z.infer<typeof resendConfirmationRequest>) {
  for (const policy of confirmationResendLimits(input.email, ctx.clientIp)) await enforceLimit(ctx.db, policy, ctx.now);
  const deliver = await authProvider().resendConfirmation(ctx.db, input.email, ctx.now);
  sendAfterResponse(deliver, ctx.waitUntil, "re-sent confirmation e-mail");
  return { status: "resend_requested" as const };
}
