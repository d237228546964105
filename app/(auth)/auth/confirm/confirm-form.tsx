"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/form-message";
import { SubmitButton, TextField } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { confirmAction } from "../../actions";

/**
 * The password chosen at sign-up, then one button: confirms the address and signs in (a
 * POST, so mail scanners opening the link use nothing up). Asking for the password means a
 * link from someone else's sign-up can neither take the account nor sign a founder into theirs.
 */
export function ConfirmForm({ tokenHash }: { tokenHash: string }) {
  const [state, action] = useActionState(confirmAction, idleForm);
  return (
    <form action={action} className="space-y-4" noValidate>
      <FormMessage state={state} />
      <input type="hidden" name="tokenHash" value={tokenHash} />
      <TextField
        label="Your password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        hint="The one you chose when you signed up."
        error={state.fieldErrors?.password}
      />
      <SubmitButton className="w-full" size="lg" pendingLabel="Confirming…">
        Confirm and sign in
      </SubmitButton>
    </form>
  );
}
