import "server-only";
import { z } from "zod";
import { authProvider } from "@/lib/auth";
import { requestClientIp, requestCookies, writeCookies } from "@/lib/actions/browser-session";
import { confirmForm, forgotPasswordForm, resetPasswordForm, signInForm } from "@/lib/auth/forms";
import { passwordResetLimits, signInLimits } from "@/lib/auth/sign-in-limits";
import { getDatabase } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { enforceLimit, generalLimit } from "@/lib/limits";
import { validationIssues } from "@/lib/operations/execute";
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
    if (!parsed.success) throw new AppError("invalid_request", undefined, { details: { issues: validationIssues(parsed.error) } });
    return { ok: true, data: await step(parsed.data, ip) };
  } catch (error) {
    return actionFailure(error, "session action");
  }
}

const invalidCredentials = () => new AppError("invalid_credentials");

export function signIn(raw: { email: string; password: string }) {
  return sessionStep(signInForm, raw, async (input, ip) => {
    const db = await getDatabase();
    const now = new Date();
    for (const policy of signInLimits(input.email, ip)) await enforceLimit(db, policy, now);
    const result = await authProvider().signIn(db, input, await requestCookies(), now);
    if (result.kind === "invalid") throw invalidCredentials();
    if (result.kind === "unconfirmed") throw new AppError("forbidden", "Confirm your e-mail address first: open the link we sent you when you signed up.");
    await writeCookies(result.session.cookies);
    return { accountId: result.session.accountId };
  });
}

export function signOut() {
  return sessionStep(z.strictObject({}), {}, async () => {
    await writeCookies(await authProvider().signOut(await getDatabase(), await requestCookies(), new Date()));
    return { signedOut: true };
  });
}

export function confirmAndSignIn(raw: { tokenHash: string }) {
  return sessionStep(confirmForm, raw, async (input) => {
    const signedIn = await authProvider().confirmAndSignIn(await getDatabase(), input.tokenHash, new Date());
    if (!signedIn) throw new AppError("invalid_token", "This confirmation link is unknown, expired or already used. Sign in, or sign up again for a new link.");
    await writeCookies(signedIn.cookies);
    return { accountId: signedIn.accountId };
  });
}

export function requestPasswordReset(raw: { email: string }) {
  return sessionStep(forgotPasswordForm, raw, async (input, ip) => {
    const db = await getDatabase();
    const now = new Date();
    for (const policy of passwordResetLimits(input.email, ip)) await enforceLimit(db, policy, now);
    await authProvider().requestPasswordReset(db, input.email, now);
    return { sent: true };
  });
}

export function resetPassword(raw: { tokenHash: string; password: string }) {
  return sessionStep(resetPasswordForm, raw, async (input) => {
    const signedIn = await authProvider().resetPassword(await getDatabase(), input, new Date());
    if (!signedIn) throw new AppError("invalid_token", "This reset link is unknown, expired or already used. Ask for a new one.");
    await writeCookies(signedIn.cookies);
    return { accountId: signedIn.accountId };
  });
}
