"use client";

import { useActionState } from "react";
import { Notice, SubmitButton } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { billingPortalAction, checkoutAction } from "../actions";

export function UpgradeButton({ plan, label, primary }: { plan: "pro" | "studio"; label: string; primary?: boolean }) {
  const [state, action] = useActionState(checkoutAction, idleForm);
  return (
    <form action={action} className="space-y-2">
      {state.status === "error" && <Notice tone="danger">{state.message}</Notice>}
      <input type="hidden" name="plan" value={plan} />
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
