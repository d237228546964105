"use client";

import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

export interface DialogProps {
  /** The button that opens the dialog. */
  trigger: { label: ReactNode; variant?: ButtonVariant; size?: ButtonSize; "aria-label"?: string };
  title: ReactNode;
  description?: ReactNode;
  /** The dialog's content; `close` dismisses it (e.g. after a successful action). */
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * A modal dialog on the native <dialog> element: focus moves in and is trapped, Escape
 * closes it, and focus returns to the trigger.
 */
export function Dialog({ trigger, title, description, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const close = () => setOpen(false);
  return (
    <>
      <Button
        variant={trigger.variant ?? "secondary"}
        size={trigger.size}
        aria-label={trigger["aria-label"]}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {trigger.label}
      </Button>
      {/* A click on the backdrop closes it; keyboard users have Escape, native to <dialog>. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard equivalent, handled by <dialog> itself */}
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onClose={close}
        onClick={(event) => event.target === ref.current && close()}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-[var(--radius-card)] border border-line bg-surface p-0 text-ink shadow-[var(--shadow-pop)] backdrop:bg-ink/40"
      >
        {open && (
          <div className="space-y-4 p-6">
            <div className="space-y-1">
              <h2 id={titleId} className="text-lg font-semibold tracking-tight">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="text-sm text-muted">
                  {description}
                </p>
              )}
            </div>
            {typeof children === "function" ? children(close) : children}
          </div>
        )}
      </dialog>
    </>
  );
}
