"use client";

import { useState } from "react";
import { Notice } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import type { ActionResult } from "@/lib/actions/run-operation";
import { type AlertKind, alertKinds } from "@/lib/schemas/alert-kinds";
import { alertKindLabel } from "./labels";

/** One switch per alert kind: on, it is e-mailed and shown on the dashboard; off, neither. Saved as it changes. */
export function AlertPreferencesForm({
  preferences,
  save,
}: {
  preferences: Record<AlertKind, boolean>;
  save: (changes: Partial<Record<AlertKind, boolean>>) => Promise<ActionResult<unknown>>;
}) {
  const [current, setCurrent] = useState(preferences);
  const { pending, error, run } = useOperationAction();
  const toggle = async (kind: AlertKind, on: boolean) => {
    setCurrent((before) => ({ ...before, [kind]: on }));
    const saved = await run(() => save({ [kind]: on }));
    if (!saved) setCurrent((before) => ({ ...before, [kind]: !on }));
  };
  return (
    <fieldset className="space-y-4" disabled={pending}>
      <legend className="sr-only">Alerts</legend>
      {error && <Notice tone="danger">{error}</Notice>}
      {alertKinds.map((kind) => (
        <label key={kind} className="flex items-start gap-3 text-[15px]">
          <input
            type="checkbox"
            name={kind}
            className="mt-1 size-4"
            checked={current[kind]}
            onChange={(event) => void toggle(kind, event.target.checked)}
          />
          <span>
            <span className="font-medium">{alertKindLabel[kind].title}</span>
            <span className="block text-sm text-muted">{alertKindLabel[kind].description}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
