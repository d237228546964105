"use client";

import type { ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { Button, type ButtonProps } from "./button";

/** A form's submit button: disabled and relabelled while the form is being sent. */
export function SubmitButton({ children, pendingLabel, ...props }: ButtonProps & { pendingLabel?: ReactNode }) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" disabled={pending || props.disabled} aria-disabled={pending || undefined} {...props}>
      {pending ? (pendingLabel ?? children) : children}
    </Button>
  );
}
