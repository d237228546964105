"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/form-message";
import { SubmitButton, TextField } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { resetPasswordAction } from "../actions";

export function ResetPasswordForm({ tokenHash }: { tokenHash: string }) {
  const [state, action] = useActionState(resetPasswordAction, idleForm);
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="space-y-5" noValidate>
      <FormMessage state={state} />
      <input type="hidden" name="tokenHash" value={tokenHash} />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={200}
        hint="At least 8 characters."
        error={errors.password}
      />
      <TextField
        label="New password, again"
        name="passwordAgain"
        type="password"
        autoComplete="new-password"
        required
        error={errors.passwordAgain}
      />
      <div className="space-y-1">
        <div className="flex items-start gap-3">
          <input
            id="field-keepApiKeys"
            name="keepApiKeys"
            type="checkbox"
            aria-describedby="field-keepApiKeys-hint"
            className="mt-1 size-4 accent-[var(--color-accent)]"
          />
          <label htmlFor="field-keepApiKeys" className="text-sm">
            Keep my API keys working
          </label>
        </div>
        <p id="field-keepApiKeys-hint" className="pl-7 text-sm text-muted">
          Left unticked, every API key of the account is revoked too: anyone who had your password may have made one.
        </p>
      </div>
      <SubmitButton className="w-full" pendingLabel="Saving…">
        Save my new password
      </SubmitButton>
    </form>
  );
}
