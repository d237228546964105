import { type ErrorCode, type ErrorEnvelope, errorCodes } from "@/lib/errors";

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

/** "in 5 h 12 min": a wait as a founder reads it. */
export function waitOf(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const reload = (what: string) => (error: ErrorEnvelope) => `${error.error} Reload ${what}.`;

type Sentence = (error: ErrorEnvelope, retryAfterSeconds?: number) => string;

/**
 * Every error code a founder can meet in the dashboard, as a plain sentence with the next
 * step: the one table the browser face reads (by code, never by the message's text). A
 * code it does not name shows the envelope's own message.
 */
const sentences: Partial<Record<ErrorCode, Sentence>> = {
  // The service's own sentence where it said one ("The logo must be a PNG, JPEG or WebP image."); with issues, the fields say why.
  invalid_request: (error) =>
    issuesOf(error).length === 0 && error.error && error.error !== errorCodes.invalid_request.message
      ? error.error
      : "Some fields need another look.",
  rate_limited: (error, wait) =>
    wait ? `${error.error} Try again in ${minutes(wait)} minutes.` : `${error.error} Try again a little later.`,
  write_limit: (_, wait) =>
    `You have reached the hourly limit for edits.${wait ? ` Try again in ${waitOf(wait)}.` : ""} Nothing you typed is lost: keep this page open.`,
  daily_run_limit: (_, wait) =>
    `You have used all of today's drafts on your plan.${wait ? ` It resets at midnight UTC, in ${waitOf(wait)}.` : " It resets at midnight UTC."} Upgrade for more drafts a day.`,
  upgrade_required: (error) => `${error.error} Upgrade in Settings → Billing to continue.`,
  // The API's "send a bearer key" means nothing in a browser: there it is a session that ended.
  unauthorized: () => "Your session has ended. Sign in again to continue.",
  internal_error: () => "Something went wrong on our side. Nothing was lost; try again in a moment.",
  not_found: () => "This is no longer there (it may have been deleted). Reload the page.",
  agent_running: () =>
    "An agent is already running for this project, perhaps from another tab. Its progress shows here; review it when it finishes.",
  review_pending: () =>
    "This step already has a draft waiting for your review (it may have been started in another tab). Reload to read it, then approve or reject it.",
  step_mismatch: reload("to see where the pipeline is now"),
  not_confirmed: () => "Confirm the project's answers first, then run its first step.",
  run_not_reviewable: reload("to see the run's current state"),
  cycle_open: () => "A week is already open for this project. Finish it with its retro (or approve it) before planning another.",
  cycle_state: reload("the page to see it as it is now"),
  invalid_transition: reload("the page to see it as it is now"),
  pipeline_incomplete: () => "Approve all five launch steps first: they are on the project's Launch tab.",
  growth_not_started: () => "Start the growth phase first, then plan your week.",
  provider_unavailable: (error) => `${error.error} Nothing was counted; try again in a minute.`,
};

/** The envelope as a plain sentence with a next step, for people rather than programs. */
export function describeError(error: ErrorEnvelope, retryAfterSeconds?: number): string {
  return sentences[error.code as ErrorCode]?.(error, retryAfterSeconds) ?? error.error;
}

/**
 * For actions whose form shows no field errors: the sentence, with an `invalid_request`'s
 * issues spelled out after it.
 */
export function describeFailure({ error, retryAfterSeconds }: { error: ErrorEnvelope; retryAfterSeconds?: number }): string {
  const issues = issuesOf(error);
  if (error.code === "invalid_request" && issues.length) {
    const said = issues.map((issue) => (fieldName(issue.path) ? `${fieldName(issue.path)}: ${issue.message}` : issue.message));
    return `Some fields need another look. ${said.join(" ")}`;
  }
  return describeError(error, retryAfterSeconds);
}

/** A field's path as a person reads it: `body.expiresAt` → "Expires at", `parts.2` → "Parts 3". */
export function fieldName(path: string): string {
  const segments = path.split(".").filter(Boolean);
  const index = segments.at(-1)?.match(/^\d+$/) ? Number(segments.pop()) + 1 : undefined;
  const name = segments.at(-1);
  if (!name) return "";
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
  return `${words[0]!.toUpperCase()}${words.slice(1)}${index ? ` ${index}` : ""}`;
}

const issuesOf = (error: ErrorEnvelope) =>
  Array.isArray(error.issues) ? (error.issues as Array<{ path: string; message: string }>) : [];

/** Field errors from an `invalid_request` envelope, keyed by the top-level field (body.email → email). */
export function fieldErrorsOf(error: ErrorEnvelope): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issuesOf(error)) {
    const field = issue.path.split(".")[0] || "form";
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The form state for a failed operation. */
export function failedForm(
  failure: { error: ErrorEnvelope; retryAfterSeconds?: number },
  values?: Record<string, string>,
): FormState {
  return {
    status: "error",
    message: describeError(failure.error, failure.retryAfterSeconds),
    fieldErrors: fieldErrorsOf(failure.error),
    values,
  };
}
