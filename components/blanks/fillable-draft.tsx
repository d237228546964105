"use client";

import { type FormEvent, type MouseEvent, type ReactNode, useState } from "react";
import { Button, Field, Modal, Textarea } from "@/components/ui";
import { findBlanks } from "@/lib/drafts/blanks";

/**
 * A draft whose blanks ("[add: …]") are buttons: one opens a small form asking for what
 * the blank needs, and `onFill` saves the draft with it (an error message, or nothing on success).
 * `children` draw the draft with its blanks as those buttons (Markdown with `fillable`, or
 * BlankText): the caller picks, so a page that never shows Markdown never loads its parser.
 * Without `body` (a draft rendered on the server), a blank says what it asks for in its own text.
 */
export function FillableDraft({
  body,
  onFill,
  children,
}: {
  body?: string;
  onFill: (index: number, value: string) => Promise<string | undefined>;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<{ index: number; what: string }>();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const choose = (event: MouseEvent<HTMLDivElement>) => {
    const chip = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-blank]");
    if (!chip) return;
    const index = Number(chip.dataset.blank);
    const what = findBlanks(body ?? chip.textContent ?? "")[body === undefined ? 0 : index]?.what;
    if (what === undefined) return;
    setValue("");
    setError(undefined);
    setOpen({ index, what });
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!open) return;
    if (!value.trim()) return setError("Write what goes here, or close this.");
    setPending(true);
    void onFill(open.index, value)
      .then((failure) => (failure ? setError(failure) : setOpen(undefined)))
      .catch(() => setError("The connection dropped before an answer came back. Try again."))
      .finally(() => setPending(false));
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks to the blank buttons inside the rendered draft
    // biome-ignore lint/a11y/useKeyWithClickEvents: the blanks are real buttons, Enter and Space click them
    <div onClick={choose}>
      {children}
      <Modal
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        title="Fill in a blank"
        description={
          open && (
            <>
              The draft asks for: <strong>{open.what}</strong>
            </>
          )
        }
      >
        <form onSubmit={save} className="space-y-4">
          <Field label="What goes here" name="blank-value" maxLength={2000} error={error}>
            {(control) => (
              <Textarea {...control} rows={3} value={value} onChange={(event) => setValue(event.target.value)} autoFocus />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(undefined)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving…" : "Save"}
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
