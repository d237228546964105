"use client";

import { type ReactNode, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";
import { Modal } from "./modal";

export interface DialogProps {
  /** The button that opens the dialog. */
  trigger: { label: ReactNode; variant?: ButtonVariant; size?: ButtonSize; "aria-label"?: string };
  title: ReactNode;
  description?: ReactNode;
  /** The dialog's content; `close` dismisses it (e.g. after a successful action). */
  children: ReactNode | ((close: () => void) => ReactNode);
}

/** A button that opens a `Modal` (focus trapped, Escape and the backdrop close it, focus returns to the button). */
export function Dialog({ trigger, title, description, children }: DialogProps) {
  const [open, setOpen] = useState(false);
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
      <Modal open={open} onClose={close} title={title} description={description}>
        {typeof children === "function" ? children(close) : children}
      </Modal>
    </>
  );
}
