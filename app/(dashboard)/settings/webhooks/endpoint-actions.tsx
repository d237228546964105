"use client";

import { useActionState, useEffect } from "react";
import { ConfirmRevoke } from "@/components/confirm-revoke";
import { Notice, SubmitButton, useToast } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { deleteWebhookAction, redeliverWebhookAction, rotateWebhookSecretAction, toggleWebhookAction } from "./actions";
import { SecretNotice } from "./secret-notice";

function useToastOnSuccess(state: { status: string; message?: string }) {
  const toast = useToast();
  useEffect(() => {
    if (state.status === "success" && state.message) toast(state.message);
  }, [state, toast]);
}

/** Turn off or on, rotate the secret (the new one shown once), delete. */
export function EndpointActions({ endpointId, url, enabled }: { endpointId: string; url: string; enabled: boolean }) {
  const [toggled, toggle] = useActionState(toggleWebhookAction, idleForm);
  const [rotated, rotate] = useActionState(rotateWebhookSecretAction, idleForm);
  useToastOnSuccess(toggled);
  const secret = rotated.status === "success" ? (rotated.data as { secret: string }).secret : undefined;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <form action={toggle}>
          <input type="hidden" name="endpointId" value={endpointId} />
          <input type="hidden" name="enabled" value={String(!enabled)} />
          <SubmitButton variant="secondary" size="sm" aria-label={`${enabled ? "Turn off" : "Turn on"} ${url}`}>
            {enabled ? "Turn off" : "Turn on"}
          </SubmitButton>
        </form>
        <form action={rotate}>
          <input type="hidden" name="endpointId" value={endpointId} />
          <SubmitButton variant="secondary" size="sm" pendingLabel="Rotating…" aria-label={`Rotate the secret of ${url}`}>
            Rotate secret
          </SubmitButton>
        </form>
        <ConfirmRevoke
          action={deleteWebhookAction}
          field={{ name: "endpointId", value: endpointId }}
          trigger={{ label: "Delete", ariaLabel: `Delete the endpoint ${url}` }}
          title="Delete this endpoint?"
          description={`Nothing more is sent to ${url}, and its delivery history is deleted. This cannot be undone.`}
          submit={{ label: "Delete endpoint", pendingLabel: "Deleting…" }}
        />
      </div>
      {toggled.status === "error" && <Notice tone="danger">{toggled.message}</Notice>}
      {rotated.status === "error" && <Notice tone="danger">{rotated.message}</Notice>}
      {secret && <SecretNotice title="New secret (the previous one still signs for 24 hours)" secret={secret} />}
    </div>
  );
}

/** Sends one delivery again now, with the same webhook-id. */
export function RedeliverButton({ deliveryId, label }: { deliveryId: string; label: string }) {
  const [state, action] = useActionState(redeliverWebhookAction, idleForm);
  useToastOnSuccess(state);
  return (
    <form action={action} className="inline">
      <input type="hidden" name="deliveryId" value={deliveryId} />
      <SubmitButton variant="secondary" size="sm" pendingLabel="Sending…" aria-label={`Redeliver ${label}`}>
        Redeliver
      </SubmitButton>
      {state.status === "error" && <span className="ml-2 text-sm text-danger">{state.message}</span>}
    </form>
  );
}
