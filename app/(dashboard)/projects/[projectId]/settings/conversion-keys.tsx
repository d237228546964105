"use client";

import { useState } from "react";
import { ConfirmRevoke } from "@/components/confirm-revoke";
import { CredentialTable } from "@/components/credential-table";
import { Button, CopyButton } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import type { FormState } from "@/lib/actions/form-state";
import type { ActionResult } from "@/lib/actions/run-operation";

interface IngestKey {
  id: string;
  kind: "secret" | "publishable";
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The project's conversion keys: a server key made here (shown once), every key listed and revocable. */
export function ConversionKeys({
  keys,
  makeServerKey,
  revoke,
}: {
  keys: IngestKey[];
  makeServerKey: () => Promise<ActionResult<{ key: string }>>;
  revoke: (previous: FormState, formData: FormData) => Promise<FormState>;
}) {
  const [shown, setShown] = useState<string | null>(null);
  const { pending, error, run } = useOperationAction();
  return (
    <div className="space-y-4">
      {keys.length > 0 && (
        <CredentialTable
          caption="The project's conversion keys"
          headings={{ name: "Name", detail: "Key", createdAt: "Created" }}
          credentials={keys.map((key) => ({
            ...key,
            name: (
              <span className="font-medium">
                {key.name}{" "}
                <span className="text-xs font-normal text-muted">({key.kind === "secret" ? "server" : "website"})</span>
              </span>
            ),
            detail: <code className="text-xs">{key.prefix}…</code>,
            revoke: (
              <ConfirmRevoke
                action={revoke}
                field={{ name: "keyId", value: key.id }}
                trigger={{ label: "Revoke", ariaLabel: `Revoke the conversion key ${key.name}` }}
                title={`Revoke “${key.name}”?`}
                description={`Conversions sent with the key starting ${key.prefix}… are refused from now on. Those it reported stay.`}
                submit={{ label: "Revoke key", pendingLabel: "Revoking…" }}
              />
            ),
          }))}
        />
      )}
      {shown ? (
        <div className="space-y-2">
          <p className="text-sm">
            Your server key, shown once: send it as <code className="font-mono text-xs">Authorization: Bearer …</code> to{" "}
            <code className="font-mono text-xs">POST /api/v1/projects/…/conversions</code>. It can report conversions and nothing
            else.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <code className="rounded bg-canvas px-2 py-1 font-mono text-xs break-all" data-testid="new-conversion-key">
              {shown}
            </code>
            <CopyButton value={shown} label="Copy key" />
          </div>
        </div>
      ) : (
        <Button variant="secondary" disabled={pending} onClick={() => void run(makeServerKey, (data) => setShown(data.key))}>
          {pending ? "Making a key…" : "Make a server key"}
        </Button>
      )}
      {error && <p className="text-sm text-danger">{error}</p>}
    </div>
  );
}
