"use client";

import { useState } from "react";
import { Swatches } from "@/components/project/decision-choices";
import { Button, Notice, TextAreaField, TextField, useToast } from "@/components/ui";
import { useOperationAction } from "@/components/use-operation-action";
import { describeError } from "@/lib/actions/form-state";
import type { Decisions } from "@/lib/schemas/project";
import { saveDecisions } from "./actions";

const fields = [
  "positioningName",
  "positioningStatement",
  "valueAngle",
  "valueStatement",
  "brandName",
  "tagline",
  "colorPalette",
] as const;
type Values = Record<(typeof fields)[number], string>;

const valuesOf = (decisions: Decisions): Values => ({
  positioningName: decisions.positioning?.name ?? "",
  positioningStatement: decisions.positioning?.statement ?? "",
  valueAngle: decisions.valueProposition?.angle ?? "",
  valueStatement: decisions.valueProposition?.statement ?? "",
  brandName: decisions.brandName ?? "",
  tagline: decisions.tagline ?? "",
  colorPalette: decisions.colorPalette ?? "",
});

/** The decisions as the API takes them: filled members only (an empty field keeps the stored one). */
function decisionsOf(values: Values) {
  const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as Values;
  return {
    ...((trimmed.positioningName || trimmed.positioningStatement) && {
      positioning: { name: trimmed.positioningName, statement: trimmed.positioningStatement },
    }),
    ...((trimmed.valueAngle || trimmed.valueStatement) && {
      valueProposition: { angle: trimmed.valueAngle, statement: trimmed.valueStatement },
    }),
    ...(trimmed.brandName && { brandName: trimmed.brandName }),
    ...(trimmed.tagline && { tagline: trimmed.tagline }),
    ...(trimmed.colorPalette && { colorPalette: trimmed.colorPalette }),
  };
}

const fieldOfPath: Record<string, keyof Values> = {
  "positioning.name": "positioningName",
  "positioning.statement": "positioningStatement",
  "valueProposition.angle": "valueAngle",
  "valueProposition.statement": "valueStatement",
  brandName: "brandName",
  tagline: "tagline",
  colorPalette: "colorPalette",
};

/** Colors named in a palette decision ("Ink #17181c, Sky #4b9fe0"), for swatches. */
function colorsOf(palette: string) {
  return [...palette.matchAll(/([^,#]*?)\s*(#[0-9a-f]{6}|#[0-9a-f]{3})\b/gi)].map((match) => ({
    name: match[1]!.trim() || match[2]!,
    hex: match[2]!,
  }));
}

/** The founder's decisions, editable; checked by the API's decisions schema here and again on the server. */
export function DecisionsForm({ projectId, decisions }: { projectId: string; decisions: Decisions }) {
  const [values, setValues] = useState(() => valuesOf(decisions));
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [message, setMessage] = useState<string>();
  const toast = useToast();
  const { pending, run } = useOperationAction();
  const bind = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    const body = decisionsOf(values);
    // The schema (and zod with it) loads on the first save rather than with the page.
    const loaded = await Promise.all([import("@/lib/schemas/project"), import("@/components/project/wizard-steps")]).catch(
      () => undefined,
    );
    if (!loaded) return setMessage("The connection dropped before the form could check your decisions. Try again.");
    const [{ decisionsSchema }, { issueMessage }] = loaded;
    const parsed = decisionsSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Values> = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOfPath[issue.path.join(".")];
        if (field) found[field] ??= issueMessage({ ...issue, path: [field] } as never);
      }
      setErrors(found);
      setMessage("Some decisions need another look.");
      return;
    }
    setErrors({});
    run(
      () => saveDecisions(projectId, body),
      () => toast("Decisions saved. The playbook and the next drafts follow them."),
      { onFailure: ({ error, retryAfterSeconds }) => setMessage(describeError(error, retryAfterSeconds)) },
    );
  };

  const colors = colorsOf(values.colorPalette);
  return (
    <form onSubmit={save} className="space-y-4" noValidate>
      <TextField label="Brand name" maxLength={200} {...bind("brandName")} />
      <TextAreaField label="Tagline" maxLength={1000} rows={2} {...bind("tagline")} />
      <TextField label="Positioning name" maxLength={200} {...bind("positioningName")} />
      <TextAreaField label="Positioning statement" maxLength={1000} rows={3} {...bind("positioningStatement")} />
      <TextField label="Value proposition angle" maxLength={200} {...bind("valueAngle")} />
      <TextAreaField label="Value proposition" maxLength={1000} rows={3} {...bind("valueStatement")} />
      <TextField
        label="Color palette"
        maxLength={200}
        hint="Names and hex codes, e.g. Ink #17181c, Sky #4b9fe0."
        {...bind("colorPalette")}
      />
      {colors.length > 0 && <Swatches colors={colors} />}
      {message && <Notice tone="danger">{message}</Notice>}
      {/* Stays at the bottom of the window while the form runs past it: saving never needs a scroll. */}
      <div className="sticky bottom-0 z-10 -mx-1 bg-surface px-1 py-3">
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Saving…" : "Save decisions"}
        </Button>
      </div>
    </form>
  );
}
