"use client";

import { ConfirmRevoke } from "@/components/confirm-revoke";
import { revokeKeyAction } from "../actions";

export function RevokeKeyButton({ keyId, name, prefix }: { keyId: string; name: string; prefix: string }) {
  return (
    <ConfirmRevoke
      action={revokeKeyAction}
      field={{ name: "keyId", value: keyId }}
      trigger={{ label: "Revoke", ariaLabel: `Revoke the key ${name}` }}
      title={`Revoke “${name}”?`}
      description={`Anything using the key starting ${prefix}… stops working at once. This cannot be undone.`}
      submit={{ label: "Revoke key", pendingLabel: "Revoking…" }}
    />
  );
}
