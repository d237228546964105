"use client";

import { useState } from "react";

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
      <div className="card">
        <p><strong>Your API key</strong> (shown once: copy it now)</p>
        <pre data-testid="api-key">{state.key}</pre>
      </div>
    );
  }
  return (
    <div className="card">
      <button onClick={createKey} disabled={state.kind === "busy"}>
        {state.kind === "busy" ? "Confirming…" : "Confirm my e-mail and create my API key"}
      </button>
      {state.kind === "failed" && <p className="error">{state.message}</p>}
    </div>
  );
}
