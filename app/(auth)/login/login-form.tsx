"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/form-message";
import { SubmitButton, TextField } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { signInAction } from "../actions";
import { EmailField } from "../email-field";
import { AltchaWidget } from "../signup/altcha-widget";
import { ResendConfirmationForm } from "../signup/check-email/resend-form";

export function LoginForm({ next }: { next?: string }) {
  const [state, action] = useActionState(signInAction, idleForm);
  const errors = state.fieldErrors ?? {};
  // After too many failed sign-ins the spam check is asked for: slower guessing, never a lock-out.
  const captchaRequired = state.data?.captchaRequired === true;
  const unconfirmed = state.data?.unconfirmed === true;
  return (
    <>
      <form action={action} className="space-y-5" noValidate>
        <FormMessage state={state} />
        {next && <input type="hidden" name="next" value={next} />}
        <EmailField state={state} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        {captchaRequired && (
          <div className="space-y-1.5">
            <p id="altcha-label" className="text-sm font-medium">
              Spam check
            </p>
            <AltchaWidget describedBy="altcha-label" solveAgain={state.status === "error" ? state : undefined} />
          </div>
        )}
        <div className="flex items-center justify-between gap-4">
          <a href="/forgot-password" className="text-sm">
            Forgot your password?
          </a>
          <SubmitButton pendingLabel="Signing in…">Sign in</SubmitButton>
        </div>
      </form>
      {unconfirmed && state.values?.email && <ResendConfirmationForm email={state.values.email} />}
    </>
  );
}
