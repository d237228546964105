"use client";

import { useActionState } from "react";
import { Notice, SubmitButton, TextField } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { webhookEventTypes } from "@/lib/schemas/webhook-event-types";
import { createWebhookAction } from "./actions";
import { eventLabels } from "./event-labels";
import { SecretNotice } from "./secret-notice";

export function CreateWebhookForm() {
  const [state, action] = useActionState(createWebhookAction, idleForm);
  const created = state.status === "success" ? (state.data as { secret: string; url: string }) : undefined;
  const eventsError = state.fieldErrors?.events;
  return (
    <div className="space-y-4">
      {created && <SecretNotice title={`Endpoint added: ${created.url}`} secret={created.secret} />}
      {state.status === "error" && state.message && !state.fieldErrors?.url && !eventsError && (
        <Notice tone="danger">{state.message}</Notice>
      )}
      <form action={action} className="space-y-4" noValidate>
        <TextField
          label="Endpoint URL"
          name="url"
          required
          maxLength={2000}
          placeholder="https://example.com/hooks/launchloop"
          hint="A public https address. Launchloop POSTs each event to it, signed."
          defaultValue={created ? "" : state.values?.url}
          key={created?.secret}
          error={state.fieldErrors?.url}
        />
        <fieldset aria-describedby={eventsError ? "events-error" : undefined}>
          <legend className="text-sm font-medium text-ink">Events to send</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {webhookEventTypes.map((type) => (
              <label key={type} className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="events" value={type} defaultChecked className="mt-1" />
                <span>
                  <code className="text-xs">{type}</code>
                  <span className="block text-muted">{eventLabels[type]}</span>
                </span>
              </label>
            ))}
          </div>
          {eventsError && (
            <p id="events-error" role="alert" className="mt-1 text-sm text-danger">
              Choose at least one event.
            </p>
          )}
        </fieldset>
        <SubmitButton pendingLabel="Adding…">Add endpoint</SubmitButton>
      </form>
    </div>
  );
}
