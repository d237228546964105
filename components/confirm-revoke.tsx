"use client";

import { useActionState, useEffect } from "react";
import { Button, Dialog, Notice, SubmitButton, useToast } from "@/components/ui";
import { type FormState, idleForm } from "@/lib/actions/form-state";

/**
 * A "revoke" that asks first: a dialog whose form posts one hidden id to the server action,
 * shows a refusal in place and a success as a toast. API keys and connected apps use it.
 */
export function ConfirmRevoke({
  action,
  field,
  trigger,
  title,
  description,
  submit,
}: {
  action: (previous: FormState, formData: FormData) => Promise<FormState>;
  field: { name: string; value: string };
  trigger: { label: string; ariaLabel: string };
  title: string;
  description: string;
  submit: { label: string; pendingLabel: string };
}) {
  const [state, formAction] = useActionState(action, idleForm);
  const toast = useToast();
  useEffect(() => {
    if (state.status === "success" && state.message) toast(state.message);
  }, [state, toast]);
  return (
    <Dialog
      trigger={{ label: trigger.label, variant: "secondary", size: "sm", "aria-label": trigger.ariaLabel }}
      title={title}
      description={description}
    >
      {(close) => (
        <form action={formAction} className="space-y-4">
          {state.status === "error" && <Notice tone="danger">{state.message}</Notice>}
          <input type="hidden" name={field.name} value={field.value} />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <SubmitButton variant="danger" pendingLabel={submit.pendingLabel}>
              {submit.label}
            </SubmitButton>
          </div>
        </form>
      )}
    </Dialog>
  );
}
