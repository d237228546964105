"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/form-message";
import { SubmitButton, TextField } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { resendConfirmationAction } from "../../actions";

/** "Send the link again": the newest pending sign-up's link, to the address given (known or typed). */
export function ResendConfirmationForm({ email }: { email?: string }) {
  const [state, action] = useActionState(resendConfirmationAction, idleForm);
  const known = email ?? state.values?.email;
  return (
    <form action={action} className="space-y-3" noValidate aria-label="Send the confirmation e-mail again">
      <FormMessage state={state} />
      {email ? (
        <input type="hidden" name="email" value={email} />
      ) : (
        <TextField
          label="E-mail you signed up with"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={known}
          error={state.fieldErrors?.email}
        />
      )}
      <SubmitButton variant="secondary" pendingLabel="Sending…">
        Send the confirmation e-mail again
      </SubmitButton>
    </form>
  );
}
