"use client";

import { ConfirmRevoke } from "@/components/confirm-revoke";
import { revokeConnectedAppAction } from "./actions";

export function RevokeAppButton({ grantId, name }: { grantId: string; name: string }) {
  return (
    <ConfirmRevoke
      action={revokeConnectedAppAction}
      field={{ name: "grantId", value: grantId }}
      trigger={{ label: "Disconnect", ariaLabel: `Disconnect ${name}` }}
      title={`Disconnect “${name}”?`}
      description="Its next call to Launchloop is refused. To use it again, connect it again."
      submit={{ label: "Disconnect", pendingLabel: "Disconnecting…" }}
    />
  );
}
