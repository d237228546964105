"use client";

import { useActionState } from "react";
import { CopyButton, Notice, SubmitButton, TextField } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { createKeyAction } from "../actions";

export function CreateKeyForm() {
  const [state, action] = useActionState(createKeyAction, idleForm);
  const created = state.status === "success" ? (state.data as { key: string; name: string }) : undefined;
  return (
    <div className="space-y-4">
      {created && (
        <Notice tone="success" title={`Your new key “${created.name}”`}>
          <p>
            Copy it now: it is shown only this once. Use it as <code>Authorization: Bearer &lt;key&gt;</code>.
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <code
              data-testid="new-api-key"
              className="min-w-0 flex-1 rounded-md border border-line bg-surface px-3 py-2 text-xs break-all"
            >
              {created.key}
            </code>
            <CopyButton value={created.key} label="Copy key" />
          </div>
        </Notice>
      )}
      {state.status === "error" && state.message && !state.fieldErrors?.name && <Notice tone="danger">{state.message}</Notice>}
      <form action={action} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
        <TextField
          className="flex-1"
          label="Key name"
          name="name"
          required
          maxLength={80}
          placeholder="e.g. laptop, CI, Claude"
          hint="A label to recognise the key by later."
          defaultValue={created ? "" : state.values?.name}
          key={created?.key}
          error={state.fieldErrors?.name}
        />
        <SubmitButton className="sm:mt-7" pendingLabel="Creating…">
          Create key
        </SubmitButton>
      </form>
    </div>
  );
}
