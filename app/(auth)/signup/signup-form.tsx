"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/form-message";
import { SubmitButton, TextField } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { signUpAction } from "../actions";
import { EmailField } from "../email-field";
import { AltchaWidget } from "./altcha-widget";

export function SignupForm() {
  const [state, action] = useActionState(signUpAction, idleForm);
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="space-y-5" noValidate>
      <FormMessage state={state} />
      <EmailField state={state} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint="At least 8 characters. A short sentence is easy to remember and hard to guess."
        error={errors.password}
      />
      <div className="space-y-1.5">
        <div className="flex items-start gap-3">
          <input
            id="field-acceptTerms"
            name="acceptTerms"
            type="checkbox"
            required
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? "field-acceptTerms-error" : undefined}
            className="mt-1 size-4 accent-[var(--color-accent)]"
          />
          <label htmlFor="field-acceptTerms" className="text-sm">
            I accept the{" "}
            <a href="/terms" target="_blank" rel="noopener">
              terms of service
            </a>{" "}
            and the{" "}
            <a href="/privacy" target="_blank" rel="noopener">
              privacy policy
            </a>
            .
          </label>
        </div>
        {errors.acceptTerms && (
          <p id="field-acceptTerms-error" role="alert" className="text-sm font-medium text-danger">
            Accept the terms to create an account.
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <p id="altcha-label" className="text-sm font-medium">
          Spam check
        </p>
        <AltchaWidget
          describedBy={errors.altcha || errors.captchaToken ? "altcha-error" : "altcha-label"}
          solveAgain={state.status === "error" ? state : undefined}
        />
        {(errors.altcha || errors.captchaToken) && (
          <p id="altcha-error" role="alert" className="text-sm font-medium text-danger">
            {errors.altcha ?? "The spam check expired. Reload the page and try again."}
          </p>
        )}
      </div>
      <SubmitButton className="w-full" size="lg" pendingLabel="Creating your account…">
        Create my account
      </SubmitButton>
    </form>
  );
}
