import type { ErrorEnvelope } from "@/lib/errors";

/** What a form's server action hands back to the form (useActionState): errors by field, a sentence, the values to keep. */
export interface FormState {
  status: "idle" | "error" | "success";
  /** One plain sentence for the whole form (and its next step). */
  message?: string;
  fieldErrors?: Record<string, string>;
  /** What the founder typed, so a failed submit loses nothing (never passwords). */
  values?: Record<string, string>;
  /** Data a successful action shows once (e.g. a new API key). */
  data?: Record<string, unknown>;
}

export const idleForm: FormState = { status: "idle" };

/** A text value from a submitted form (absent or a file counts as empty). */
export function formText(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** The envelope as a plain sentence with a next step, for people rather than programs. */
export function describeError(error: ErrorEnvelope, retryAfterSeconds?: number): string {
  switch (error.code) {
    case "invalid_request":
      return "Some fields need another look.";
    case "rate_limited":
    case "write_limit":
    case "daily_run_limit":
      return retryAfterSeconds ? `${error.error} Try again in ${minutes(retryAfterSeconds)} minutes.` : `${error.error} Try again a little later.`;
    case "upgrade_required":
      return `${error.error} Upgrade in Settings → Billing to continue.`;
    case "unauthorized":
      // The API's generic "send a bearer key" means nothing in a browser; a sign-in failure keeps its own words.
      return error.error.startsWith("A valid API key") ? "Your session has ended. Sign in again to continue." : error.error;
    case "internal_error":
      return "Something went wrong on our side. Nothing was lost; try again in a moment.";
    default:
      return error.error;
  }
}

/** Field errors from an `invalid_request` envelope, keyed by the top-level field (body.email → email). */
export function fieldErrorsOf(error: ErrorEnvelope): Record<string, string> {
  const issues = Array.isArray(error.issues) ? (error.issues as Array<{ path: string; message: string }>) : [];
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.split(".")[0] || "form";
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The form state for a failed operation. */
export function failedForm(failure: { error: ErrorEnvelope; retryAfterSeconds?: number }, values?: Record<string, string>): FormState {
  return { status: "error", message: describeError(failure.error, failure.retryAfterSeconds), fieldErrors: fieldErrorsOf(failure.error), values };
}
