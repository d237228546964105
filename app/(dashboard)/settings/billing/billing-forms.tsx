"use client";

import { useActionState } from "react";
import { Notice, SubmitButton } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { billingPortalAction, checkoutAction } from "../actions";

export function UpgradeButton({
  plan,
  label,
  primary,
  returnTo,
}: {
  plan: "pro" | "studio";
  label: string;
  primary?: boolean;
  /** Where the upgrade started: checkout comes back there once paid. */
  returnTo?: string;
}) {
  const [state, action] = useActionState(checkoutAction, idleForm);
  return (
    <form action={action} className="space-y-2">
      {state.status === "error" && <Notice tone="danger">{state.message}</Notice>}
      <input type="hidden" name="plan" value={plan} />
      {returnTo && <input type="hidden" name="returnTo" value={returnTo} />}
      <SubmitButton className="w-full" variant={primary ? "primary" : "secondary"} pendingLabel="Opening checkout…">
        {label}
      </SubmitButton>
    </form>
  );
}

export function BillingPortalButton() {
  const [state, action] = useActionState(billingPortalAction, idleForm);
  return (
    <form action={action} className="space-y-2">
      {state.status === "error" && <Notice tone="danger">{state.message}</Notice>}
      <SubmitButton variant="secondary" pendingLabel="Opening…">
        Manage billing in Stripe
      </SubmitButton>
    </form>
  );
}
