"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/form-message";
import { SubmitButton } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { forgotPasswordAction } from "../actions";
import { EmailField } from "../email-field";

export function ForgotPasswordForm() {
  const [state, action] = useActionState(forgotPasswordAction, idleForm);
  return (
    <form action={action} className="space-y-5" noValidate>
      <FormMessage state={state} />
      <EmailField state={state} />
      <SubmitButton className="w-full" pendingLabel="Sending…">
        Send me a reset link
      </SubmitButton>
    </form>
  );
}
