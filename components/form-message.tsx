"use client";

import { useEffect } from "react";
import type { FormState } from "@/lib/actions/form-state";
import { Notice, useToast } from "./ui";

/**
 * A form's overall outcome, announced when it changes: an error as a notice by the form; a
 * success too, or, with `successAsToast` (dashboard forms), as the one toast every result uses.
 */
export function FormMessage({ state, successAsToast = false }: { state: FormState; successAsToast?: boolean }) {
  const toast = useToast();
  const toasted = successAsToast && state.status === "success" ? state.message : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each submission's state is a new object, toasted once
  useEffect(() => {
    if (toasted) toast(toasted);
  }, [state, toasted, toast]);
  if (!state.message || toasted) return null;
  return <Notice tone={state.status === "error" ? "danger" : "success"}>{state.message}</Notice>;
}
