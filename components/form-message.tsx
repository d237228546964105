import type { FormState } from "@/lib/actions/form-state";
import { Notice } from "./ui";

/** A form's overall outcome, announced when it changes. */
export function FormMessage({ state }: { state: FormState }) {
  if (!state.message) return null;
  return <Notice tone={state.status === "error" ? "danger" : "success"}>{state.message}</Notice>;
}
