"use client";

import { useActionState, useEffect } from "react";
import { Button, Dialog, Notice, SubmitButton, useToast } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { revokeKeyAction } from "../actions";

export function RevokeKeyButton({ keyId, name, prefix }: { keyId: string; name: string; prefix: string }) {
  const [state, action] = useActionState(revokeKeyAction, idleForm);
  const toast = useToast();
  useEffect(() => {
    if (state.status === "success" && state.message) toast(state.message);
  }, [state, toast]);
  return (
    <Dialog
      trigger={{ label: "Revoke", variant: "secondary", size: "sm", "aria-label": `Revoke the key ${name}` }}
      title={`Revoke “${name}”?`}
      description={`Anything using the key starting ${prefix}… stops working at once. This cannot be undone.`}
    >
      {(close) => (
        <form action={action} className="space-y-4">
          {state.status === "error" && <Notice tone="danger">{state.message}</Notice>}
          <input type="hidden" name="keyId" value={keyId} />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <SubmitButton variant="danger" pendingLabel="Revoking…">
              Revoke key
            </SubmitButton>
          </div>
        </form>
      )}
    </Dialog>
  );
}
