"use client";

import { CopyButton, Notice } from "@/components/ui";

/** A signing secret shown once, with its copy button. */
export function SecretNotice({ title, secret }: { title: string; secret: string }) {
  return (
    <Notice tone="success" title={title}>
      <p>
        Copy the signing secret now: it is shown only this once. Use it to check the <code>webhook-signature</code> header.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          data-testid="new-webhook-secret"
          className="min-w-0 flex-1 rounded-md border border-line bg-surface px-3 py-2 text-xs break-all"
        >
          {secret}
        </code>
        <CopyButton value={secret} label="Copy secret" />
      </div>
    </Notice>
  );
}
