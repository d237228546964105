import { TextField } from "@/components/ui";
import type { FormState } from "@/lib/actions/form-state";

/** The e-mail address of the auth forms: kept after a refused submit, with its field error. */
export function EmailField({ state }: { state: FormState }) {
  return (
    <TextField
      label="E-mail"
      name="email"
      type="email"
      autoComplete="email"
      required
      defaultValue={state.values?.email}
      error={state.fieldErrors?.email}
    />
  );
}
