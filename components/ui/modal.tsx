"use client";

import { type ReactNode, useEffect, useId, useRef, useState } from "react";

/**
 * A modal dialog opened by its owner (not by its own trigger button): the native <dialog>
 * traps focus, closes on Escape and on a click on the backdrop, and gives focus back.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The <dialog> exists from its first opening on (a page with a dozen closed ones sent them all in its HTML).
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  if (!used) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard equivalent, handled by <dialog> itself
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onClick={(event) => event.target === ref.current && onClose()}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-[var(--radius-card)] border border-line bg-surface p-0 text-ink shadow-[var(--shadow-pop)] backdrop:bg-ink/40"
    >
      {open && (
        <div className="space-y-4 p-6">
          <div className="space-y-1">
            <h2 id={titleId} className="text-lg font-semibold tracking-tight">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="text-sm text-muted">
                {description}
              </div>
            )}
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
