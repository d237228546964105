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
      <TextField label="New password" name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} hint="At least 8 characters." error={errors.password} />
      <TextField label="New password, again" name="passwordAgain" type="password" autoComplete="new-password" required error={errors.passwordAgain} />
      <SubmitButton className="w-full" pendingLabel="Saving…">Save my new password</SubmitButton>
    </form>
  );
}
