"use client";

import { useState } from "react";
import { Button, CopyButton, Notice } from "./ui";

type State = { kind: "idle" } | { kind: "busy" } | { kind: "done"; key: string } | { kind: "failed"; message: string };

/** Exchanges the e-mail's token for an API key and shows the key once. */
export function KeyBootstrapForm({ tokenHash }: { tokenHash: string }) {
  const [state, setState] = useState<State>({ kind: "idle" });

  async function createKey() {
    setState({ kind: "busy" });
    const response = await fetch("/api/v1/keys/bootstrap", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ tokenHash }),
    });
    const body = await response.json().catch(() => ({}));
    setState(response.ok ? { kind: "done", key: body.key } : { kind: "failed", message: body.error ?? "Something went wrong." });
  }

  if (state.kind === "done") {
    return (
      <div className="space-y-2 text-left">
        <Notice tone="success" title="Your API key">
          Shown once: copy it now and keep it somewhere safe.
        </Notice>
        <div className="flex items-center gap-2">
          <pre data-testid="api-key" className="m-0 flex-1 text-xs">
            {state.key}
          </pre>
          <CopyButton value={state.key} />
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <Button variant="secondary" className="w-full" onClick={createKey} disabled={state.kind === "busy"}>
        {state.kind === "busy" ? "Confirming…" : "Confirm my e-mail and create my API key"}
      </Button>
      {state.kind === "failed" && <Notice tone="danger">{state.message}</Notice>}
    </div>
  );
}
