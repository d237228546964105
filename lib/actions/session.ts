import "server-only";
import { z } from "zod";
import { requestClientIp, requestCookies, writeCookies } from "@/lib/actions/browser-session";
import { authProvider } from "@/lib/auth";
import { confirmForm, forgotPasswordForm, linkToken, resetPasswordForm, signInForm } from "@/lib/auth/forms";
import { passwordChangedEmail } from "@/lib/auth/password-changed-email";
import { attemptSignIn } from "@/lib/auth/sign-in";
import { passwordResetLimits } from "@/lib/auth/sign-in-limits";
import { config } from "@/lib/config";
import { getDatabase } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { plainIssues } from "@/lib/errors/plain-issues";
import { waitUntil } from "@/lib/http/handle";
import { enforceLimit, generalLimit } from "@/lib/limits";
import { sendAfterResponse, sendMail } from "@/lib/mail";
import { type ActionResult, actionFailure } from "./run-operation";

/**
 * The session door of the browser face. Signing in and out is authentication, not an
 * operation (as checking a bearer key is for REST): each step validates with a closed
 * schema, passes the general and its own limits, then asks the auth provider and copies
 * its cookies onto the response.
 */
async function sessionStep<S extends z.ZodType, T>(
  schema: S,
  raw: unknown,
  step: (input: z.output<S>, ip: string) => Promise<T>,
): Promise<ActionResult<T>> {
  try {
    const ip = await requestClientIp();
    const db = await getDatabase();
    await enforceLimit(db, generalLimit({ clientIp: ip }), new Date());
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new AppError("invalid_request", undefined, { details: { issues: plainIssues(parsed.error) } });
    return { ok: true, data: await step(parsed.data, ip) };
  } catch (error) {
    return actionFailure(error, "session action");
  }
}

export function signIn(raw: { email: string; password: string; captchaToken?: string }) {
  return sessionStep(signInForm, raw, async (input, clientIp) => {
    const session = await attemptSignIn(await getDatabase(), {
      ...input,
      clientIp,
      cookies: await requestCookies(),
      now: new Date(),
    });
    await writeCookies(session.cookies);
    return { accountId: session.accountId };
  });
}

export function signOut() {
  return sessionStep(z.strictObject({}), {}, async () => {
    await writeCookies(await authProvider().signOut(await getDatabase(), await requestCookies(), new Date()));
    return { signedOut: true };
  });
}

export function confirmAndSignIn(raw: { tokenHash: string; password: string }) {
  return sessionStep(confirmForm, raw, async (input) => {
    const result = await authProvider().confirmAndSignIn(await getDatabase(), input, new Date());
    if (result.kind === "invalid_link") {
      throw new AppError(
        "invalid_token",
        "This confirmation link is unknown, expired or already used. Sign in, or sign up again for a new link.",
      );
    }
    if (result.kind === "wrong_password") {
      throw new AppError(
        "invalid_credentials",
        "That is not the password chosen when this link was requested. Try again, or sign up again for a new link.",
        {
          details: { issues: [{ path: "password", message: "Enter the password you chose when you signed up." }] },
        },
      );
    }
    await writeCookies(result.session.cookies);
    return { accountId: result.session.accountId };
  });
}

export function requestPasswordReset(raw: { email: string }) {
  return sessionStep(forgotPasswordForm, raw, async (input, ip) => {
    const db = await getDatabase();
    const now = new Date();
    for (const policy of passwordResetLimits(input.email, ip)) await enforceLimit(db, policy, now);
    // After the answer, so a known address answers as fast as an unknown one.
    sendAfterResponse(() => authProvider().requestPasswordReset(db, input.email, now), waitUntil, "password reset e-mail");
    return { sent: true };
  });
}

export function resetPassword(raw: { tokenHash: string; password: string; keepApiKeys: boolean }) {
  return sessionStep(resetPasswordForm, raw, async (input) => {
    const reset = await authProvider().resetPassword(await getDatabase(), input, new Date());
    if (!reset) throw new AppError("invalid_token", "This reset link is unknown, expired or already used. Ask for a new one.");
    await writeCookies(reset.cookies);
    const mail = passwordChangedEmail({ revoked: reset.revoked, resetUrl: `${config().appUrl}/forgot-password` });
    sendAfterResponse(() => sendMail({ to: reset.email, ...mail }), waitUntil, "password changed e-mail");
    return { accountId: reset.accountId, revoked: reset.revoked };
  });
}

export type LinkAccount = { status: "valid"; email: string } | { status: "invalid" } | { status: "unknown" };

/**
 * The account an e-mailed link acts on, for the page that offers to use it: a founder sees
 * whose link it is before the click (a link from someone else cannot sign them in unawares).
 * `unknown` where the provider cannot tell without using the link (Supabase Auth).
 */
export async function accountOfLink(tokenHash: string, purpose: "confirmation" | "reset"): Promise<LinkAccount> {
  const provider = authProvider();
  if (provider.name === "supabase") return { status: "unknown" };
  if (!linkToken.safeParse({ tokenHash }).success) return { status: "invalid" };
  const found = await provider.describeLink(await getDatabase(), { tokenHash, purpose }, new Date());
  return found ? { status: "valid", email: found.email } : { status: "invalid" };
}
