"use server";

import { redirect } from "next/navigation";
import { type FormState, failedForm, fieldErrorsOf, formText } from "@/lib/actions/form-state";
import { runOperation } from "@/lib/actions/run-operation";
import { confirmAndSignIn, requestPasswordReset, resetPassword, signIn, signOut } from "@/lib/actions/session";
import { resendConfirmation, signup } from "@/lib/operations/account";
import { safeReturnPath } from "@/lib/schemas/return-path";

export async function signUpAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const email = formText(formData, "email");
  const captchaToken = formText(formData, "altcha");
  const body = {
    email,
    password: formText(formData, "password"),
    acceptTerms: formData.get("acceptTerms") === "on",
    captchaToken: captchaToken || undefined,
  };
  // The executor refuses a browser's signup without a solved captcha (the operation declares it).
  const result = await runOperation(signup, { body });
  if (!result.ok) {
    const { captchaToken: captchaError, ...fieldErrors } = fieldErrorsOf(result.error);
    return { ...failedForm(result, { email }), fieldErrors: { ...fieldErrors, ...(captchaError && { altcha: captchaError }) } };
  }
  redirect(`/signup/check-email?email=${encodeURIComponent(email)}`);
}

/** The same sentence for every address: whether it has a pending sign-up is nobody's business here. */
export async function resendConfirmationAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const email = formText(formData, "email");
  const result = await runOperation(resendConfirmation, { body: { email } });
  if (!result.ok) return failedForm(result, { email });
  return {
    status: "success",
    message: `If ${email} is waiting for confirmation, a new link is on its way. It needs the password you chose when you signed up.`,
    values: { email },
  };
}

export async function signInAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const email = formText(formData, "email");
  const captchaToken = formText(formData, "altcha") || undefined;
  const result = await signIn({ email, password: formText(formData, "password"), captchaToken });
  if (!result.ok) {
    const state = failedForm(result, { email });
    const captchaRequired = result.error.code === "captcha_required" || result.error.captchaRequired === true;
    if (captchaRequired) return { ...state, data: { captchaRequired } };
    return result.error.unconfirmed === true ? { ...state, data: { unconfirmed: true } } : state;
  }
  // Only a path of this site: never an absolute, protocol-relative or backslashed address.
  redirect(safeReturnPath(formText(formData, "next")));
}

export async function signOutAction(): Promise<void> {
  await signOut();
  redirect("/login?signed_out=1");
}

export async function confirmAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const result = await confirmAndSignIn({ tokenHash: formText(formData, "tokenHash"), password: formText(formData, "password") });
  if (!result.ok) return failedForm(result);
  redirect("/auth/confirm/welcome");
}

export async function forgotPasswordAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const email = formText(formData, "email");
  const result = await requestPasswordReset({ email });
  if (!result.ok) return failedForm(result, { email });
  return {
    status: "success",
    message: `If ${email} has an account, a reset link is on its way. It works once, for one hour.`,
    values: { email },
  };
}

export async function resetPasswordAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const password = formText(formData, "password");
  if (password !== formText(formData, "passwordAgain")) {
    return {
      status: "error",
      message: "Some fields need another look.",
      fieldErrors: { passwordAgain: "The two passwords differ." },
    };
  }
  const result = await resetPassword({
    tokenHash: formText(formData, "tokenHash"),
    password,
    keepApiKeys: formData.get("keepApiKeys") === "on",
  });
  if (!result.ok) return failedForm(result);
  redirect("/dashboard?password_changed=1");
}
