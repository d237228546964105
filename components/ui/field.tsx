import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { Counter } from "./counter";
import { cx } from "./cx";
import { Input, Textarea } from "./input";

/** What a field gives its control so the label, hint and error are announced with it. */
export interface ControlProps {
  id: string;
  name: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
  required?: boolean;
  maxLength?: number;
}

export interface FieldProps {
  label: ReactNode;
  name: string;
  /** Defaults to `field-<name>`. */
  id?: string;
  hint?: ReactNode;
  /** The server's message for this field; shown under it and announced. */
  error?: string;
  required?: boolean;
  /** Shows a live character counter against this maximum. */
  maxLength?: number;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled form field: label, control, hint, error (aria-describedby + role=alert) and optional counter. */
export function Field({ label, name, id = `field-${name}`, hint, error, required, maxLength, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const counterId = maxLength ? `${id}-counter` : undefined;
  const describedBy = [errorId, hintId, counterId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("space-y-1.5", className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
          {required && <span className="text-muted"> (required)</span>}
        </label>
        {maxLength && <Counter id={counterId!} inputId={id} max={maxLength} />}
      </div>
      {children({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, required, maxLength })}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<FieldProps, "children"> & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">;

/** A one-line text field. */
export function TextField({ label, name, id, hint, error, required, maxLength, className, ...input }: TextFieldProps) {
  return (
    <Field {...{ label, name, id, hint, error, required, maxLength, className }}>
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}

type TextAreaFieldProps = Omit<FieldProps, "children"> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">;

/** A multi-line text field. */
export function TextAreaField({ label, name, id, hint, error, required, maxLength, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Field {...{ label, name, id, hint, error, required, maxLength, className }}>
      {(control) => <Textarea {...control} {...textarea} />}
    </Field>
  );
}
