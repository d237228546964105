"use client";

import { useActionState, useEffect } from "react";
import { Button, Dialog, Notice, SubmitButton, useToast } from "@/components/ui";
import { idleForm } from "@/lib/actions/form-state";
import { revokeConnectedAppAction } from "./actions";

export function RevokeAppButton({ grantId, name }: { grantId: string; name: string }) {
  const [state, action] = useActionState(revokeConnectedAppAction, idleForm);
  const toast = useToast();
  useEffect(() => {
    if (state.status === "success" && state.message) toast(state.message);
  }, [state, toast]);
  return (
    <Dialog
      trigger={{ label: "Disconnect", variant: "secondary", size: "sm", "aria-label": `Disconnect ${name}` }}
      title={`Disconnect “${name}”?`}
      description="Its next call to Launchloop is refused. To use it again, connect it again."
    >
      {(close) => (
        <form action={action} className="space-y-4">
          {state.status === "error" && <Notice tone="danger">{state.message}</Notice>}
          <input type="hidden" name="grantId" value={grantId} />
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <SubmitButton variant="danger" pendingLabel="Disconnecting…">
              Disconnect
            </SubmitButton>
          </div>
        </form>
      )}
    </Dialog>
  );
}
