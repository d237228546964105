"use client";

import { useActionState } from "react";
import { FormMessage } from "@/components/form-message";
import { SubmitButton } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { confirmAction } from "../../actions";

/** One button: confirms the address and signs in (a POST, so mail scanners opening the link use nothing up). */
export function ConfirmForm({ tokenHash }: { tokenHash: string }) {
  const [state, action] = useActionState(confirmAction, idleForm);
  return (
    <form action={action} className="space-y-4">
      <FormMessage state={state} />
      <input type="hidden" name="tokenHash" value={tokenHash} />
      <SubmitButton className="w-full" size="lg" pendingLabel="Confirming…">Confirm and sign in</SubmitButton>
    </form>
  );
}
