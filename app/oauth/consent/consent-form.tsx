"use client";

import { useActionState } from "react";
import { Notice, SubmitButton } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { answerAuthorizationAction } from "./actions";

/** Allow / Deny, carrying the authorization request back to the server, which checks it again. */
export function ConsentForm({ params, clientName }: { params: Record<string, string>; clientName: string }) {
  const [state, action] = useActionState(answerAuthorizationAction, idleForm);
  return (
    <form action={action} className="space-y-4">
      {state.status === "error" && <Notice tone="danger">{state.message}</Notice>}
      {Object.entries(params).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <SubmitButton name="decision" value="deny" variant="secondary" aria-label={`Deny ${clientName}`}>
          Deny
        </SubmitButton>
        <SubmitButton name="decision" value="allow" aria-label={`Allow ${clientName}`}>
          Allow
        </SubmitButton>
      </div>
    </form>
  );
}
